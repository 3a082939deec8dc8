import * as client from 'openid-client';
import type { AppConfig } from '../../config/env.ts';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  label: string;
  /** The member field the provider's user is matched on, and the claim that holds it. */
  match: 'email' | 'employeeNumber';
  claim: string;
  /** Matching on e-mail: whether a token that does not say `email_verified` is taken (OIDC_UNVERIFIED_EMAIL). */
  acceptUnverifiedEmail: boolean;
  /** `${PUBLIC_URL}/welcometrfauth`: the SPA page that finishes sign-in. */
  redirectUri: string;
  /** `${PUBLIC_URL}/`: where the provider sends the browser after its own sign-out. */
  postLogoutRedirectUri: string;
}

/** The provider's discovered configuration, fetched on first use and kept (retried after a failure). */
export interface OidcProvider {
  settings: OidcSettings;
  configuration(): Promise<client.Configuration>;
}

export function oidcSettings(config: AppConfig): OidcSettings | null {
  if (!config.OIDC_ISSUER) return null;
  const base = config.PUBLIC_URL.replace(/\/$/, '');
  return {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    label: config.OIDC_LABEL,
    match: config.OIDC_MATCH,
    claim: config.OIDC_CLAIM || (config.OIDC_MATCH === 'email' ? 'email' : 'employee_number'),
    acceptUnverifiedEmail: config.OIDC_UNVERIFIED_EMAIL === 'accept',
    redirectUri: `${base}/welcometrfauth`,
    postLogoutRedirectUri: `${base}/`,
  };
}

/**
 * Discovery is lazy so that the portal starts (and password sign-in works) while the provider
 * is unreachable. `clockSkewSeconds` lets tests move this client's clock (expired tokens).
 */
export function createOidcProvider(settings: OidcSettings, options: { clockSkewSeconds?: number } = {}): OidcProvider {
  let pending: Promise<client.Configuration> | null = null;
  const discover = async () => {
    const issuer = new URL(settings.issuer);
    const configuration = await client.discovery(
      issuer,
      settings.clientId,
      { [client.clockSkew]: options.clockSkewSeconds ?? 0, [client.clockTolerance]: 30 },
      client.ClientSecretBasic(settings.clientSecret),
      // env.ts only lets http:// through for a provider on this machine.
      issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    // Verify the ID token's signature against the provider's keys even over TLS.
    client.enableNonRepudiationChecks(configuration);
    return configuration;
  };
  return {
    settings,
    configuration() {
      pending ??= discover().catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
  };
}
