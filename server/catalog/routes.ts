/** Reference data: GET country, GET training (with the viewer's progress, in their market's language), GET health, dev mailbox. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { requireUser } from '../auth/guard';
import { badRequest, notFound, OUTAGE_RETRY_AFTER_SECONDS } from '../http/errors';
import { asQuery, single } from '../http/input';
import { checkDatabase, HEALTH_TIMEOUT_MS } from '../db/database';
import { checkPhotoDir } from '../storage/photo-storage';
import { readDevMailbox } from '../mail/mailer';
import { isNewSince } from '#domain/tasks';
import { trainingLinkFor } from './visibility';
import { localizedSql, marketLocaleSql } from './localize';
import { isCountryCode, normalizeEmail, validateCountry, validateEmail } from '#domain/validation';
import type { Country, CountryCode, CurrencyCode, FleetPartner, Locale, Training } from '#domain/types';
import * as catalog from '#contracts/api/catalog';
import type { CountryBusiness, Supervisor } from '#contracts/api/catalog';
import { serve } from '../http/contract';

export function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, catalog.listCountries)(async (): Promise<Country[]> => {
    const rows = await ctx.db.selectFrom('countries').selectAll().orderBy('code').execute();
    return rows.map((r) => ({
      code: r.code as CountryCode,
      name: r.name,
      currencyCode: r.currency_code as CurrencyCode,
      currencySymbol: r.currency_symbol,
      locale: r.locale as Locale,
    }));
  });

  serve(app, catalog.listTrainings, { config: { access: 'tasker' } })(async (request): Promise<Training[]> => {
    const user = await requireUser(ctx, request);
    const rows = await ctx.db
      .selectFrom('trainings as t')
      .leftJoin('user_trainings as ut', (join) => join.onRef('ut.training_id', '=', 't.id').on('ut.user_id', '=', user.id))
      .select([
        't.id',
        // In the viewer's market language (./localize.ts).
        localizedSql('t.translations', 'title', 't.title', marketLocaleSql(user.country_code)).as('title'),
        localizedSql('t.translations', 'filterTitle', 't.filter_title', marketLocaleSql(user.country_code)).as('filter_title'),
        't.link_to_training',
        't.nda_protected',
        't.enabled',
        't.is_required',
        't.created_at',
        'ut.done_at',
      ])
      .orderBy(sql`t.is_required desc`)
      .orderBy('t.created_at')
      .orderBy('t.id')
      .execute();
    const now = ctx.clock.now();
    const viewer = { isApproved: user.status === 'active' };
    return rows.map((r) => {
      const createdAt = new Date(r.created_at).toISOString();
      return {
        id: r.id,
        title: r.title,
        filterTitle: r.filter_title,
        linkToTraining: trainingLinkFor(viewer, r),
        ndaProtected: r.nda_protected,
        enabled: r.enabled,
        isRequired: r.is_required,
        doneAt: r.done_at ? new Date(r.done_at).toISOString() : null,
        createdAt,
        isNew: isNewSince(createdAt, now),
      };
    });
  });

  // The tasker's market: its contracting businesses, its supervisor, its fleet partners.
  const marketOf = (user: { country_code: string | null }, query?: unknown): CountryCode | null => {
    const asked = query === undefined ? { value: undefined, error: null } : single(asQuery(query).country);
    if (asked.error) throw badRequest({ country: asked.error });
    if (asked.value !== undefined && asked.value !== '') {
      const error = validateCountry(asked.value);
      if (error) throw badRequest({ country: error });
      return asked.value.toUpperCase() as CountryCode;
    }
    const own = user.country_code?.toUpperCase();
    return isCountryCode(own) ? (own as CountryCode) : null;
  };

  serve(app, catalog.listCountryBusinesses, { config: { access: 'tasker' } })(async (request): Promise<{ data: CountryBusiness[] }> => {
    const country = marketOf(await requireUser(ctx, request));
    if (!country) return { data: [] };
    const rows = await ctx.db.selectFrom('country_businesses').selectAll().where('country_code', '=', country).orderBy('name').orderBy('id').execute();
    return { data: rows.map((r) => ({ id: r.id, countryCode: r.country_code as CountryCode, name: r.name, registrationNumber: r.registration_number, address: r.address })) };
  });

  serve(app, catalog.getSupervisor, { config: { access: 'tasker' } })(async (request): Promise<Supervisor> => {
    const country = marketOf(await requireUser(ctx, request));
    const row = country ? await ctx.db.selectFrom('country_contacts').selectAll().where('country_code', '=', country).executeTakeFirst() : undefined;
    if (!row) throw notFound('NOT_FOUND', 'No supervisor for this market');
    return { name: row.supervisor_name, phone: row.supervisor_phone, email: row.supervisor_email };
  });

  serve(app, catalog.listFleetPartners, { config: { access: 'tasker' } })(async (request): Promise<{ data: FleetPartner[] }> => {
    const country = marketOf(await requireUser(ctx, request), request.query);
    if (!country) return { data: [] };
    const rows = await ctx.db.selectFrom('fleet_partners').selectAll().where('country_code', '=', country).orderBy('position').orderBy('id').execute();
    return { data: rows.map((r) => ({ id: r.id, countryCode: r.country_code as CountryCode, shortName: r.short_name, url: r.url })) };
  });

  // 503 unless the database answers and commits a write that needs new space, and (filesystem
  // storage) the photo folder takes a new file: a full disk shows here, not only a dead connection.
  serve(app, catalog.health)(async (_request, reply) => {
    const [database, files] = await Promise.all([checkDatabase(ctx.db, ctx.clock.now()), ctx.config.s3 ? true : checkPhotoDir(ctx.config.photoDir, HEALTH_TIMEOUT_MS)]);
    const health = { db: database.db, writes: database.writes && files };
    const ok = health.db && health.writes;
    if (!ok) void reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
    return reply.status(ok ? 200 : 503).send({ ok, ...health });
  });

  if (ctx.mailer.kind === 'dev' && !ctx.config.production) {
    serve(app, catalog.devMailbox)(async (request) => {
      const email = single(asQuery(request.query).email);
      const error = email.error ?? validateEmail(email.value);
      if (error) throw badRequest({ email: error });
      return { messages: await readDevMailbox(ctx.db, normalizeEmail(email.value as string)) };
    });
  }
}
