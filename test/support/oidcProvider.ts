/**
 * A real OpenID provider on localhost for the Google sign-in tests: oidc-provider 8 (a certified
 * implementation) with its built-in development interactions — a login form where the login is
 * the account's e-mail (any password) and a consent page. One confidential client, the
 * authorization-code flow only, PKCE (S256) required, scopes openid email profile. The ID token
 * carries `sub` (and the nonce); the e-mail and whether it is verified come from userinfo, as at
 * Google when no claims are asked for by name.
 *
 * For the refusal tests the provider can rewrite the ID tokens its token endpoint hands out
 * (`rewriteIdTokens`: another audience, an expiry in the past), signed again with its own key,
 * so the server's real code path sees a token the provider's published keys verify.
 *
 * Logins: the accounts given (TEST_OIDC_ACCOUNTS and the options'); any other e-mail is a
 * verified account of its own. The e2e setup starts it from scripts/oidc-test-provider.ts;
 * server tests start it in-process.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContext } from 'oidc-provider';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose';

/** An account of the test provider, by e-mail. */
export interface TestOidcAccount {
  email_verified: boolean;
  /** The account's subject; by default one derived from the e-mail. */
  sub?: string;
  name?: string;
}

/**
 * The accounts every test provider knows: a verified e-mail without a Shelfwork account, an
 * unverified one, and the approved LT demo tasker (server/seed/accounts.ts) for linking.
 */
export const TEST_OIDC_ACCOUNTS: Readonly<Record<string, TestOidcAccount>> = {
  'google.new@example.com': { email_verified: true, name: 'Gabija Naujoke' },
  'unverified@example.com': { email_verified: false, name: 'Una Verified' },
  'lt@demo.shelfwork.app': { email_verified: true, name: 'Aistė Kazlauskienė' },
};

export interface TestOidcProviderOptions {
  /** 0 (default): a free port. */
  port?: number;
  /** Default 127.0.0.1; the issuer is always http://localhost:<port>. */
  host?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Added to (and overriding) TEST_OIDC_ACCOUNTS. */
  accounts?: Record<string, TestOidcAccount>;
}

export interface TestOidcProvider {
  /** http://localhost:<port> (no trailing slash). */
  issuer: string;
  port: number;
  /** The signing key's public and private JWK (RS256, with its kid). */
  publicJwk: JWK;
  privateJwk: JWK;
  /** Signs a JWT with the provider's key (the header names its kid), as the provider would. */
  sign(claims: JWTPayload): Promise<string>;
  /** The subject the provider gives an account's e-mail. */
  subjectOf(email: string): string;
  /** Adds or replaces an account. */
  setAccount(email: string, account: TestOidcAccount): void;
  /**
   * Rewrites the claims of every ID token the token endpoint answers (signed again with the
   * provider's key) until called with null.
   */
  rewriteIdTokens(rewrite: ((claims: JWTPayload) => JWTPayload) | null): void;
  stop(): Promise<void>;
}

/** A stable subject for an e-mail (what a provider keeps however the e-mail changes). */
function defaultSubject(email: string): string {
  return `test-${createHash('sha256').update(email).digest('hex').slice(0, 20)}`;
}

export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestOidcAccount>(Object.entries({ ...TEST_OIDC_ACCOUNTS, ...options.accounts }));
  const subjectOf = (email: string) => accounts.get(email)?.sub ?? defaultSubject(email);
  let rewrite: ((claims: JWTPayload) => JWTPayload) | null = null;

  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const sign = (claims: JWTPayload) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey);

  // The port must be known before the issuer (the provider's identity) is.
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://localhost:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [privateJwk as Record<string, unknown>] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { methods: ['S256'], required: () => true },
    // Google's lifetimes (an hour for tokens); set here so the provider does not warn of its defaults.
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 3600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      // Any other e-mail signs in too, as a verified Google account (a test's fresh account, a retry's).
      const account = accounts.get(id) ?? (/^[^@\s]+@[^@\s]+$/.test(id) ? { email_verified: true } : undefined);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: subjectOf(id), email: id, email_verified: account.email_verified, ...(account.name ? { name: account.name } : {}) }),
      };
    },
  });
  // Expected refusals (a replayed code, a wrong secret) are the tests' business, not log lines.
  provider.on('server_error', (_ctx, error) => console.error('[oidc test provider]', error));

  // The "proxy" on the token endpoint: the answer's ID token is decoded, rewritten and signed again.
  provider.use(async (ctx: KoaContext, next) => {
    await next();
    if (!rewrite || ctx.path !== '/token' || ctx.status !== 200) return;
    const body = ctx.body as { id_token?: string } | undefined;
    if (!body?.id_token) return;
    const header = decodeProtectedHeader(body.id_token);
    if (header.kid !== kid) return;
    ctx.body = { ...body, id_token: await sign(rewrite(decodeJwt(body.id_token))) };
  });

  server.on('request', provider.callback());

  return {
    issuer,
    port,
    publicJwk,
    privateJwk,
    sign,
    subjectOf,
    setAccount(email, account) {
      accounts.set(email, account);
    },
    rewriteIdTokens(next) {
      rewrite = next;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The parts of a provider's answer at the redirect URI. */
export interface OidcCallback {
  /** The whole redirect (the app's callback URL with code, state and iss). */
  url: string;
  code: string | null;
  state: string | null;
  iss: string | null;
  error: string | null;
}

/**
 * Signs in at the test provider the way a browser would, over HTTP with its cookies: follows the
 * authorization URL, submits the login form with `login`, accepts the consent page, and answers
 * the redirect to the client's redirect URI (not followed). Throws when the provider stops
 * elsewhere (an error page).
 */
export async function signInAtTestProvider(authorizationUrl: string, login: string): Promise<OidcCallback> {
  const cookies = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      // An expired cookie (the provider clearing one) is dropped.
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  const request = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    remember(response);
    return response;
  };

  let url = authorizationUrl;
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 12; step += 1) {
    const response = await request(url, form);
    form = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== origin) {
        const params = next.searchParams;
        return { url: next.href, code: params.get('code'), state: params.get('state'), iss: params.get('iss'), error: params.get('error') };
      }
      url = next.href;
      continue;
    }
    const html = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !prompt || !action) {
      throw new Error(`The test provider stopped at ${url} (${response.status}): ${html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 300)}`);
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    form = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
  }
  throw new Error('The test provider never redirected back to the client');
}
