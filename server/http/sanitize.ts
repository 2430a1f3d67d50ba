/**
 * PostgreSQL text cannot hold NUL characters; a string containing one would fail in the driver
 * (a 500). Refuse such input up front with a 400, for bodies, query strings and path params.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

function containsNul(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
  }
  return false;
}

export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
    throw badRequest({ input: 'INVALID_CHARACTERS' }, 'Input contains a NUL character');
  }
}
