/** What the support screens read from the mirror: the market's contact and the messages not sent yet. */
import { useEffect } from 'react';
import { SUPPORT_REQUEST_KIND } from '#db/outboxKinds';
import type { OutboxRecord } from '#db/schema';
import { SUPPORT_CONTACT_KV_KEY, readSupportContact, type SupportContact } from '#domain/support';
import { useKv, useOutbox } from '../sync/hooks';
import { refreshSupportContact } from './mutations';

/** The market's support phone and email (asked once per mount when online; the mirror answers offline). */
export function useSupportContact(): SupportContact | null | undefined {
  const value = useKv<unknown>(SUPPORT_CONTACT_KV_KEY);
  useEffect(() => {
    void refreshSupportContact();
  }, []);
  return value === undefined ? undefined : readSupportContact(value);
}

/** The support messages still in the outbox: waiting to be sent, or refused by the server. */
export function useUnsentSupportRequests(): OutboxRecord[] {
  const outbox = useOutbox();
  return (outbox ?? []).filter((r) => r.kind === SUPPORT_REQUEST_KIND);
}
