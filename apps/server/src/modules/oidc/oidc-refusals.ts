import type { FastifyBaseLogger } from 'fastify';
import { OIDC_REFUSALS, type OidcRefusal } from '@ovation/shared/schemas/oidc';
import { AppError } from '../../lib/app-errors.ts';
import type { OidcSettings } from './oidc-client.ts';

const STATUS: Record<OidcRefusal, number> = {
  off: 404,
  badState: 400,
  rejected: 400,
  noMember: 403,
  inactive: 403,
  unavailable: 503,
};

function message(reason: OidcRefusal, settings: OidcSettings | null): string {
  const label = settings?.label ?? 'your company account';
  const field = settings?.match === 'employeeNumber' ? 'employee number' : 'e-mail address';
  switch (reason) {
    case 'off':
      return 'Single sign-on is not set up for this portal. Sign in with your e-mail address and password.';
    case 'badState':
      return 'This sign-in attempt has expired or was already used. Please start again.';
    case 'rejected':
      return `We could not verify your sign-in with ${label}. Please try again; if it keeps happening, contact support.`;
    case 'noMember':
      return `You signed in with ${label}, but no Ovation account matches your ${field}. Contact support to have it added.`;
    case 'inactive':
      return 'Your Ovation account is not active, so you cannot sign in. Contact support if you think this is wrong.';
    case 'unavailable':
      return `${label} cannot be reached right now. Please try again in a few minutes, or sign in with your password.`;
  }
}

/** Logs why a single sign-on was refused (never a token) and returns the refusal to throw. */
export function refuse(
  log: FastifyBaseLogger,
  reason: OidcRefusal,
  settings: OidcSettings | null,
  detail: Record<string, unknown> = {},
): AppError {
  log.warn({ oidc: { reason, ...detail } }, 'single sign-on refused');
  return new AppError(STATUS[reason], OIDC_REFUSALS[reason], 'Single sign-on failed', message(reason, settings));
}
