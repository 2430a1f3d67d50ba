/**
 * Support in the sync worker: `submitSupportRequest(body)` checks the message with the
 * domain rule (src/domain/support.ts), queues `POST support/submit-support-request` on the account
 * queue (works offline; the record id is its Idempotency-Key, so it arrives once) and kicks the
 * drain; `refreshSupportContact()` asks GET country/support-contact (online) and keeps it in kv
 * (SUPPORT_CONTACT_KV_KEY), where /support and the deactivated screen read it, offline too.
 */
import { routePath } from '#contracts/api/client';
import { submitSupportRequest, supportContact } from '#contracts/api/support';
import { SUPPORT_REQUEST_KIND } from '#db/outboxKinds';
import { SUPPORT_CONTACT_KV_KEY, readSupportContact, validateSupportMessage } from '#domain/support';
import { runCommand, toCommand } from '../../command';
import { command, defineFeature, queued, type FeatureContext } from '../../feature';
import { enqueueMutation } from '../../queue';
import { NOT_LOGGED_IN } from '../../session';
import { supportRequestKind } from './kind';

/** The record's path: POST support/submit-support-request. */
export const SUPPORT_REQUEST_PATH = routePath(submitSupportRequest);

function supportCommands(ctx: FeatureContext) {
  const { db, session, now, drainer, warn } = ctx;
  return {
    /** `POST support/submit-support-request {body}` queued on the account queue (works offline, arrives once). */
    submitSupportRequest: queued((body: string) =>
      runCommand(warn, 'submitSupportRequest', async () => {
        if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
        const error = validateSupportMessage(body);
        if (error) return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fields: { body: error } } };
        await enqueueMutation(db, { taskId: null, kind: SUPPORT_REQUEST_KIND, method: 'POST', path: SUPPORT_REQUEST_PATH, payload: { body: body.trim() } }, { now: now() });
        drainer.spawn(drainer.drain({ ignoreBackoff: true }));
        return { ok: true, value: undefined };
      }),
    ),

    /** GET country/support-contact into kv (src/domain/support.ts SUPPORT_CONTACT_KV_KEY); online only. */
    refreshSupportContact: command(() =>
      runCommand(warn, 'refreshSupportContact', async () => {
        if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
        const result = await session.call(supportContact);
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
    ),
  };
}

export const support = defineFeature({
  name: 'support',
  kinds: { [SUPPORT_REQUEST_KIND]: supportRequestKind },
  setup: (ctx) => ({ commands: supportCommands(ctx) }),
});
