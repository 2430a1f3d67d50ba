/**
 * Onboarding and profile commands of the sync worker: save the profile, the payment documents,
 * the referred-by code, and add a document photo. Each needs a session, checks its input, applies
 * its optimistic change (the kind's `apply`, ./kinds.ts) and queues its record
 * in ONE transaction on the account queue (taskId null), then kicks the drain. The account queue
 * drains in createdAt order and a record that must be retried holds back the records behind it,
 * so an identity document queued before a profile save with a national ID reaches the server
 * first (the server refuses a national ID without the document).
 */
import { routePath } from '#contracts/api/client';
import { saveProfile, savePaymentDocuments, setReferredByCode } from '#contracts/api/users';
import type { CommandResult } from '#contracts/sync';
import {
  PAYMENT_DOCUMENTS_KIND,
  PROFILE_PAYLOAD_FIELDS,
  REFERRED_BY_CODE_KIND,
  SAVE_PROFILE_KIND,
  USER_DOCUMENT_KIND,
  USER_DOCUMENT_KINDS,
  type PaymentDocumentsPayload,
  type SaveProfilePayload,
  type UserDocumentKind,
} from '#db/outboxKinds';
import type { OutboxRecord } from '#db/schema';
import { COUNTRY_CODES } from '#domain/types';
import { runCommand, toCommand } from '../../command';
import { defineFeature, queued, type FeatureContext } from '../../feature';
import { outboxKind } from '../../kinds';
import { pullProfileDue } from '../../pulls/profile';
import { enqueueMutation, enqueueMutationIf, NO_RECORD, type NewMutation } from '../../queue';
import { NOT_LOGGED_IN } from '../../session';
import { PROFILE_KINDS, userDocumentPath } from './kinds';

/** The profile photo's limit (spec: a 320 px JPEG thumbnail ≤ 64 kB); the server refuses larger ones. */
export const PROFILE_PHOTO_MAX_BYTES = 64 * 1024;
/** Identity and payment document photos: the task photo limit. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const OK: CommandResult = { ok: true, value: undefined };

function invalid(fields: Record<string, string>, message: string): CommandResult {
  return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message, fields } };
}

/**
 * The profile values as they will be sent: only the profile fields (and the country), strings
 * trimmed, '' → null. Anything not a string or null is a field error. The domain's normalisation
 * and rules (src/domain/profile.ts) run on the result when the form is checked.
 */
export function readProfileValues(values: unknown): { payload: SaveProfilePayload; errors: Record<string, string> } {
  const payload: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  if (!values || typeof values !== 'object') return { payload: {}, errors: { values: 'INVALID' } };
  const input = values as Record<string, unknown>;
  for (const field of PROFILE_PAYLOAD_FIELDS) {
    if (!(field in input) || input[field] === undefined) continue;
    const value = input[field];
    if (value === null) payload[field] = null;
    else if (typeof value === 'string') payload[field] = value.trim() === '' ? null : value.trim();
    else errors[field] = 'INVALID';
  }
  if (payload.businessType !== undefined && payload.businessType !== 'self_employed' && payload.businessType !== 'company') {
    if (payload.businessType === null) delete payload.businessType;
    else errors.businessType = 'INVALID';
  }
  if (input.countryCode !== undefined) {
    if (typeof input.countryCode === 'string' && (COUNTRY_CODES as readonly string[]).includes(input.countryCode)) payload.countryCode = input.countryCode;
    else errors.countryCode = 'COUNTRY_INVALID';
  }
  if (input.submit === true) payload.submit = true;
  else if (input.submit !== undefined) errors.submit = 'INVALID';
  return { payload: payload as SaveProfilePayload, errors };
}

