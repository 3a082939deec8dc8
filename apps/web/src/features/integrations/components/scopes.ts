import type { IntegrationScope, IntegrationToken } from '@ovation/shared/schemas/integrations';

/** What each scope lets a token do (decision 0110), one line each. */
export const SCOPE_HELP: Record<IntegrationScope, string> = {
  scim: 'Your directory’s provisioning at /scim/v2: it creates, changes and deactivates members.',
  'api:read': 'The API’s read calls (GET), as you, with what you may do at the time of each call.',
  'api:write':
    'Every API call you may make, changes included, as you: never signing in, your own profile or these tokens.',
};

export const STATUS_LABELS: Record<IntegrationToken['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const STATUS_COLOURS: Record<IntegrationToken['status'], string> = {
  active: 'teal.9',
  expired: 'gray.7',
  revoked: 'red.9',
};

const LIVE_FIRST: Record<IntegrationToken['status'], number> = { active: 0, expired: 1, revoked: 2 };

/** Active tokens first, then expired, then revoked; the server's order (newest first) within each. */
export const liveFirst = (tokens: readonly IntegrationToken[]) =>
  [...tokens].sort((a, b) => LIVE_FIRST[a.status] - LIVE_FIRST[b.status]);
