import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { fieldError } from '../../lib/app-errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { SharedRateLimiter } from '../../core/limits/shared-rate-limiter.ts';
import { confirmEmailChange } from '../auth/confirm-email-change.ts';
import { retireOutstandingProofs } from '../auth/credentials.repository.ts';
import { tellOldAddress } from '../../core/members/email-changed.ts';
import { findMemberProfile, isEmailTakenByOther, updateMemberContact } from '../../core/members/member.repository.ts';
import { loadSession } from '../session/load-session.ts';
import type { ProgrammeSettings } from '../../core/settings/programme-settings.ts';
import type { SessionCache } from '../../core/sessions/session-cache.ts';

export interface ProfileUpdate {
  cellNum: string;
  email: string;
  interests: string;
  asperations: string;
  /** Needed only when the e-mail changes. */
  currentPassword?: string;
}

/** Updates the member's own contact details and get-to-know answers; returns the new session. */
export async function updateProfile(
  deps: {
    db: Db;
    settings: ProgrammeSettings;
    log: FastifyBaseLogger;
    wrongPasswords: SharedRateLimiter;
    /** Held sessions carry whether the profile is complete (the `portal` capability): forgotten after a save. */
    sessions: SessionCache;
  },
  memberId: number,
  input: ProfileUpdate,
) {
  const { db, settings, log } = deps;
  const before = await findMemberProfile(db, memberId);
  const oldEmail = before?.email ?? '';
  const emailChanges = oldEmail.toLowerCase() !== input.email.toLowerCase();
  // The e-mail is the sign-in name and the reset address: changing it needs the password. A
  // member with no address yet (made by a members file, signing in through single sign-on)
  // completes the profile with one: there is no address to move away from (decision 0085).
  if (emailChanges && oldEmail) {
    await confirmEmailChange({ db, failures: deps.wrongPasswords }, memberId, input.currentPassword);
  }
  if (await isEmailTakenByOther(db, input.email, memberId)) {
    throw fieldError('email', 'Another member already uses this e-mail address');
  }
  try {
    await db.transaction(async (tx) => {
      await updateMemberContact(tx, memberId, {
        cellNum: input.cellNum,
        email: input.email,
        interests: input.interests,
        aspirations: input.asperations,
      });
      // A reset or activation link still in the old mailbox stops working with the address.
      if (emailChanges) await retireOutstandingProofs(tx, memberId);
    });
  } catch (error) {
    // Another member took the address between the check above and this update.
    if (isUniqueViolation(error)) throw fieldError('email', 'Another member already uses this e-mail address');
    throw error;
  }
  deps.sessions.forget({ memberIds: [memberId] });
  if (emailChanges && oldEmail) {
    await tellOldAddress(db, log, { firstName: before?.firstName ?? '', oldEmail, newEmail: input.email });
  }
  return loadSession(db, settings, memberId);
}
