/**
 * Support in the sync worker (issue 14): `submitSupportRequest(body)` checks the message with the
 * domain rule (src/domain/support.ts), queues `POST support/submit-support-request` on the account
 * queue (works offline; the record id is its Idempotency-Key, so it arrives once) and kicks the
 * drain; `refreshSupportContact()` asks GET country/support-contact (online) and keeps it in kv
 * (SUPPORT_CONTACT_KV_KEY), where /support and the deactivated screen read it, offline too.
 */
import type { CommandResult } from '#contracts/sync';
import { SUPPORT_REQUEST_KIND } from '#db/outboxKinds';
import type { ShelfworkDb } from '#db/schema';
import { SUPPORT_CONTACT_KV_KEY, readSupportContact, validateSupportMessage } from '#domain/support';
import { enqueueMutation } from '../queue';
import { NOT_LOGGED_IN, type Session } from '../session';
import { runCommand, toCommand, type Warn } from './command';
import type { Drainer } from './drainer';

export interface SupportDeps {
  db: ShelfworkDb;
  session: Session;
  now: () => Date;
  drainer: Drainer;
  warn: Warn;
}

export const SUPPORT_REQUEST_PATH = 'support/submit-support-request';

export interface SupportHandlers {
  submitSupportRequest(body: string): Promise<CommandResult>;
  refreshSupportContact(): Promise<CommandResult>;
}

export function supportHandlers(deps: SupportDeps): SupportHandlers {
  const { db, session, now, drainer, warn } = deps;
  return {
    submitSupportRequest: (body) =>
      runCommand(warn, 'submitSupportRequest', async () => {
        if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
        const error = validateSupportMessage(body);
        if (error) return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fields: { body: error } } };
        await enqueueMutation(db, { taskId: null, kind: SUPPORT_REQUEST_KIND, method: 'POST', path: SUPPORT_REQUEST_PATH, payload: { body: body.trim() } }, { now: now() });
        drainer.spawn(drainer.drain({ ignoreBackoff: true }));
        return { ok: true, value: undefined };
      }),

    refreshSupportContact: () =>
      runCommand(warn, 'refreshSupportContact', async () => {
        if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
        const result = await session.request<unknown>('GET', 'country/support-contact');
        if (!result.ok) {
          if (result.status === 404) await db.kv.put({ key: SUPPORT_CONTACT_KV_KEY, value: null });
          return result.status === 404 ? { ok: true, value: undefined } : toCommand(result);
        }
        const contact = readSupportContact(result.body);
        if (!contact) return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed support contact' } };
        await db.transaction('rw', [db.session, db.kv], async () => {
          if (!(await db.session.get('tokens'))) return;
          await db.kv.put({ key: SUPPORT_CONTACT_KV_KEY, value: contact });
        });
        return { ok: true, value: undefined };
      }),
  };
}
