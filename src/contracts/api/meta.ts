/** The API's own description. */
import { Type } from '@sinclair/typebox';
import { COMMON_ERRORS, ErrorBodySchema, defineRoute } from './common';

export const openApiDocument = defineRoute({
  method: 'GET',
  url: '/api/openapi.json',
  operationId: 'openApiDocument',
  tags: ['meta'],
  summary: 'Public: this API as an OpenAPI 3.1 document, generated from the route definitions (src/contracts/api)',
  schema: { response: { 200: Type.Object({ openapi: Type.String(), paths: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: true }), ...COMMON_ERRORS } },
});

/**
 * Operations: the process's metrics in the Prometheus text format, only with
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); registered only when METRICS_TOKEN is
 * set (else 404). Outside /api and hidden from the public OpenAPI document.
 */
export const metrics = defineRoute({
  method: 'GET',
  url: '/metrics',
  operationId: 'metrics',
  tags: ['meta'],
  summary: 'Operations: Prometheus metrics (Authorization: Bearer METRICS_TOKEN); absent while METRICS_TOKEN is unset',
  schema: { hide: true, response: { 200: Type.String({ description: 'Prometheus text format 0.0.4' }), 401: ErrorBodySchema, ...COMMON_ERRORS } },
});
