/** The tasker's account: profile, market, payment documents, referral codes. */
import { Type } from '@sinclair/typebox';
import { PROFILE_FIELDS } from '#domain/validation';
import { AUTHED_ERRORS, IdempotentHeaders, Nullable, RuleChecked, defineRoute } from './common';
import { UserSchema } from './models';

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
