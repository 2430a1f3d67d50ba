/**
 * The few parts of oidc-provider 8 (a dev dependency without its own types) that the test
 * identity provider uses (test/support/oidcProvider.ts).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContext {
    path: string;
    method: string;
    status: number;
    body: unknown;
  }

  export interface OidcAccount {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface ProviderConfiguration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { keys?: string[] };
    claims?: Record<string, string[]>;
    scopes?: string[];
    pkce?: { methods?: string[]; required?: () => boolean };
    features?: Record<string, { enabled: boolean } & Record<string, unknown>>;
    ttl?: Record<string, number | ((...args: unknown[]) => number)>;
    findAccount?: (ctx: unknown, id: string) => Promise<OidcAccount | undefined>;
    renderError?: (ctx: { type: string; body: unknown }, out: Record<string, unknown>, error: Error) => void | Promise<void>;
    [key: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    readonly issuer: string;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
