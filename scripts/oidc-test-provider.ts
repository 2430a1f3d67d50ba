/**
 * Starts the test OpenID provider (test/support/oidcProvider.ts) on its own, for the e2e setup
 * and for trying Google sign-in locally without Google:
 *
 *   OIDC_TEST_PORT=9400 OIDC_TEST_REDIRECT_URIS=http://localhost:8080/auth/google/callback \
 *     npx tsx scripts/oidc-test-provider.ts
 *
 * Env: OIDC_TEST_PORT (default 0: a free port), OIDC_TEST_CLIENT_ID (default shelfwork-test),
 * OIDC_TEST_CLIENT_SECRET (default shelfwork-test-secret), OIDC_TEST_REDIRECT_URIS (comma
 * separated; required). Prints one line `issuer=<url>` once it listens (point the server's
 * GOOGLE_OIDC_ISSUER, GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET at it); stops on SIGTERM/SIGINT.
 * Logins: any e-mail of TEST_OIDC_ACCOUNTS, any password.
 */
import { startTestOidcProvider } from '../test/support/oidcProvider';

const redirectUris = (process.env.OIDC_TEST_REDIRECT_URIS ?? '').split(',').map((uri) => uri.trim()).filter(Boolean);
if (redirectUris.length === 0) {
  console.error('OIDC_TEST_REDIRECT_URIS is required (the app callback URL, e.g. http://localhost:8080/auth/google/callback)');
  process.exit(2);
}
const provider = await startTestOidcProvider({
  port: Number(process.env.OIDC_TEST_PORT ?? 0),
  clientId: process.env.OIDC_TEST_CLIENT_ID ?? 'shelfwork-test',
  clientSecret: process.env.OIDC_TEST_CLIENT_SECRET ?? 'shelfwork-test-secret',
  redirectUris,
});
console.log(`issuer=${provider.issuer}`);
const stop = () => {
  void provider.stop().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
