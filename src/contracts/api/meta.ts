/** The API's own description. */
import { Type } from '@sinclair/typebox';
import { COMMON_ERRORS, defineRoute } from './common';

export const openApiDocument = defineRoute({
  method: 'GET',
  url: '/api/openapi.json',
  operationId: 'openApiDocument',
  tags: ['meta'],
  summary: 'Public: this API as an OpenAPI 3.1 document, generated from the route definitions (src/contracts/api)',
  schema: { response: { 200: Type.Object({ openapi: Type.String(), paths: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: true }), ...COMMON_ERRORS } },
});
