import type { Preferences } from '@ovation/shared/schemas/notifications';
import type { Db } from '../../db/db.ts';
import { readSettings } from '../../core/settings/settings.repository.ts';
import {
  emailPreferenceFields,
  emailPreferencesOf,
  findPreferences,
  savePreferences,
  type PreferencesValues,
} from '../../core/members/preferences.repository.ts';

function present(v: PreferencesValues, firmHides: boolean): Preferences {
  return {
    email: emailPreferencesOf(v),
    weeklyDigest: v.weeklyDigest,
    hideCelebrations: v.hideCelebrations ?? firmHides,
  };
}

const firmHidesCelebrations = async (db: Db) =>
  (await readSettings(db, ['hideCelebrationsByDefault'])).hideCelebrationsByDefault === true;

/** The member's notification and privacy choices (the defaults until they change one). */
export async function getPreferences(db: Db, memberId: number): Promise<Preferences> {
  const [values, firmHides] = await Promise.all([findPreferences(db, memberId), firmHidesCelebrations(db)]);
  return present(values, firmHides);
}

/** Saves all of the member's choices at once and answers with them. */
export async function updatePreferences(db: Db, memberId: number, input: Preferences): Promise<Preferences> {
  const [stored, firmHides] = await Promise.all([findPreferences(db, memberId), firmHidesCelebrations(db)]);
  // Saving the e-mail choices is not a privacy choice: a member who never chose keeps following
  // the firm's setting until they pick the other way (decision 0026).
  const hideCelebrations =
    stored.hideCelebrations === null && input.hideCelebrations === firmHides ? null : input.hideCelebrations;
  const values: PreferencesValues = {
    ...emailPreferenceFields(input.email),
    weeklyDigest: input.weeklyDigest,
    hideCelebrations,
  };
  await savePreferences(db, memberId, values);
  return present(values, firmHides);
}
