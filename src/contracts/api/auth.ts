/** Auth routes: login codes by email, Google sign-in, registration, password login (demo accounts), token rotation. */
import { Type } from '@sinclair/typebox';
import { COMMON_ERRORS, Nullable, OkSchema, RuleChecked, defineRoute, errors } from './common';
import { AuthTokensSchema } from './models';

const tags = ['auth'];
/** Public, throttled per address and per account (429 with Retry-After); 420 for the business refusals. */
const AUTH_ERRORS = { ...COMMON_ERRORS, ...errors(420) };
const Email = RuleChecked<string>('Email address (REQUIRED, TOO_LONG, EMAIL_INVALID)');

export const sendEmailCode = defineRoute({
  method: 'POST',
  url: '/api/auth/send-email-code',
  operationId: 'sendEmailCode',
  tags,
  summary: 'Mail a login code to an existing account (420 USER_NOT_FOUND otherwise)',
  schema: { body: Type.Object({ email: Email }), response: { 200: OkSchema, ...AUTH_ERRORS } },
});

export const register = defineRoute({
  method: 'POST',
  url: '/api/auth/register',
  operationId: 'register',
  tags,
  summary: 'Create an account in a market and mail its first login code',
  schema: {
    body: Type.Object({ email: Email, country: RuleChecked<string>('Market: LT, PL, CZ or RO (REQUIRED, COUNTRY_INVALID)') }),
    response: { 200: OkSchema, ...AUTH_ERRORS },
  },
});

export const login = defineRoute({
  method: 'POST',
  url: '/api/auth/login',
  operationId: 'login',
  tags,
  summary: 'Log in with the mailed code, or with Google (the code and state of its redirect): an access token and a refresh token',
  schema: {
    body: Type.Object({
      type: Type.Optional(
        Nullable(Type.Union([Type.Literal('email'), Type.Literal('google')], { description: 'email (default): email + the mailed code; google: the code, state and iss of the redirect from Google' })),
      ),
      email: Type.Optional(Email),
      code: RuleChecked<string>('The mailed code (REQUIRED, CODE_INVALID), or the authorization code of the redirect from Google (REQUIRED, TOO_LONG)'),
      state: Type.Optional(RuleChecked<string>('google: the state of the redirect (REQUIRED, TOO_LONG)')),
      iss: Type.Optional(RuleChecked<string>('google: the iss of the redirect, when the provider sends one (RFC 9207)')),
    }),
    response: { 200: AuthTokensSchema, ...AUTH_ERRORS },
  },
});

export const authProviders = defineRoute({
  method: 'GET',
  url: '/api/auth/providers',
  operationId: 'authProviders',
  tags,
  summary: 'The sign-in methods this server offers (google: false when it has no Google client)',
  schema: { response: { 200: Type.Object({ email: Type.Literal(true), google: Type.Boolean() }, { title: 'SignInProviders' }), ...COMMON_ERRORS } },
});

export const googleStart = defineRoute({
  method: 'POST',
  url: '/api/auth/google/start',
  operationId: 'googleStart',
  tags,
  summary: "Start a Google sign-in (10 minutes, once): the URL of Google's authorization page (420 GOOGLE_LOGIN_UNAVAILABLE when Google is off)",
  schema: {
    body: Type.Object({
      intent: RuleChecked<'login' | 'register'>('login or register (REQUIRED, INVALID)'),
      country: Type.Optional(Nullable(RuleChecked<string>('register: the market of a new account, LT, PL or RO (REQUIRED, COUNTRY_INVALID)'))),
    }),
    response: { 200: Type.Object({ authorizationUrl: Type.String() }, { title: 'GoogleAuthorization' }), ...AUTH_ERRORS },
  },
});

export const googleRegister = defineRoute({
  method: 'POST',
  url: '/api/auth/google/register',
  operationId: 'googleRegister',
  tags,
  summary: 'Finish a Google sign-in refused with GOOGLE_REGISTRATION_REQUIRED: the account in the chosen market, with the e-mail Google verified; tokens',
  schema: {
    body: Type.Object({
      state: RuleChecked<string>('The state of that sign-in (REQUIRED, TOO_LONG)'),
      country: RuleChecked<string>('Market: LT, PL or RO (REQUIRED, COUNTRY_INVALID)'),
    }),
    response: { 200: AuthTokensSchema, ...AUTH_ERRORS },
  },
});

export const passwordLogin = defineRoute({
  method: 'POST',
  url: '/api/auth/password-login',
  operationId: 'passwordLogin',
  tags,
  summary: 'Log in with email and password (the demo accounts)',
  schema: {
    body: Type.Object({
      username: Type.Optional(Nullable(Type.String({ description: 'The email; at most 254 characters' }))),
      password: Type.Optional(Nullable(Type.String({ description: 'At most 200 characters' }))),
    }),
    response: { 200: AuthTokensSchema, ...AUTH_ERRORS },
  },
});

export const token = defineRoute({
  method: 'POST',
  url: '/api/auth/token',
  operationId: 'refreshToken',
  tags,
  summary: 'Rotate a refresh token: a new pair (reusing a rotated one revokes the family)',
  schema: {
    body: Type.Object({ refreshToken: Type.Optional(Nullable(Type.String({ description: 'At most 200 characters' }))) }),
    response: { 200: AuthTokensSchema, ...AUTH_ERRORS, ...errors(401) },
  },
});
