/**
 * What the tasker ticked and chose before pressing "Continue with Google", kept in the mirror's
 * drafts (src/shared/drafts.ts) while the window is at Google: coming back with the back button,
 * after a cancel or a refusal, the login and register screens show the same ticks, e-mail and
 * country, and the callback screen knows where the sign-in started (its way back, and the country
 * it offers when the Google account has no Shelfwork account yet). Cleared once signed in.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, type DraftRow } from '#db/schema';
import { clearDraft, sameTypesAs, saveDraft } from '../shared/drafts';
import { within } from '../shared/within';
import type { GoogleIntent } from './mutations';

export const GOOGLE_DRAFT_KEY = 'access:google';

export interface GoogleDraft {
  intent: GoogleIntent;
  email: string;
  /** Registration's market ('' on the login screen, or when none was chosen). */
  country: string;
  terms: boolean;
  privacy: boolean;
  communication: boolean;
  /** The state of the authorization URL this app was sent to ('' before one was started). */
  state: string;
}

export const EMPTY_GOOGLE_DRAFT: GoogleDraft = { intent: 'login', email: '', country: '', terms: false, privacy: false, communication: false, state: '' };

/** Whether the callback's state is the one this app started (and kept): only then is its code sent. */
export function startedHere(kept: GoogleDraft, state: string | null): boolean {
  return kept.state !== '' && state !== null && kept.state === state;
}

const readDraft = sameTypesAs<Record<keyof GoogleDraft, string | boolean>>(EMPTY_GOOGLE_DRAFT);

/** A stored draft as a `GoogleDraft` (a value of another shape falls back to the empty one's fields). */
export function readGoogleDraft(saved: unknown): GoogleDraft {
  const values = readDraft(saved) as unknown as GoogleDraft;
  return { ...values, intent: values.intent === 'register' ? 'register' : 'login' };
}

/** What `readGoogleDraftAhead` found: the hook's first answer, so the form's first paint has it. */
let draftReadAhead: DraftRow<unknown> | null | undefined;

/**
 * Reads the kept draft before the login or register screen first renders (at most `capMs`): the
 * form then opens whole, instead of an empty card a moment before it (the card would jump).
 */
export async function readGoogleDraftAhead(capMs = 300): Promise<void> {
  const read = getDb()
    .drafts.get(GOOGLE_DRAFT_KEY)
    .then((row) => (row as DraftRow<unknown> | undefined) ?? null)
    .catch(() => undefined);
  draftReadAhead = await within(read, capMs);
}

/** The kept draft (`undefined` while IndexedDB is read; the empty draft when there is none). */
export function useGoogleDraft(): GoogleDraft | undefined {
  const draft = useLiveQuery(async () => ((await getDb().drafts.get(GOOGLE_DRAFT_KEY)) as DraftRow<unknown> | undefined) ?? null, [], draftReadAhead);
  return draft === undefined ? undefined : readGoogleDraft(draft?.values);
}

export function saveGoogleDraft(values: GoogleDraft): Promise<void> {
  return saveDraft(GOOGLE_DRAFT_KEY, values);
}

export function clearGoogleDraft(): Promise<void> {
  return clearDraft(GOOGLE_DRAFT_KEY);
}
