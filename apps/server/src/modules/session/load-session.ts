import { getCapabilities } from '@ovation/shared/capabilities';
import { isProfileIncomplete } from '@ovation/shared/profile-rules';
import type { LoadSessionResponse } from '@ovation/shared/schemas/session';
import type { Db } from '../../db/db.ts';
import { unauthorized } from '../../lib/app-errors.ts';
import { findMemberProfile } from '../../core/members/member.repository.ts';
import type { ProgrammeSettings } from '../../core/settings/programme-settings.ts';
import { readMemberBalances } from '../../core/ledger/accounts.repository.ts';
import { presentProfile } from './profile.presenter.ts';

/** The signed-in member's session: profile fields of spec §3 and capabilities. */
export async function loadSession(
  db: Db,
  settings: ProgrammeSettings,
  memberId: number,
  now = new Date(),
): Promise<LoadSessionResponse> {
  const [row, config, balances] = await Promise.all([
    findMemberProfile(db, memberId),
    settings.read(['pointsName', 'clientTitle']),
    readMemberBalances(db, memberId),
  ]);
  if (!row) throw unauthorized();
  const profile = presentProfile(row, balances, config.pointsName);
  const incomplete = isProfileIncomplete(profile);
  return {
    profile,
    capabilities: getCapabilities({ ...profile, profileIncomplete: incomplete }),
    profilePicId: profile.profilePicId,
    profilePicSfx: profile.profilePicSfx,
    currentYear: now.getUTCFullYear(),
    clientTitle: config.clientTitle,
    isProfileIncomplete: incomplete,
  };
}
