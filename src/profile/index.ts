/**
 * The public face of src/profile: what other features may use. Anything not exported here is
 * internal to the feature (lint: boundaries/dependencies in eslint.config.js).
 */
export { addUserDocument, savePaymentDocuments, saveProfile, saveReferredByCode, type ProfileValues } from './mutations';
export { profileFormValues, profileSchema, profileToSave, type ProfileFormValues } from './profileSchema';
export { clearDraft, saveDraft, useBusinesses, useDraft, useFleetPartners, useProfileSaveState, useReferralCode, useReferredByCode, useReferredByCodeState, useUserDocument, type DraftRow, type UserDocumentKind } from './queries';
