/** Test fixtures shared by the onboarding tests: a new LT tasker and the profile wizard's context. */
import type { User } from '#domain/types';
import type { WizardContext } from './profileWizard';

/** A new LT tasker with nothing filled in yet; `over` sets any field. */
export const testUser = (over: Partial<User> = {}): User => ({
  id: 'u1',
  email: 'tasker@example.com',
  firstName: null,
  middleName: null,
  lastName: null,
  fullName: null,
  phone: null,
  countryCode: 'LT',
  status: 'new',
  isNew: true,
  isApproved: false,
  isAwaitingApproval: false,
  isRejected: false,
  isDeactivated: false,
  trainingDone: false,
  paymentDocumentsDone: false,
  profileComplete: false,
  historicalTaskCount: 0,
  rejectionReasons: [],
  rejectionComment: null,
  referralCode: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

/** The wizard's context for a not yet approved LT tasker whose identity document is uploaded. */
export const testWizardContext = (over: Partial<WizardContext> = {}): WizardContext => ({
  country: 'LT',
  approved: false,
  savedMiddleName: null,
  identityDocumentUploaded: true,
  ...over,
});
