/**
 * The onboarding and profile commands, through the one command layer (src/sync/commands.ts): each
 * writes the mirror and queues an outbox record in the sync worker, so it works offline (queued,
 * shown at once, delivered exactly once when the signal returns); a failure — a rule the worker
 * checked (400 with `fields`), a full disk, a missing worker — is a result, never a throw. A
 * refusal by the server arrives later, through the outbox: `useProfileSaveState` (./queries.ts).
 * Screens import these and ./queries.ts, never the worker client.
 */
import type { PaymentDocumentsPayload, SaveProfilePayload, UserDocumentKind } from '#db/outboxKinds';
import { runCommand, sendSignal, type CommandResult } from '../sync/commands';

export type { CommandResult, UserDocumentKind };
/** The profile fields a save carries (any subset; the domain's ProfileInput), and the country while not approved. */
export type ProfileValues = SaveProfilePayload;
/** LT: `{ activityCode: '829900' }`; PL, CZ, RO: `{ fleetPartnerId, registered: true }`. */
export type PaymentDocumentsInput = PaymentDocumentsPayload;

/** `POST user` with these fields (trimmed, '' → null); queued, and laid over the user until delivered. */
export function saveProfile(values: ProfileValues): Promise<CommandResult> {
  return runCommand((api) => api.saveProfile(values));
}

export function savePaymentDocuments(input: PaymentDocumentsInput): Promise<CommandResult> {
  return runCommand((api) => api.savePaymentDocuments(input));
}

/** Trimmed by the worker; an empty code is ignored (ok, nothing queued). */
export function saveReferredByCode(code: string): Promise<CommandResult> {
  return runCommand((api) => api.saveReferredByCode(code));
}

/**
 * Stores the JPEG (already resized: the profile photo ≤ 64 kB) in the mirror and queues its
 * upload; `useUserDocument(kind)` shows it at once from the device.
 */
export function addUserDocument(kind: UserDocumentKind, blob: Blob): Promise<CommandResult> {
  return runCommand((api) => api.addUserDocument(kind, blob));
}

/**
 * An onboarding or profile screen is open (true) or closed (false): the worker then pulls fleet
 * partners, referral codes, the supervisor, businesses and document links when due.
 */
export function watchProfile(open: boolean): Promise<void> {
  return sendSignal('watch(profile)', (api) => api.watch({ profile: open }));
}

// Hooks for handlers (stable module functions).
export const useSaveProfile = () => saveProfile;
export const useSavePaymentDocuments = () => savePaymentDocuments;
export const useSaveReferredByCode = () => saveReferredByCode;
export const useAddUserDocument = () => addUserDocument;
