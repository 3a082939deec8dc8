import { z } from 'zod';

/** GET /api/auth/oidc/config: whether single sign-on is on, and the provider's name for the button. */
export const oidcConfigResponseSchema = z.object({ enabled: z.boolean(), label: z.string() });
export type OidcConfigResponse = z.infer<typeof oidcConfigResponseSchema>;

/** POST /api/auth/oidc/callback: the authorization response /welcometrfauth received. */
export const oidcCallbackRequestSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
  /** RFC 9207 issuer identifier, when the provider sends one. */
  iss: z.string().max(2048).optional(),
});
export type OidcCallbackRequest = z.infer<typeof oidcCallbackRequestSchema>;

/** POST /api/auth/oidc/logout: where to send the browser to end the provider's session too. */
export const oidcLogoutResponseSchema = z.object({ endSessionUrl: z.string().nullable() });

/** Why a single sign-on was refused: the problem `type` of the refusal, so the page can name it. */
export const OIDC_REFUSALS = {
  off: 'https://ovation.example/problems/sso-off',
  badState: 'https://ovation.example/problems/sso-bad-state',
  rejected: 'https://ovation.example/problems/sso-rejected',
  noMember: 'https://ovation.example/problems/sso-no-member',
  inactive: 'https://ovation.example/problems/sso-inactive',
  unavailable: 'https://ovation.example/problems/sso-unavailable',
} as const;
export type OidcRefusal = keyof typeof OIDC_REFUSALS;
