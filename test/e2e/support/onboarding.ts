/**
 * Onboarding as the end-to-end tests arrange and check it: JPEG files to pick, valid
 * identifiers (the published examples src/domain/profile.test.ts uses), an account brought to
 * "awaiting approval" through the API when a test is about what comes after, and staff review
 * through the staff API (docs/api.md, "Staff API"). The screens under test are driven by the UI.
 */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { User } from '../../../src/domain/types';
import { encodeJpeg, testPattern } from '../../support/images';
import { STAFF_TOKEN } from './api';
import { waitForCode } from './mailbox';

/** Published examples (python-stdnum, the SWIFT IBAN registry) and a phone with a real area code. */
export const LT_IDENTIFIERS = { nationalId: '33309240064', iban: 'LT12 1000 0111 0100 1000', phone: '+370 612 34567' } as const;
export const PL_IDENTIFIERS = { nationalId: '44051401359', phone: '+48 512 345 678' } as const;

/** A photographed document as the gallery hands it over: a JPEG with some detail. */
export function jpegFile(name: string, frame = 0): { name: string; mimeType: string; buffer: Buffer } {
  return { name, mimeType: 'image/jpeg', buffer: encodeJpeg(testPattern(640, 480, frame), 85) };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const staff = { Authorization: `Bearer ${STAFF_TOKEN}`, 'Shelfwork-Staff-Name': 'E2E reviewer' };

/** POST /api/auth/register, then the code from the dev mailbox: a new account's token. */
export async function registerViaApi(request: APIRequestContext, email: string, country: 'LT' | 'PL' | 'CZ' | 'RO'): Promise<string> {
  const since = new Date();
  const registered = await request.post('/api/auth/register', { data: { email, country } });
  expect(registered.ok(), `register ${email}: ${registered.status()} ${await registered.text()}`).toBe(true);
  const code = await waitForCode(request, email, since);
  const login = await request.post('/api/auth/login', { data: { type: 'email', email, code } });
  expect(login.ok(), `login ${email}: ${login.status()}`).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

/** POST user/<kind> {id} and the PUT of the JPEG to its signed URL, as the sync worker does. */
export async function uploadUserDocument(request: APIRequestContext, token: string, path: 'identity-document' | 'payment-document' | 'profile-photo', jpeg: Buffer): Promise<void> {
  const created = await request.post(`/api/user/${path}`, { headers: auth(token), data: { id: randomUUID() } });
  expect(created.ok(), `POST user/${path}: ${created.status()} ${await created.text()}`).toBe(true);
  const { presignedUrl } = (await created.json()) as { presignedUrl: string };
  const put = await request.put(presignedUrl, { headers: { 'Content-Type': 'image/jpeg' }, data: jpeg });
  expect(put.ok(), `PUT ${path}: ${put.status()} ${await put.text()}`).toBe(true);
}

export async function postProfile(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<User> {
  const response = await request.post('/api/user', { headers: { ...auth(token), 'Idempotency-Key': randomUUID() }, data: body });
  expect(response.ok(), `POST /api/user: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as User;
}

/** A new LT account with its documents and a complete profile, sent for approval through the API. */
export async function ltAccountAwaitingApproval(request: APIRequestContext, email: string): Promise<{ token: string; user: User }> {
  const token = await registerViaApi(request, email, 'LT');
  await uploadUserDocument(request, token, 'payment-document', jpegFile('certificate.jpg', 1).buffer);
  const documents = await request.post('/api/user/payment-documents', { headers: { ...auth(token), 'Idempotency-Key': randomUUID() }, data: { activityCode: '829900' } });
  expect(documents.ok(), `payment documents: ${documents.status()} ${await documents.text()}`).toBe(true);
  await uploadUserDocument(request, token, 'identity-document', jpegFile('id.jpg', 2).buffer);
  const user = await postProfile(request, token, {
    firstName: 'Eglė',
    lastName: 'Petraitytė',
    phone: LT_IDENTIFIERS.phone,
    address: 'Vilniaus g. 10, Vilnius',
    nationalId: LT_IDENTIFIERS.nationalId,
    businessType: 'self_employed',
    iban: LT_IDENTIFIERS.iban,
  });
  expect(user.status, 'a complete LT profile with its documents is sent for approval').toBe('awaiting_approval');
  return { token, user };
}

export interface StaffReview {
  user: User;
  documents: { id: string; kind: string; src: string | null; uploadedAt: string; deletedAt: string | null }[];
  events: { kind: string; actor: string; reasons: string[] | null; comment: string | null; createdAt: string }[];
  trainings: { id: string; title: string; isRequired: boolean; enabled: boolean; doneAt: string | null }[];
}

export async function staffReview(request: APIRequestContext, userId: string): Promise<StaffReview> {
  const response = await request.get(`/api/staff/users/${encodeURIComponent(userId)}`, { headers: staff });
  expect(response.ok(), `staff review of ${userId}: ${response.status()}`).toBe(true);
  return (await response.json()) as StaffReview;
}

export async function staffApprove(request: APIRequestContext, userId: string): Promise<User> {
  const response = await request.post(`/api/staff/users/${encodeURIComponent(userId)}/approve`, { headers: { ...staff, 'Idempotency-Key': randomUUID() } });
  expect(response.ok(), `approve ${userId}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as User;
}

export async function staffReject(request: APIRequestContext, userId: string, reasons: string[], comment: string): Promise<User> {
  const response = await request.post(`/api/staff/users/${encodeURIComponent(userId)}/reject`, {
    headers: { ...staff, 'Idempotency-Key': randomUUID() },
    data: { reasons, comment },
  });
  expect(response.ok(), `reject ${userId}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as User;
}

/** Marks every required, enabled training done for the tasker; answers their ids. */
export async function staffCompleteRequiredTrainings(request: APIRequestContext, userId: string): Promise<string[]> {
  const { trainings } = await staffReview(request, userId);
  const required = trainings.filter((t) => t.isRequired && t.enabled);
  expect(required.length, 'the market has required trainings').toBeGreaterThan(0);
  for (const training of required) {
    const response = await request.post(`/api/staff/users/${encodeURIComponent(userId)}/trainings/${encodeURIComponent(training.id)}/done`, {
      headers: { ...staff, 'Idempotency-Key': randomUUID() },
    });
    expect(response.ok(), `training ${training.id} done: ${response.status()} ${await response.text()}`).toBe(true);
  }
  return required.map((t) => t.id);
}

/**
 * A field of the profile wizard's draft as the app's IndexedDB mirror holds it now (the wizard
 * writes the draft on every change, asynchronously: src/onboarding/ProfileWizardScreen.tsx).
 */
export async function wizardDraftValue(page: Page, field: string): Promise<unknown> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('shelfwork');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const row = await new Promise<{ values?: Record<string, unknown> } | undefined>((resolve, reject) => {
      const request = db.transaction('drafts', 'readonly').objectStore('drafts').get('profile-wizard');
      request.onsuccess = () => resolve(request.result as { values?: Record<string, unknown> } | undefined);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return row?.values?.[name];
  }, field);
}
