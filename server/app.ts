/**
 * buildApp: the Fastify application with every route under /api, the error format, the body
 * limit and static serving. Tests call it with an injected database and clock; main.ts with
 * the real ones.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import type { ApiErrorBody } from '#domain/types';
import type { Db } from './db/database';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { errorHandler } from './http/errors';
import { rejectNulCharacters } from './http/sanitize';
import { createDevMailer, createSmtpMailer, type Mailer } from './mail/mailer';
import { resolveJwtSecret } from './auth/tokens';
import { registerAuthRoutes } from './auth/routes';
import { registerUserRoutes } from './users/routes';
import { registerTaskRoutes } from './tasks/routes';
import { registerTaskListRoute } from './sync/taskListRoute';
import { registerTaskEarnRoute } from './tasks/taskEarn';
import { registerMapConfigRoute } from './tasks/mapConfig';
import { registerLifecycleRoutes } from './tasks/lifecycle-routes';
import { registerCatalogRoutes } from './catalog/routes';
import { registerStaffRoutes } from './staff/routes';
import { registerStaffAccountRoutes, registerStaffAuthRoutes } from './staffAuth/routes';
import { registerReviewRoutes } from './review/routes';
import { registerAuthoringRoutes } from './authoring/routes';
import { registerExecutionRoutes } from './execution/routes';
import { registerMoneyRoutes } from './money/routes';
import { registerMoneyStaffRoutes } from './money/staff-routes';
import { registerAttendanceRoutes, registerAttendanceStaffRoutes } from './attendance/routes';
import { registerNotificationRoutes } from './notifications/routes';
import { registerSupportRoutes } from './support/routes';
import { registerSupportStaffRoutes } from './support/staffRoutes';
import { afterResponseIdle } from './http/afterResponse';
import { taskPhotoFiles, taskPhotoUploads } from './execution/photo-uploads';
import { registerUserDocumentRoutes, userDocumentFiles, userDocumentUploads } from './users/documents';
import { createFiles, uploadsPlugin } from './storage/uploads';
import { registerStatic } from './static';
import { registerDevClockRoute } from './devClock';
import { registerHttpSecurity, secureBareAnswer } from './http/security';
import { accessScope, registerAccessControl } from './http/access';
import { batchAwareDb, isBatchRecord, registerBatchGuard, registerBatchRoute } from './http/batch';
import { AJV_OPTIONS, registerOpenApi, registerSerializer, schemaErrorFormatter } from './http/contract';
import { registerOpenApiRoute } from './http/openapi';
import { logOptions, logsRequests, registerMetricsRoute, registerObservation, REQUEST_ID_HEADER, type LoggerSetting } from './http/observe';
import { registerReadinessRoute } from './catalog/readiness';
import { enableMetrics, observePool, type PoolUse } from './observability/metrics';
import { setServerLogger } from './observability/log';
import type { PhotoStorage } from './storage/photo-storage';

export interface BuildAppOptions {
  db: Db;
  config: ServerConfig;
  clock?: Clock;
  /** Overrides the mailer chosen from config (SMTP_URL → SMTP, else the dev mailbox). */
  mailer?: Mailer;
  /** The JSON log (server/http/observe.ts): off in tests, on in main.ts. */
  logger?: LoggerSetting;
  /** The PostgreSQL pool, whose use the metrics show (with METRICS_TOKEN); none on PGlite. */
  pool?: PoolUse | null;
  /** Overrides the photo storage chosen from config (a test's failing store). */
  storage?: PhotoStorage;
  /** Where the dev mailer prints codes (default console.log). */
  log?: (line: string) => void;
  /** Check every JSON answer against its route's response schema (the test suite; server/http/contract.ts). */
  checkResponses?: boolean;
  /** Called with every route as it is registered (the contract test compares them with the OpenAPI document). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; context: AppContext }> {
  const { db, config } = options;
  const clock = options.clock ?? systemClock;
  if (config.production && !config.smtpUrl) throw new Error('NODE_ENV=production needs SMTP_URL');
  const mailer =
    options.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createDevMailer(db, clock, options.log ? { log: options.log } : {}));
  const secret = await resolveJwtSecret(db, config.jwtSecret);
  const context: AppContext = {
    // Inside a POST /api/batch segment, the segment's transaction (server/http/batch.ts).
    db: batchAwareDb(db),
    clock,
    config,
    mailer,
    tokens: { secret, accessTokenTtlSeconds: config.accessTokenTtlSeconds, refreshTokenTtlSeconds: config.refreshTokenTtlSeconds },
  };

  const app = Fastify({
    // JSON lines without personal data, request ids from X-Request-Id (server/http/observe.ts).
    ...logOptions(options.logger),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Over-long path parameters answer 404 instead of reaching handlers.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Router-level failures (bad percent-encoding, over-long params) use the same error body.
    frameworkErrors: (error, request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const body: ApiErrorBody = { error: { code: status === 414 ? 'URI_TOO_LONG' : 'BAD_URL', message: 'The request URL is not valid' } };
      secureBareAnswer(request, reply as FastifyReply, config); // no hook runs for these answers
      void (reply as FastifyReply).header(REQUEST_ID_HEADER, request.id);
      void (reply as FastifyReply).code(status).send(body);
    },
    // Route schemas (src/contracts/api) change no answer: no coercion, nothing removed, every field's error (server/http/contract.ts).
    ajv: { customOptions: AJV_OPTIONS },
    schemaErrorFormatter,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Lines outside a request (jobs, push) go to the same JSON log; metrics only with METRICS_TOKEN.
  if (options.logger) app.addHook('onClose', setServerLogger(app.log));
  if (config.metricsToken) {
    const release = enableMetrics();
    const unobserve = options.pool ? observePool(options.pool) : () => {};
    app.addHook('onClose', async () => {
      unobserve();
      release();
    });
  }
  app.setErrorHandler(errorHandler);
  registerSerializer(app, options.checkResponses ?? false);
  // Before any route: @fastify/swagger collects every route's schema into GET /api/openapi.json.
  await registerOpenApi(app);
  // Work routes started after answering (support mail) finishes before the server stops.
  app.addHook('onClose', () => afterResponseIdle(context));
  // JSON only (docs/api.md): without Fastify's built-in text/plain parser a text body is a 415.
  app.removeContentTypeParser('text/plain');
  // Before the schemas check the request, as it ran before the handlers' own readers.
  app.addHook('preValidation', rejectNulCharacters);
  // Security headers, no-store default, HSTS, compression: on every answer, before any route.
  await registerHttpSecurity(app, config);

  // Access by registration (server/http/access.ts): each scope stamps its routes; one guard reads it.
  // Records inside POST /api/batch may reach tasker routes only (before the access guard: a staff path is a 404 there).
  const batchGuard = registerBatchGuard(app);
  // Request ids, the request log line and the request metrics (server/http/observe.ts).
  registerObservation(app, { batchInner: (request) => isBatchRecord(request, batchGuard), logRequests: logsRequests(options.logger) });
  registerAccessControl(app, context);
  // Task photos and user documents: one upload pipeline (files under config.photoDir, signed URLs).
  const files = createFiles(context, options.storage);
  await app.register(
    accessScope('public', (scope) => {
      registerAuthRoutes(scope, context);
      registerStaffAuthRoutes(scope, context); // staff/auth/*: staff sign-in
      registerCatalogRoutes(scope, context);
      registerMapConfigRoute(scope, context); // map/config: the tile service's style URL
      registerOpenApiRoute(scope); // openapi.json: every route's contract
      registerReadinessRoute(scope, context, files.storage); // health/ready: database, storage, migrations
      // /metrics exists only with METRICS_TOKEN, and answers only its bearer.
      if (config.metricsToken) registerMetricsRoute(scope, config.metricsToken);
    }),
  );
  await app.register(
    accessScope('tasker', async (scope) => {
      registerUserRoutes(scope, context);
      registerUserDocumentRoutes(scope, context, files);
      registerTaskListRoute(scope, context); // GET task: the list, stored answers and delta sync
      registerTaskRoutes(scope, context);
      registerTaskEarnRoute(scope, context); // task/places/task-earn (the opportunities map)
      registerLifecycleRoutes(scope, context);
      const directWrites = registerExecutionRoutes(scope, context, files);
      registerMoneyRoutes(scope, context); // payment/my-finances, payment/payouts, mission/my
      registerAttendanceRoutes(scope, context); // task/attendance-requests, task/:taskId/attendance-request
      registerNotificationRoutes(scope, context); // notifications, push-notification/*
      registerSupportRoutes(scope, context); // country/support-contact, support/submit-support-request
      registerBatchRoute(scope, batchGuard, db, directWrites); // batch: many outbox records in one request
      // PUT /api/uploads/<token> and the signed file URLs (signed-url access, set by the plugin).
      await scope.register(
        uploadsPlugin({ ctx: context, files, targets: [taskPhotoUploads(context, files), userDocumentUploads(context, files)], sources: [taskPhotoFiles, userDocumentFiles] }),
      );
    }),
  );
  await app.register(
    accessScope('staff', (scope) => {
      registerStaffRoutes(scope, context, files);
      registerStaffAccountRoutes(scope, context); // staff/me, staff/accounts, staff/audit
      registerReviewRoutes(scope, context, files); // staff/review-queue, staff/tasks/:id (the review)
      registerAuthoringRoutes(scope, context); // task types, products, places, tasks, CSV import
      registerSupportStaffRoutes(scope, context); // staff/support: the support inbox
      registerMoneyStaffRoutes(scope, context); // payouts, adjustments, missions
      registerAttendanceStaffRoutes(scope, context); // attendance requests for reserved tasks, the lapse run
      registerDevClockRoute(scope, context); // test-only, outside production on an OffsetClock (server/devClock.ts)
    }),
  );
  await registerStatic(app, config.distDir);
  return { app, context };
}
