/** Support: the market's support contact and a message to support (stored, then mailed). */
import { Type } from '@sinclair/typebox';
import { AUTHED_ERRORS, IdempotentHeaders, QueryString, RuleChecked, defineRoute } from './common';
import { SupportContactSchema, SupportRequestAnswerSchema } from './models';

const tags = ['support'];

export const supportContact = defineRoute({
  method: 'GET',
  url: '/api/country/support-contact',
  operationId: 'supportContact',
  tags,
  summary: "The support phone and email of the tasker's market, or of `country` (404 NOT_FOUND when none)",
  schema: {
    querystring: Type.Object({ country: Type.Optional(QueryString('LT, PL, CZ or RO (COUNTRY_INVALID)')) }, { additionalProperties: true }),
    response: { 200: SupportContactSchema, ...AUTHED_ERRORS },
  },
});

export const submitSupportRequest = defineRoute({
  method: 'POST',
  url: '/api/support/submit-support-request',
  operationId: 'submitSupportRequest',
  tags,
  summary: 'Send a message to support (counted per tasker: 429 with Retry-After); answers where support will reply',
  schema: {
    headers: IdempotentHeaders,
    body: Type.Object({ body: Type.Optional(RuleChecked<string>('Required: the message, 3 to 499 characters (REQUIRED, TOO_SHORT, TOO_LONG)')) }),
    response: { 200: SupportRequestAnswerSchema, ...AUTHED_ERRORS },
  },
});
