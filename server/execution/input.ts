/**
 * Body readers of the execution endpoints. Each returns the parsed value or throws a 400
 * VALIDATION_FAILED with per-field codes; odd JSON (wrong types, huge arrays, nested objects)
 * never reaches the database. Scanned items are checked with the shared rules in
 * src/domain/ean.ts (the same ones the scanner screen uses).
 */
import { badRequest } from '../http/errors';
import { asBody, isPlausibleId } from '../http/input';
import { validateScannedItem } from '#domain/ean';
import { EAN_INVALID_WORDS, ITEMS_INVALID_WORDS } from '#domain/errorWords';
import { readTimestamp } from '#domain/time';
import { readCompletion, type CompletionInput } from '#domain/completion';
import { PHOTO_TAGS, type PhotoTag } from '#domain/types';

export const MAX_IDS = 500;
export const MAX_SCANNED_ITEMS = 2000;
export const MAX_PHOTOS_PER_REQUEST = 50;
export const COMMENT_MAX = 2000;

// The app's words (spec section 5), the page's too: the localizer finds their translations.
export const EAN_INVALID_MESSAGE = EAN_INVALID_WORDS.message;
export const ITEMS_INVALID_MESSAGE = ITEMS_INVALID_WORDS.message;

export function readBody(raw: unknown): Record<string, unknown> {
  const body = asBody(raw);
  if (!body) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
  return body;
}

/** An array of plausible ids, deduplicated in order. */
export function readIdList(body: Record<string, unknown>, field: string, options: { min?: number } = {}): string[] {
  const value = body[field];
  if (value === undefined || value === null) throw badRequest({ [field]: 'REQUIRED' });
  if (!Array.isArray(value)) throw badRequest({ [field]: 'INVALID' });
  if (value.length > MAX_IDS) throw badRequest({ [field]: 'TOO_MANY' });
  if (!value.every(isPlausibleId)) throw badRequest({ [field]: 'INVALID' });
  const ids = [...new Set(value as string[])];
  if (ids.length < (options.min ?? 0)) throw badRequest({ [field]: 'REQUIRED' });
  return ids;
}

function readComment(value: unknown, field: string, errors: Record<string, string>, required: boolean): string {
  if (value === undefined || value === null) {
    if (required) errors[field] = 'REQUIRED';
    return '';
  }
  if (typeof value !== 'string') {
    errors[field] = 'INVALID';
    return '';
  }
  const text = value.trim();
  if (text.length > COMMENT_MAX) errors[field] = 'TOO_LONG';
  return text;
}

export interface ParsedScannedItem {
  id: string;
  ean: string;
  facings: number;
  scannedAt: Date;
}

export function readScannedItems(body: Record<string, unknown>): ParsedScannedItem[] {
  const value = body.items;
  if (value === undefined || value === null) throw badRequest({ items: 'REQUIRED' });
  if (!Array.isArray(value)) throw badRequest({ items: 'INVALID' });
  if (value.length > MAX_SCANNED_ITEMS) throw badRequest({ items: 'TOO_MANY' }, ITEMS_INVALID_MESSAGE);
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  const items: ParsedScannedItem[] = [];
  value.forEach((raw: unknown, i) => {
    const item = asBody(raw);
    if (!item) {
      errors[`items.${i}`] = 'INVALID';
      return;
    }
    if (!isPlausibleId(item.id)) errors[`items.${i}.id`] = item.id === undefined || item.id === null ? 'REQUIRED' : 'INVALID';
    else if (seen.has(item.id)) errors[`items.${i}.id`] = 'DUPLICATE';
    else seen.add(item.id);
    for (const code of validateScannedItem({ ean: item.ean, facings: item.facings })) {
      const field = code.startsWith('EAN') ? 'ean' : 'facings';
      errors[`items.${i}.${field}`] ??= code;
    }
    // Shared rules (src/domain/time.ts): REQUIRED, INVALID, OUT_OF_RANGE (outside 2000–2099).
    const { value: scannedAt, error: timestampError } = readTimestamp(item.timestamp);
    if (timestampError) errors[`items.${i}.timestamp`] = timestampError;
    if (scannedAt && typeof item.id === 'string' && typeof item.ean === 'string') {
      const facings = typeof item.facings === 'number' ? item.facings : Number(String(item.facings).trim());
      items.push({ id: item.id, ean: item.ean.trim(), facings, scannedAt });
    }
  });
  if (Object.keys(errors).length > 0) {
    const eanInvalid = Object.values(errors).includes('EAN_INVALID');
    throw badRequest(errors, eanInvalid ? EAN_INVALID_MESSAGE : ITEMS_INVALID_MESSAGE);
  }
  return items;
}

export interface ParsedNewPhoto {
  id: string;
  comment: string;
  tags: PhotoTag[];
}

export function readNewPhotos(body: Record<string, unknown>): ParsedNewPhoto[] {
  const value = body.photos;
  if (value === undefined || value === null) throw badRequest({ photos: 'REQUIRED' });
  if (!Array.isArray(value)) throw badRequest({ photos: 'INVALID' });
  if (value.length === 0) throw badRequest({ photos: 'REQUIRED' });
  if (value.length > MAX_PHOTOS_PER_REQUEST) throw badRequest({ photos: 'TOO_MANY' });
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  const photos: ParsedNewPhoto[] = [];
  value.forEach((raw: unknown, i) => {
    const p = asBody(raw);
    if (!p) {
      errors[`photos.${i}`] = 'INVALID';
      return;
    }
    let id: string | null = null;
    if (!isPlausibleId(p.id)) errors[`photos.${i}.id`] = p.id === undefined || p.id === null ? 'REQUIRED' : 'INVALID';
    else if (seen.has(p.id)) errors[`photos.${i}.id`] = 'DUPLICATE';
    else {
      seen.add(p.id);
      id = p.id;
    }
    const comment = readComment(p.comment, `photos.${i}.comment`, errors, false);
    let tags: PhotoTag[] = [];
    if (p.tags !== undefined && p.tags !== null) {
      if (!Array.isArray(p.tags) || p.tags.length > PHOTO_TAGS.length * 2 || !p.tags.every((t) => (PHOTO_TAGS as readonly unknown[]).includes(t))) {
        errors[`photos.${i}.tags`] = 'INVALID';
      } else tags = [...new Set(p.tags as PhotoTag[])];
    }
    if (id) photos.push({ id, comment, tags });
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return photos;
}

export function readPhotoComment(body: Record<string, unknown>): string {
  const errors: Record<string, string> = {};
  const comment = readComment(body.comment, 'comment', errors, true);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return comment;
}

/**
 * The completion body: the shared rule (src/domain/completion.ts: outcome, comment, reason and
 * policy, blockers present). A completion may be sent without a body (no comment).
 */
export function readCompleteInput(raw: unknown): CompletionInput {
  const body = raw === undefined || raw === null || raw === '' ? {} : readBody(raw);
  const { value, errors } = readCompletion(body);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return value;
}
