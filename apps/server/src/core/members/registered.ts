import { sql, type SQL } from 'drizzle-orm';

/**
 * When the member (the `members` row under `alias`) registered: set a portal password, or first
 * signed in through single sign-on (decision 0086); null when neither. `least` skips nulls.
 */
export const registeredAt = (alias: string): SQL =>
  sql.raw(
    `least((select c.created_at from credentials c where c.member_id = ${alias}.id), ${alias}.sso_registered_at)`,
  );

/** Whether the member under `alias` has registered (see registeredAt). */
export const isRegistered = (alias: string): SQL =>
  sql.raw(
    `(${alias}.sso_registered_at is not null or exists (select 1 from credentials c where c.member_id = ${alias}.id))`,
  );
