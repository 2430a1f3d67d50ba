/** The tasker screens' words: statuses, the profile fields a rejection names, document kinds. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { PROFILE_FIELDS } from '#domain/validation';
import { USER_STATUSES, type UserStatus } from '#domain/types';

export { USER_STATUSES };

export const STATUS_LABELS: Record<UserStatus, MessageDescriptor> = {
  new: msg`New`,
  awaiting_approval: msg`Awaiting approval`,
  active: msg`Active`,
  rejected: msg`Rejected`,
  deactivated: msg`Deactivated`,
};

/** A task's status in a tasker's history ('cancelled': a reservation they gave back). */
export const TASK_STATUS_LABELS: Record<string, MessageDescriptor> = {
  available: msg`Available`,
  reserved: msg`Reserved`,
  in_progress: msg`In progress`,
  awaiting_confirmation: msg`Awaiting confirmation`,
  accepted: msg`Accepted`,
  rejected: msg`Rejected`,
  expired: msg`Expired`,
  cancelled: msg`Cancelled`,
};

/** The kinds of a tasker's review history (server/users/events.ts). */
export const EVENT_LABELS: Record<string, MessageDescriptor> = {
  submitted: msg`Profile sent`,
  resubmitted: msg`Profile sent again`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  training_done: msg`Training done`,
  training_undone: msg`Training not done`,
  deactivated: msg`Deactivated`,
  reactivated: msg`Reactivated`,
};

/** What a rejection may name (the server's REJECTION_REASON_FIELDS): the profile fields and the documents. */
export const REASON_FIELDS = [...PROFILE_FIELDS, 'identityDocument', 'paymentDocuments', 'profilePhoto'] as const;
export type ReasonField = (typeof REASON_FIELDS)[number];

export const FIELD_LABELS: Record<ReasonField, MessageDescriptor> = {
  firstName: msg`First name`,
  middleName: msg`Middle name`,
  lastName: msg`Last name`,
  phone: msg`Phone`,
  address: msg`Address`,
  nationalId: msg`National ID number`,
  iban: msg`IBAN`,
  postalCode: msg`Postal code`,
  businessType: msg`Business type`,
  individualActivityNo: msg`Individual activity number`,
  legalEntityName: msg`Company name`,
  legalEntityNumber: msg`Company number`,
  vatCode: msg`VAT code`,
  businessId: msg`Business ID`,
  identityDocument: msg`Identity document`,
  paymentDocuments: msg`Payment documents`,
  profilePhoto: msg`Profile photo`,
};

export const DOCUMENT_LABELS: Record<'profile_photo' | 'identity_document' | 'payment_document', MessageDescriptor> = {
  profile_photo: msg`Profile photo`,
  identity_document: msg`Identity document`,
  payment_document: msg`Payment document`,
};

export function isReasonField(value: string): value is ReasonField {
  return (REASON_FIELDS as readonly string[]).includes(value);
}

/** A tasker as staff name them: the full name, else first and last, else the e-mail. */
export function taskerName(user: { fullName: string | null; firstName: string | null; lastName: string | null; email: string }): string {
  return user.fullName?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}
