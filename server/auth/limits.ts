/**
 * Throttling of the auth routes (docs/decisions/0004-auth-rate-limits.md), two layers behind one
 * object:
 * - `gate`: an onRequest hook on every auth route. Requests per client address, counted in
 *   memory by @fastify/rate-limit in each process; refuses a flood before the body is parsed or
 *   the database is touched (AUTH_RATE_LIMIT_PER_IP per AUTH_RATE_LIMIT_WINDOW_SECONDS).
 * - database buckets (`rate_limit_events`, exact across processes and restarts): login attempts
 *   per account and per address (code and password login share them; a Google sign-in's finish
 *   counts per address), code requests per email
 *   and per address (send-code and register). Checked before any password is hashed.
 * Every refusal is `429 RATE_LIMITED` with `Retry-After` in seconds.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { rateLimited } from '../http/errors';
import { hitRateLimits } from './queries';

export interface AuthLimiter {
  /** onRequest hook for every auth route. */
  gate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts a login attempt (code or password) for the account and the address; 429 past either. */
  loginAttempt(email: string, request: FastifyRequest): Promise<void>;
  /** Counts a code request (send-code, register) for the email and the address; 429 past either. */
  codeRequest(email: string, request: FastifyRequest): Promise<void>;
  /**
   * Counts a Google sign-in's finish (login or registration) for the address, in the login
   * attempts' bucket (the account is not known before the exchange); 429 past it.
   */
  googleAttempt(request: FastifyRequest): Promise<void>;
}

/**
 * The key of a client address: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 — one
 * subscriber usually holds a whole /64, so single IPv6 addresses would be free to rotate.
 */
export function addressKey(ip: string): string {
  return normalizeIP(ip, 64);
}


export function createAuthLimiter(app: FastifyInstance, ctx: AppContext): AuthLimiter {
  const { db, clock, config } = ctx;
  // Events are kept as long as the longest window needs them.
  const retainSeconds = 2 * Math.max(config.sendCodeWindowSeconds, config.loginWindowSeconds);

  type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  let gateHook: Hook | null = null;
  // The plugin only counts for routes that use the hook made here (global: false); only the
  // Retry-After header is sent, with the error body of every other refusal.
  void app
    .register(rateLimit, {
      global: false,
      addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    })
    .after((error) => {
      if (error) throw error;
      // One hook, so one store: every auth route draws on the same budget per address.
      gateHook = app.rateLimit({
        max: config.authRateLimitPerIp,
        timeWindow: config.authRateLimitWindowSeconds * 1000,
        keyGenerator: (request) => `auth:${addressKey(request.ip)}`,
        errorResponseBuilder: (_request, context) => rateLimited('Too many requests. Please wait and try again.', Math.ceil(context.ttl / 1000)),
      }) as unknown as Hook;
    });

  async function hit(buckets: { bucket: string; limit: number }[], windowSeconds: number, message: string): Promise<void> {
    const { limited, retryAfterSeconds } = await hitRateLimits(db, buckets, clock.now(), windowSeconds, retainSeconds);
    if (limited) throw rateLimited(message, retryAfterSeconds);
  }

  return {
    async gate(request, reply) {
      // Plugins load before the server answers anything; never let a request through ungated.
      if (!gateHook) throw new Error('The auth rate limiter is not registered');
      await gateHook(request, reply);
    },
    loginAttempt(email, request) {
      const address = addressKey(request.ip);
      return hit(
        [
          { bucket: `login:account:${email}`, limit: config.loginLimitPerAccount },
          { bucket: `login:ip:${address}`, limit: config.loginLimitPerIp },
        ],
        config.loginWindowSeconds,
        'Too many login attempts. Please wait and try again.',
      );
    },
    googleAttempt(request) {
      return hit([{ bucket: `login:ip:${addressKey(request.ip)}`, limit: config.loginLimitPerIp }], config.loginWindowSeconds, 'Too many login attempts. Please wait and try again.');
    },
    codeRequest(email, request) {
      const address = addressKey(request.ip);
      return hit(
        [
          { bucket: `send-code:email:${email}`, limit: config.sendCodeLimitPerEmail },
          { bucket: `send-code:ip:${address}`, limit: config.sendCodeLimitPerIp },
        ],
        config.sendCodeWindowSeconds,
        'Too many codes requested. Please wait and try again.',
      );
    },
  };
}
