/** The tasker's account: profile, market, payment documents, referral codes, document photos. */
import { Type } from '@sinclair/typebox';
import { PROFILE_FIELDS } from '#domain/validation';
import { AUTHED_ERRORS, IdempotentHeaders, Nullable, RuleChecked, defineRoute } from './common';
import type { UserDocumentKind } from '#domain/types';
import { IdentityDocumentSchema, UserDocumentPhotoSchema, UserDocumentUploadTargetSchema, UserSchema } from './models';

const tags = ['user'];

export const getUser = defineRoute({
  method: 'GET',
  url: '/api/user',
  operationId: 'getUser',
  tags,
  summary: 'The signed-in tasker with counts and onboarding state',
  schema: { response: { 200: UserSchema, ...AUTHED_ERRORS } },
});

/** The profile form's fields; each checked by src/domain/profile.ts with the market's rules (codes in `fields`, worded in the tasker's language). */
const ProfileBody = Type.Object({
  ...(Object.fromEntries(PROFILE_FIELDS.map((name) => [name, RuleChecked<string | null>(`Profile field ${name}`)])) as Record<(typeof PROFILE_FIELDS)[number], ReturnType<typeof RuleChecked<string | null>>>),
  countryCode: RuleChecked<string>('Market: LT, PL, CZ or RO (LOCKED once approved)'),
});

export const saveProfile = defineRoute({
  method: 'POST',
  url: '/api/user',
  operationId: 'saveProfile',
  tags,
  summary: 'Save the profile (only the fields sent); answers the user',
  schema: { headers: IdempotentHeaders, body: Type.Partial(ProfileBody), response: { 200: UserSchema, ...AUTHED_ERRORS } },
});

export const setCountry = defineRoute({
  method: 'POST',
  url: '/api/user/set-country',
  operationId: 'setCountry',
  tags,
  summary: 'Choose the market (the profile save with the country alone)',
  schema: {
    headers: IdempotentHeaders,
    body: Type.Object({ countryCode: RuleChecked<string>('LT, PL, CZ or RO (REQUIRED, COUNTRY_INVALID)') }),
    response: { 200: UserSchema, ...AUTHED_ERRORS },
  },
});

export const savePaymentDocuments = defineRoute({
  method: 'POST',
  url: '/api/user/payment-documents',
  operationId: 'savePaymentDocuments',
  tags,
  summary: 'Finish the payment documents step: LT the certificate and activity code 829900, elsewhere the fleet partner',
  schema: {
    headers: IdempotentHeaders,
    body: Type.Object({
      activityCode: Type.Optional(RuleChecked<string>('LT: 829900')),
      fleetPartnerId: Type.Optional(RuleChecked<string>('Outside LT: a fleet partner of the market')),
      registered: Type.Optional(RuleChecked<boolean>('Outside LT: true (registered with the partner)')),
    }),
    response: { 200: UserSchema, ...AUTHED_ERRORS },
  },
});

export const getReferralCode = defineRoute({
  method: 'GET',
  url: '/api/user/referral-code',
  operationId: 'getReferralCode',
  tags,
  summary: "The tasker's own referral code (made on the first ask)",
  schema: { response: { 200: Type.Object({ code: Type.String() }), ...AUTHED_ERRORS } },
});

export const getReferredByCode = defineRoute({
  method: 'GET',
  url: '/api/user/referred-by-code',
  operationId: 'getReferredByCode',
  tags,
  summary: 'The referral code the tasker entered, if any',
  schema: { response: { 200: Type.Object({ code: Nullable(Type.String()) }), ...AUTHED_ERRORS } },
});

export const setReferredByCode = defineRoute({
  method: 'POST',
  url: '/api/user/referred-by-code',
  operationId: 'setReferredByCode',
  tags,
  summary: 'Enter the code of the tasker who referred you (tries counted: 429)',
  schema: {
    headers: IdempotentHeaders,
    body: Type.Object({ code: Type.Optional(RuleChecked<string | null>('A referral code (INVALID, NOT_FOUND)')) }),
    response: { 200: Type.Object({ code: Nullable(Type.String()) }), ...AUTHED_ERRORS },
  },
});

/** `POST /api/user/<kind>`: the document row (idempotent by the client's id) and where to upload its JPEG. */
const createDocument = (path: string, operationId: string, what: string) =>
  defineRoute({
    method: 'POST',
    url: `/api/user/${path}`,
    operationId,
    tags,
    summary: `Make a ${what} row (idempotent by its id) and answer its upload URL (JPEG, PUT there or by tus)`,
    schema: {
      headers: IdempotentHeaders,
      body: Type.Object({ id: RuleChecked<string>('The client-made document id (REQUIRED, INVALID; ID_TAKEN when another row has it)') }),
      response: { 200: UserDocumentUploadTargetSchema, ...AUTHED_ERRORS },
    },
  });

export const createProfilePhoto = createDocument('profile-photo', 'createProfilePhoto', 'profile photo (at most 64 kB)');
export const createIdentityDocument = createDocument('identity-document', 'createIdentityDocument', 'identity document photo');
export const createPaymentDocument = createDocument('payment-document', 'createPaymentDocument', 'payment document photo');

/** The route making a document of each kind. */
export const createUserDocument: Record<UserDocumentKind, typeof createProfilePhoto> = {
  profile_photo: createProfilePhoto,
  identity_document: createIdentityDocument,
  payment_document: createPaymentDocument,
};

export const getProfilePhoto = defineRoute({
  method: 'GET',
  url: '/api/user/profile-photo',
  operationId: 'getProfilePhoto',
  tags,
  summary: 'The newest uploaded profile photo with a signed read URL (404 NOT_FOUND when none)',
  schema: { response: { 200: UserDocumentPhotoSchema, ...AUTHED_ERRORS } },
});

export const getIdentityDocument = defineRoute({
  method: 'GET',
  url: '/api/user/identity-document',
  operationId: 'getIdentityDocument',
  tags,
  summary: 'The newest uploaded identity document with a signed read URL (404 NOT_FOUND when none)',
  schema: { response: { 200: IdentityDocumentSchema, ...AUTHED_ERRORS } },
});
