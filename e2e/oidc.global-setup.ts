import { startTestProvider } from '../apps/server/test/support/oidc-test-provider.ts';
import { OIDC_E2E } from '../playwright.config.ts';

/**
 * Starts a real OpenID provider (oidc-provider, in this process) for the single sign-on
 * journey; the e2e server is pointed at it by playwright.config.ts and discovers it lazily.
 */
export default async function globalSetup() {
  const base = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
  const provider = await startTestProvider({
    port: Number(process.env.E2E_OIDC_PORT),
    clientId: OIDC_E2E.clientId,
    clientSecret: OIDC_E2E.clientSecret,
    redirectUris: [`${base}/welcometrfauth`],
    postLogoutRedirectUris: [`${base}/`],
  });
  if (provider.issuer !== OIDC_E2E.issuer)
    throw new Error(`provider at ${provider.issuer}, expected ${OIDC_E2E.issuer}`);
  return () => provider.close();
}
