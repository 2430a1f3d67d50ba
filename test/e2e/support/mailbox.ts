/**
 * The server's development mailbox (`GET /api/dev/mailbox?email=`), where login codes land when
 * no SMTP server is configured. Tests read codes from it exactly as a developer would.
 */
import { expect, type APIRequestContext } from '@playwright/test';

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  code: string | null;
  sentAt: string;
}

export async function readMailbox(request: APIRequestContext, email: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  expect(response.ok(), `GET /api/dev/mailbox answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { messages: MailboxMessage[] };
  return body.messages;
}

/** Waits for a code mailed to `email` after `since` and returns it. */
export async function waitForCode(request: APIRequestContext, email: string, since: Date): Promise<string> {
  const latest = async (): Promise<string | null> => {
    const messages = await readMailbox(request, email);
    const fresh = messages
      // A second of slack: the server's clock and the test's are the same machine, but not the same call.
      .filter((m) => m.code && Date.parse(m.sentAt) >= since.getTime() - 1000)
      .sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt));
    return fresh[0]?.code ?? null;
  };
  await expect.poll(latest, { message: `a login code mailed to ${email}`, timeout: 15_000 }).toMatch(/^\d{6}$/);
  const code = await latest();
  if (!code) throw new Error(`no login code for ${email}`);
  return code;
}

/** A unique address per run, so the fresh-account tests never collide with earlier runs. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.shelfwork.test`;
}
