import { z } from 'zod';
import { isoDate } from '../iso-date.ts';

/**
 * Integration tokens and the provisioning log (issue 42, decision 0110): what an administrator
 * makes on the Integrations screen for the firm's directory (SCIM) and for scripts on the API.
 */

/**
 * `scim`: the directory's provisioning client at /scim/v2. `api:read`: the API's GET calls, as
 * the administrator who made the token. `api:write`: every API call that administrator may make.
 */
export const INTEGRATION_SCOPES = ['scim', 'api:read', 'api:write'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

export const INTEGRATION_TOKEN_NAME_MAX = 60;

export const createIntegrationTokenRequestSchema = z.object({
  name: z
    .string({ error: 'Name the token' })
    .trim()
    .min(1, 'Name the token')
    .max(INTEGRATION_TOKEN_NAME_MAX, `A name is at most ${INTEGRATION_TOKEN_NAME_MAX} characters`),
  scopes: z
    .array(z.enum(INTEGRATION_SCOPES, { error: 'Choose scim, api:read or api:write' }))
    .min(1, 'Choose at least one scope')
    .max(INTEGRATION_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Choose each scope once'),
  /** The last day the token works (yyyy-MM-dd); none: until it is revoked. */
  expiresOn: isoDate({ format: 'Expires: use yyyy-MM-dd', notADay: 'Expires is not a day' }).nullable().default(null),
});
export type CreateIntegrationTokenRequest = z.input<typeof createIntegrationTokenRequestSchema>;

export const integrationTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(INTEGRATION_SCOPES)),
  /** The token's first characters, to tell tokens apart (the rest is never shown again). */
  prefix: z.string(),
  createdByName: z.string(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresOn: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type IntegrationToken = z.infer<typeof integrationTokenSchema>;

export const integrationTokensResponseSchema = z.object({ tokens: z.array(integrationTokenSchema) });
export type IntegrationTokensResponse = z.infer<typeof integrationTokensResponseSchema>;

/** A token made or rotated: the secret itself, shown this once. */
export const issuedIntegrationTokenSchema = z.object({
  token: integrationTokenSchema,
  secret: z.string(),
});
export type IssuedIntegrationToken = z.infer<typeof issuedIntegrationTokenSchema>;

export const PROVISIONING_OUTCOMES = [
  'created',
  'updated',
  'unchanged',
  'deactivated',
  'reactivated',
  'deleted',
  'refused',
] as const;
export type ProvisioningOutcome = (typeof PROVISIONING_OUTCOMES)[number];

export const provisioningLogEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  at: z.string(),
  tokenName: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  outcome: z.enum(PROVISIONING_OUTCOMES),
  member: z.object({ id: z.number().int(), name: z.string(), employeeNumber: z.string() }).nullable(),
  /** The fields the call changed. */
  changed: z.array(z.string()),
  /** Why it was refused. */
  refusal: z.string().nullable(),
});
export type ProvisioningLogEntry = z.infer<typeof provisioningLogEntrySchema>;

export const provisioningLogQuerySchema = z.object({
  outcome: z.enum(PROVISIONING_OUTCOMES).optional(),
  /** Entries older than this id (the previous page's last). */
  before: z.coerce.number().int().positive().optional(),
});

export const provisioningLogResponseSchema = z.object({
  entries: z.array(provisioningLogEntrySchema),
  /** The `before` for the next page; null at the end. */
  nextBefore: z.number().int().nullable(),
});
export type ProvisioningLogResponse = z.infer<typeof provisioningLogResponseSchema>;

/**
 * What happens to a leaver's points (the `leavers` setting, decision 0111): `keep` them for
 * `keepDays` (a returner in that time finds them again), then forfeit them to the firm; `forfeit`
 * them when the member leaves; or `payout`: move them to the payouts account, listed for payroll.
 */
export const LEAVER_POINTS = ['keep', 'forfeit', 'payout'] as const;
export type LeaverPoints = (typeof LEAVER_POINTS)[number];

export const leaversSettingsSchema = z.object({
  points: z.enum(LEAVER_POINTS, { error: 'Choose keep, forfeit or payout' }),
  keepDays: z
    .number({ error: 'Days must be a whole number' })
    .int('Days must be a whole number')
    .min(1, 'Keep them for at least 1 day')
    .max(3650, 'Keep them for at most 3,650 days'),
});
export type LeaversSettings = z.infer<typeof leaversSettingsSchema>;
