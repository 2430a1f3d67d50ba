/**
 * Structured logs: which request or job run a line belongs to, and the process's JSON logger.
 *
 * - Every request has an id: the client's `X-Request-Id` when it is a sane token
 *   (`requestIdFrom`), else a new one; the server returns it in `X-Request-Id` and every log line
 *   of the request carries it as `requestId` (server/http/observe.ts).
 * - A job run gets its own id (`job-<name>-<random>`, `inJobRun`); lines logged during the run
 *   carry `job`, `runId`, and `requestId` = the run's id. A push delivery logs the id of the
 *   request that queued it, else the run's (server/notifications/push.ts).
 * - No personal data: lines name routes (patterns), ids, counts and outcomes; never bodies,
 *   headers, URLs with their query, e-mails, phones, tokens or codes. Error messages pass through
 *   `scrub` first, as a database error may quote a value.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';

export interface LogContext {
  requestId: string;
  job?: string;
  runId?: string;
}

const context = new AsyncLocalStorage<LogContext>();

/** A sane client request id: 1–100 of letters, digits and `-_.:` (no spaces, no `@`, nothing to inject). */
const REQUEST_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

/** The client's `X-Request-Id` when it is a sane token, else a new id. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID_RE.test(header) ? header : randomUUID();
}

/** Runs `fn` with `ctx` as the current log context (a request's, or a job run's). */
export function runWithLogContext<T>(ctx: LogContext, fn: () => T): T {
  return context.run(ctx, fn);
}

/** The current request's id, or the current job run's; null outside both. */
export function currentRequestId(): string | null {
  return context.getStore()?.requestId ?? null;
}

/** Runs one job run in a log context of its own (`job`, `runId`). */
export function inJobRun<T>(job: string, fn: () => Promise<T>): Promise<T> {
  const runId = `job-${job}-${randomBytes(6).toString('hex')}`;
  return context.run({ requestId: runId, job, runId }, fn);
}

/** What this module needs of a pino logger (Fastify's `app.log`). */
export interface StructuredLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

let serverLogger: StructuredLogger | null = null;

/**
 * The process's JSON logger (buildApp sets Fastify's when logging is on), for lines outside a
 * request (jobs, push). Returns the reset.
 */
export function setServerLogger(logger: StructuredLogger): () => void {
  serverLogger = logger;
  return () => {
    if (serverLogger === logger) serverLogger = null;
  };
}

/** A line with the current context's fields; dropped while no JSON logger is set. */
export function logEvent(level: 'info' | 'warn' | 'error', fields: Record<string, unknown>, message: string): void {
  if (!serverLogger) return;
  const ctx = context.getStore();
  serverLogger[level]({ ...(ctx ? { requestId: ctx.requestId, ...(ctx.job ? { job: ctx.job, runId: ctx.runId } : {}) } : {}), ...fields }, scrub(message));
}

/**
 * The `log` the jobs print their lines with (`[expiry] expired 2 task(s)`): a JSON line with the
 * run's ids when the JSON logger is on, else the console as before.
 */
export function jobLog(line: string): void {
  if (serverLogger) logEvent(/ failed/.test(line) ? 'error' : 'info', {}, line);
  else console.log(line);
}

const EMAIL_RE = /[^\s"'<>()[\]{},;:@]+@[^\s"'<>()[\]{},;:@]+\.[^\s"'<>()[\]{},;:@]+/g;
const JWT_RE = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
/** A phone number (a + and 7 or more digits, maybe with separators) or a run of 6 or more digits (a code, a national id). */
const NUMBER_RE = /\+\d(?:[\s-]?\d){6,}|\b\d{6,}\b/g;
const IBAN_RE = /\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b/g;

/** A text with e-mails, tokens, IBANs and long digit runs (phones, codes) replaced. */
export function scrub(text: string): string {
  return text.replace(EMAIL_RE, '[email]').replace(JWT_RE, '[token]').replace(IBAN_RE, '[iban]').replace(NUMBER_RE, '[number]');
}
