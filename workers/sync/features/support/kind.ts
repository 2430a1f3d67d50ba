/**
 * `support-request` (POST support/submit-support-request {body}) on the account queue.
 * Nothing in the mirror changes with it (the screen lists the records still waiting, or refused,
 * from the outbox); the 2xx answer needs no follow-up. A refusal (400 with `fields`) stays as a
 * rejected record with the server's message: the screen shows it and keeps the text as a draft.
 */
import type { SUPPORT_REQUEST_KIND } from '#db/outboxKinds';
import type { OutboxKind } from '../../kinds';

export const supportRequestKind: OutboxKind<typeof SUPPORT_REQUEST_KIND> = {
  reconcile: async () => null,
  afterRejection: () => null,
};