function profileCommands(ctx: FeatureContext) {
  const { db, session, now, drainer, warn } = ctx;

  /** Logged in, run, then kick the drain. */
  function execute(what: string, job: () => Promise<CommandResult>): Promise<CommandResult> {
    return runCommand(warn, what, async () => {
      if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
      const result = await job();
      if (result.ok) drainer.spawn(drainer.drain({ ignoreBackoff: true }));
      return result;
    });
  }

  /**
   * Queues an account record with its kind's optimistic change. `supersedes(old)`: which of the
   * owner's earlier REJECTED records of the same kind the new one answers; they are deleted in the
   * same transaction (the form shows the latest save's state, the sync status no stale refusal).
   */
  async function queue(mutation: NewMutation, options: { supersedes?: (old: OutboxRecord) => boolean } = {}): Promise<OutboxRecord> {
    const kind = outboxKind(mutation);
    const at = now();
    return enqueueMutation(db, mutation, {
      now: at,
      tables: [db.kv],
      optimistic: async () => {
        const supersedes = options.supersedes;
        if (supersedes) {
          const me = await db.user.get('me');
          await db.outbox
            .where('state')
            .equals('rejected')
            .filter((r) => r.taskId === null && r.kind === mutation.kind && (r.ownerId == null || r.ownerId === me?.id) && supersedes(r))
            .delete();
        }
        await kind.apply?.(db, { taskId: null, payload: mutation.payload, path: mutation.path, createdAt: at.toISOString() });
      },
    });
  }

  return {
    /** `POST user` with these profile fields (any subset; normalised and checked with the domain rules first). */
    saveProfile: queued((values: SaveProfilePayload) =>
      execute('saveProfile', async () => {
        const { payload, errors } = readProfileValues(values);
        if (Object.keys(errors).length > 0) return invalid(errors, 'Some fields are not valid');
        if (Object.keys(payload).length === 0) return OK;
        // A refused save is answered by a save that sends every field it sent again (the wizard
        // saves a step at a time: a refusal on another step's fields still stands).
        const sent = new Set(Object.keys(payload));
        await queue(
          { taskId: null, kind: SAVE_PROFILE_KIND, method: 'POST', path: routePath(saveProfile), payload },
          { supersedes: (old) => Object.keys(old.payload ?? {}).every((field) => sent.has(field)) },
        );
        return OK;
      }),
    ),

    /** `POST user/payment-documents`: LT `{ activityCode }`, elsewhere `{ fleetPartnerId, registered: true }`. */
    savePaymentDocuments: queued((input: PaymentDocumentsPayload) =>
      execute('savePaymentDocuments', async () => {
        const value = input as Partial<{ activityCode: unknown; fleetPartnerId: unknown; registered: unknown }> | null;
        let payload: PaymentDocumentsPayload;
        if (typeof value?.activityCode === 'string' && value.activityCode.trim() !== '') payload = { activityCode: value.activityCode.trim() };
        else if (typeof value?.fleetPartnerId === 'string' && value.fleetPartnerId !== '') {
          if (value.registered !== true) return invalid({ registered: 'REQUIRED' }, 'Confirm the registration with the fleet partner');
          payload = { fleetPartnerId: value.fleetPartnerId, registered: true };
        } else return invalid({ activityCode: 'REQUIRED' }, 'An activity code or a fleet partner is required');
        await queue({ taskId: null, kind: PAYMENT_DOCUMENTS_KIND, method: 'POST', path: routePath(savePaymentDocuments), payload }, { supersedes: () => true });
        return OK;
      }),
    ),

    /** `POST user/referred-by-code` (trimmed; an empty code is ignored, nothing queued). */
    saveReferredByCode: queued((code: string) =>
      execute('saveReferredByCode', async () => {
        if (typeof code !== 'string') return invalid({ code: 'INVALID' }, 'Invalid code');
        const trimmed = code.trim();
        // The server ignores an empty code (it answers the current one): nothing to send.
        if (trimmed === '') return OK;
        await queue({ taskId: null, kind: REFERRED_BY_CODE_KIND, method: 'POST', path: routePath(setReferredByCode), payload: { code: trimmed } }, { supersedes: () => true });
        return OK;
      }),
    ),

    /** Stores the (already resized) JPEG in the mirror and queues its upload (POST, then PUT). */
    addUserDocument: queued((kind: UserDocumentKind, blob: Blob) =>
      execute('addUserDocument', async () => {
        if (!(USER_DOCUMENT_KINDS as readonly string[]).includes(kind)) return invalid({ kind: 'INVALID' }, 'Unknown document kind');
        if (!(blob instanceof Blob) || blob.size === 0) return invalid({ blob: 'REQUIRED' }, 'The photo has no image');
        if (blob.type !== '' && blob.type !== 'image/jpeg') return { ok: false, error: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only JPEG photos can be uploaded' } };
        const max = kind === 'profile_photo' ? PROFILE_PHOTO_MAX_BYTES : DOCUMENT_MAX_BYTES;
        if (blob.size > max) return { ok: false, error: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: `The photo is larger than ${Math.round(max / 1024)} kB` } };
        const id = crypto.randomUUID();
        const createdAt = now().toISOString();
        await enqueueMutationIf(
          db,
          { taskId: null, kind: USER_DOCUMENT_KIND, method: 'POST', path: userDocumentPath(kind), payload: { id } },
          {
            now: now(),
            tables: [db.userDocuments],
            optimistic: async () => {
              const me = await db.user.get('me');
              const ownerId = me?.id ?? null;
              await db.userDocuments.add({ id, kind, blob, uploadState: 'local', src: null, createdAt, ownerId });
              // The user shows the document's flag while it waits (the kind's optimistic change).
              await PROFILE_KINDS[USER_DOCUMENT_KIND].apply?.(db, { taskId: null, payload: { id }, path: userDocumentPath(kind), createdAt });
              // A photo of this kind still waiting and never attempted is replaced in its record,
              // which keeps its place in the queue (a profile save queued behind it with a
              // national ID must still find the identity document on the server first).
              const waiting = await db.userDocuments.where('kind').equals(kind).filter((d) => d.id !== id && d.uploadState === 'local' && (d.ownerId ?? null) === ownerId).toArray();
              for (const old of waiting) {
                const record = await db.outbox.filter((r) => r.kind === USER_DOCUMENT_KIND && r.payload.id === old.id).first();
                if (!record || record.state !== 'pending' || record.attempts > 0) continue;
                await db.outbox.update(record.id, { payload: { id }, recordedAt: createdAt });
                await db.userDocuments.delete(old.id);
                return NO_RECORD;
              }
            },
          },
        );
        return OK;
      }),
    ),
  };
}

