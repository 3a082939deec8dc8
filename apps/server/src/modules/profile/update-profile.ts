import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/app-errors.ts';
import { isEmailTakenByOther, updateMemberContact } from '../members/member.repository.ts';
import { loadSession } from '../session/load-session.ts';

export interface ProfileUpdate {
  cellNum: string;
  email: string;
  interests: string;
  asperations: string;
}

/** Updates the member's own contact details and get-to-know answers; returns the new session. */
export async function updateProfile(db: Db, memberId: number, input: ProfileUpdate) {
  if (await isEmailTakenByOther(db, input.email, memberId)) {
    throw fieldError('email', 'Another member already uses this e-mail address');
  }
  await updateMemberContact(db, memberId, {
    cellNum: input.cellNum,
    email: input.email,
    interests: input.interests,
    aspirations: input.asperations,
  });
  return loadSession(db, memberId);
}
