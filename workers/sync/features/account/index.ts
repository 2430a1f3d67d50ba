/**
 * The account: the countries (public reference data), the user row (which decides routing), the
 * trainings, the tasker's market (`setCountry`, queued on the account queue) and what the page
 * tells the worker about the phone (position, locale).
 */
import { routePath } from '#contracts/api/client';
import { setCountry } from '#contracts/api/users';
import { LOCALE_KEY, NOTIFICATIONS_KEY, POSITION_KEY } from '#contracts/kv';
import type { CommandResult } from '#contracts/sync';
import { SET_COUNTRY_KIND } from '#db/outboxKinds';
import { COUNTRY_CODES, type CountryCode, type Locale } from '#domain/types';
import { countryChangeError } from '#domain/users';
import { isUser } from '../../answers';
import { runCommand, toCommand } from '../../command';
import { command, defineFeature, queued } from '../../feature';
import type { OutboxKind } from '../../kinds';
import { pullCountries, pullTrainings, pullUser } from '../../pulls/account';
import { INTERVALS_MS } from '../../pulls/base';
import { enqueueMutation } from '../../queue';
import { NOT_LOGGED_IN } from '../../session';
import { decisionNoticeSince, userPullInterval } from './userPull';

/** `set-country` (POST user/set-country): laid over every pulled user until delivered; the answer is the User. */
const setCountryKind: OutboxKind<typeof SET_COUNTRY_KIND> = {
  overlayUser: (user, record) => {
    const code = record.payload?.countryCode;
    return typeof code === 'string' && (COUNTRY_CODES as readonly string[]).includes(code) ? { ...user, countryCode: code } : user;
  },
  reconcile: async (db, _record, body) => {
    if (!isUser(body)) return { pull: 'user' };
    const current = await db.user.get('me');
    if (current && current.id !== body.id) return { pull: 'user' };
    await db.user.put({ ...body, key: 'me' });
    return null;
  },
  afterRejection: () => ({ pull: 'user' }),
};

export const account = defineFeature({
  name: 'account',
  kinds: { [SET_COUNTRY_KIND]: setCountryKind },
  setup: (ctx) => {
    const { db, session, now, drainer, pullCtx, guard } = ctx;

    async function setCountryNow(countryCode: CountryCode): Promise<CommandResult> {
      if (!(COUNTRY_CODES as readonly string[]).includes(countryCode)) {
        return { ok: false, error: { status: 400, code: 'COUNTRY_INVALID', message: `Unknown country ${countryCode}` } };
      }
      if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
      // After approval the market is staff's (src/domain/users.ts): refused here as the server would, nothing queued.
      const known = await db.user.get('me');
      const locked = known ? countryChangeError(known, known.countryCode ?? null, countryCode) : null;
      if (locked) {
        return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'This cannot be changed after your profile is approved', fields: { countryCode: locked } } };
      }
      await enqueueMutation(
        db,
        { taskId: null, kind: SET_COUNTRY_KIND, method: 'POST', path: routePath(setCountry), payload: { countryCode } },
        {
          now: now(),
          optimistic: async () => {
            const me = await db.user.get('me');
            if (me) await db.user.put({ ...me, countryCode });
          },
        },
      );
      drainer.spawn(drainer.drain({ ignoreBackoff: true }));
      return { ok: true, value: undefined };
    }

    return {
      commands: {
        /** Queued through the outbox; the mirror's user row is updated optimistically. */
        setCountry: queued((countryCode: CountryCode): Promise<CommandResult> => runCommand(ctx.warn, 'setCountry', () => setCountryNow(countryCode))),
        /** Last known position, sent as the `Geolocation` header (spec section 7). */
        setPosition: command(async (position: { latitude: number; longitude: number } | null): Promise<void> => {
          if (position) await db.kv.put({ key: POSITION_KEY, value: { latitude: position.latitude, longitude: position.longitude } });
          else await db.kv.delete(POSITION_KEY);
        }),
        setLocale: command(async (locale: Locale): Promise<void> => {
          await db.kv.put({ key: LOCALE_KEY, value: locale });
        }),
      },
      pulls: [
        {
          stage: 'public',
          run: async (sync) => {
            if (await sync.due('countries', INTERVALS_MS.countries)) sync.start('countries pull', () => pullCountries(pullCtx));
          },
        },
        {
          stage: 'session',
          run: async (sync) => {
            // More often while the profile awaits staff's decision, and at once when a
            // notification says it was made (the onboarding screen shows it without waiting).
            const me = await db.user.get('me');
            const [meta, notices] = await Promise.all([db.meta.get('user'), db.kv.get(NOTIFICATIONS_KEY)]);
            const decided = decisionNoticeSince(notices?.value, meta?.syncedAt);
            if (decided || (await sync.due('user', userPullInterval(me?.status)))) await guard('user pull', () => pullUser(pullCtx));
          },
        },
        {
          stage: 'account',
          run: async (sync) => {
            if (await sync.due('trainings', INTERVALS_MS.trainings)) sync.start('trainings pull', () => pullTrainings(pullCtx));
          },
        },
      ],
      followUps: { user: () => guard('user pull', () => pullUser(pullCtx)) },
    };
  },
});