export interface ProfileSignals {
  /**
   * An onboarding or profile screen is open: fleet partners, referral codes, supervisor,
   * businesses and the documents' links are pulled while it is, when due.
   */
  profile?: boolean;
}

/** Onboarding and profile: the saves and document photos (the account queue) and their pulls. */
export const profile = defineFeature({
  name: 'profile',
  kinds: PROFILE_KINDS,
  setup: (ctx) => {
    let watched = false;

    /** While a profile screen is open: its reference data and document links, each when due (pulls/profile.ts). */
    async function pullProfile(options: { eager: boolean; force: boolean }): Promise<void> {
      await ctx.guard('profile pulls', async () => {
        await ctx.ready;
        if (!(await ctx.session.tokens())) return;
        const user = await ctx.db.user.get('me');
        if (!user) return;
        await pullProfileDue(ctx.pullCtx, user, options, (what, job) => ctx.guard(what, job));
      });
    }

    return {
      commands: profileCommands(ctx),
      watch: (signals: ProfileSignals) => {
        if (signals.profile === undefined) return;
        const opened = signals.profile && !watched;
        watched = signals.profile;
        // A profile screen opened: what it shows is pulled now if due (never a full sync).
        if (opened) ctx.chain(() => pullProfile({ eager: false, force: false }));
      },
      forget: () => {
        watched = false;
      },
      pulls: [
        {
          stage: 'account',
          run: async (sync) => {
            if (watched) sync.start('profile pulls', () => pullProfile({ eager: sync.eager, force: sync.force }));
          },
        },
      ],
    };
  },
});
