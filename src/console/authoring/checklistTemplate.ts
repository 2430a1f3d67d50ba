/**
 * A task type's checklist template as the author edits it, and which markets its texts are
 * complete for. A tasker reads the checklist in their market's language; a text missing in that
 * language blocks publishing the type's tasks in that market (the server refuses with
 * CHECKLIST_TRANSLATION_MISSING), so the editor shows, per missing text, the markets it blocks.
 * English is the authors' reference and must be complete, but serves no market. Pure.
 */
import { CHECKLIST_ITEM_TYPES, PHOTO_TAGS, type ChecklistItemType, type PhotoTag } from '#domain/types';
import { LOCALES, MARKETS, MARKET_LOCALE, marketsOfLocale, type CountryCode, type Locale } from './markets';

export { CHECKLIST_ITEM_TYPES, PHOTO_TAGS };
export type { ChecklistItemType, PhotoTag };

export interface ItemText {
  title: string;
  description: string;
}

export interface TemplateItem {
  /** The server's id of a saved item, or a local key for a new one (never sent as an id when local). */
  key: string;
  type: ChecklistItemType;
  isOptional: boolean;
  /** Camera and defects items: the tags their photos get. */
  tags: PhotoTag[];
  /** Link items: the address to open. */
  target: string;
  /** Ticked by the app once its work is recorded (camera/scanner/defects). */
  isAutoToggle: boolean;
  /** The metadata as saved: what the editor does not show (button titles…) goes back as it came. */
  savedMetadata: Record<string, unknown>;
  texts: Record<Locale, ItemText>;
}

export interface TypeText {
  title: string;
  shortDescription: string;
}

export interface TemplateForm {
  texts: Record<Locale, TypeText>;
  items: TemplateItem[];
}

/** The server's limits (PUT /api/staff/task-types/:id/checklist). */
export const TYPE_TITLE_MAX_LENGTH = 120;
export const TYPE_SHORT_DESCRIPTION_MAX_LENGTH = 300;
export const ITEM_TITLE_MAX_LENGTH = 160;
export const ITEM_DESCRIPTION_MAX_LENGTH = 1000;
export const ITEMS_MAX = 50;

let keySeq = 0;
export function newItemKey(): string {
  keySeq += 1;
  return `new-${Date.now().toString(36)}-${keySeq.toString(36)}`;
}

export function emptyTexts<T>(make: () => T): Record<Locale, T> {
  return Object.fromEntries(LOCALES.map((l) => [l, make()])) as Record<Locale, T>;
}

export function newTemplateItem(type: ChecklistItemType = 'plain'): TemplateItem {
  return {
    key: newItemKey(),
    type,
    isOptional: false,
    tags: type === 'camera' ? ['before'] : [],
    target: '',
    isAutoToggle: type === 'camera' || type === 'scanner',
    savedMetadata: {},
    texts: emptyTexts(() => ({ title: '', description: '' })),
  };
}

export function emptyTemplateForm(): TemplateForm {
  return { texts: emptyTexts(() => ({ title: '', shortDescription: '' })), items: [newTemplateItem('camera')] };
}

/** Where a text is missing: the type's title, or an item's title (descriptions are optional). */
export type MissingText = { kind: 'typeTitle'; locale: Locale } | { kind: 'itemTitle'; locale: Locale; itemKey: string; index: number };

/** Every required text that is empty, in the order the editor shows them. */
export function missingTexts(form: TemplateForm): MissingText[] {
  const missing: MissingText[] = [];
  for (const locale of LOCALES) {
    if (form.texts[locale].title.trim() === '') missing.push({ kind: 'typeTitle', locale });
    form.items.forEach((item, index) => {
      if (item.texts[locale].title.trim() === '') missing.push({ kind: 'itemTitle', locale, itemKey: item.key, index });
    });
  }
  return missing;
}

/** True when every required text of `locale` is there: the type's title and each item's title. */
export function isLocaleComplete(form: TemplateForm, locale: Locale): boolean {
  return form.texts[locale].title.trim() !== '' && form.items.every((item) => item.texts[locale].title.trim() !== '');
}

/** For each market, whether its language's texts are complete (what the task-types list shows as badges). */
export function marketCompleteness(form: TemplateForm): Record<CountryCode, boolean> {
  return Object.fromEntries(MARKETS.map((m) => [m, isLocaleComplete(form, MARKET_LOCALE[m])])) as Record<CountryCode, boolean>;
}

/** The markets a missing text in `locale` blocks (none for English). */
export function blockedMarkets(locale: Locale): CountryCode[] {
  return marketsOfLocale(locale);
}

export type TemplateItemError = 'TAGS_REQUIRED' | 'TARGET_REQUIRED' | 'TARGET_INVALID' | 'TOO_LONG' | 'TOO_MANY';

/**
 * Errors that stop a save, as field paths → codes (Formik's shape flattened): English texts are
 * required (the reference every translator starts from), a camera item needs a tag, a link item
 * an https address (the server takes no other), and no text may be longer than its limit. Missing translations do not stop
 * a save: they are shown as the markets they block.
 */
export function templateErrors(form: TemplateForm): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const locale of LOCALES) {
    const t = form.texts[locale];
    if (t.title.trim().length > TYPE_TITLE_MAX_LENGTH) errors[`texts.${locale}.title`] = 'TOO_LONG';
    if (t.shortDescription.trim().length > TYPE_SHORT_DESCRIPTION_MAX_LENGTH) errors[`texts.${locale}.shortDescription`] = 'TOO_LONG';
  }
  if (form.texts.en.title.trim() === '') errors['texts.en.title'] = 'REQUIRED';
  if (form.items.length === 0) errors.items = 'ITEMS_REQUIRED';
  else if (form.items.length > ITEMS_MAX) errors.items = 'TOO_MANY';
  form.items.forEach((item, i) => {
    for (const locale of LOCALES) {
      const t = item.texts[locale];
      if (t.title.trim().length > ITEM_TITLE_MAX_LENGTH) errors[`items.${i}.texts.${locale}.title`] = 'TOO_LONG';
      if (t.description.trim().length > ITEM_DESCRIPTION_MAX_LENGTH) errors[`items.${i}.texts.${locale}.description`] = 'TOO_LONG';
    }
    if (item.texts.en.title.trim() === '') errors[`items.${i}.texts.en.title`] = 'REQUIRED';
    if (item.type === 'camera' && item.tags.length === 0) errors[`items.${i}.tags`] = 'TAGS_REQUIRED';
    if (item.type === 'link') {
      const target = item.target.trim();
      if (target === '') errors[`items.${i}.target`] = 'TARGET_REQUIRED';
      else if (!isHttpsUrl(target)) errors[`items.${i}.target`] = 'TARGET_INVALID';
    }
  });
  return errors;
}

export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// The wire shape (PUT /api/staff/task-types/:id/checklist): texts per locale, empty texts left out,
// so a locale without a text is "missing" on the server exactly as it is here.

export interface WireItemText {
  title: string;
  description?: string | null;
}

export interface WireTemplateItem {
  id?: string;
  type: ChecklistItemType;
  isOptional: boolean;
  metadata: { tags?: PhotoTag[]; target?: string; isAutoToggle?: boolean; [other: string]: unknown };
  texts: Partial<Record<Locale, WireItemText>>;
}

export interface WireTypeText {
  title: string;
  shortDescription?: string | null;
}

/** Kinds whose item the app can tick by itself once their work is recorded. */
export function canAutoToggle(type: ChecklistItemType): boolean {
  return type === 'camera' || type === 'scanner' || type === 'defects';
}

/** Kinds whose photos get tags: a camera item's photos, and a defects item's photos of the defects. */
export function hasPhotoTags(type: ChecklistItemType): boolean {
  return type === 'camera' || type === 'defects';
}

export function toWireItem(item: TemplateItem): WireTemplateItem {
  const texts: Partial<Record<Locale, WireItemText>> = {};
  for (const locale of LOCALES) {
    const title = item.texts[locale].title.trim();
    const description = item.texts[locale].description.trim();
    if (title !== '') texts[locale] = description === '' ? { title } : { title, description };
  }
  const saved = item.savedMetadata ?? {};
  const { tags: _tags, target: _target, isAutoToggle: savedAuto, ...metadata } = saved as WireTemplateItem['metadata'];
  if (item.type === 'camera' || (item.type === 'defects' && item.tags.length > 0)) metadata.tags = [...item.tags];
  if (item.type === 'link') metadata.target = item.target.trim();
  if (canAutoToggle(item.type)) {
    // An explicit false stays when it was saved; a true is always written.
    if (item.isAutoToggle || 'isAutoToggle' in saved) metadata.isAutoToggle = item.isAutoToggle;
  } else if (savedAuto !== undefined) metadata.isAutoToggle = savedAuto;
  return { ...(item.key.startsWith('new-') ? {} : { id: item.key }), type: item.type, isOptional: item.isOptional, metadata, texts };
}

export function toWireTypeTexts(texts: Record<Locale, TypeText>): Partial<Record<Locale, WireTypeText>> {
  const out: Partial<Record<Locale, WireTypeText>> = {};
  for (const locale of LOCALES) {
    const title = texts[locale].title.trim();
    const shortDescription = texts[locale].shortDescription.trim();
    if (title !== '' || shortDescription !== '') out[locale] = shortDescription === '' ? { title } : { title, shortDescription };
  }
  return out;
}

/** A saved item (the API's answer) as an editable one. */
export function fromWireItem(item: { id?: string | null; type: string; isOptional?: boolean | null; metadata?: Record<string, unknown> | null; texts?: Partial<Record<string, { title?: string | null; description?: string | null } | null>> | null }): TemplateItem {
  const type = (CHECKLIST_ITEM_TYPES as readonly string[]).includes(item.type) ? (item.type as ChecklistItemType) : 'plain';
  const metadata = item.metadata ?? {};
  const tags = Array.isArray(metadata.tags) ? metadata.tags.filter((t): t is PhotoTag => (PHOTO_TAGS as readonly string[]).includes(t as string)) : [];
  return {
    key: item.id ?? newItemKey(),
    type,
    isOptional: item.isOptional === true,
    tags,
    target: typeof metadata.target === 'string' ? metadata.target : '',
    isAutoToggle: metadata.isAutoToggle === true,
    savedMetadata: { ...metadata },
    texts: Object.fromEntries(
      LOCALES.map((l) => {
        const t = item.texts?.[l];
        return [l, { title: t?.title ?? '', description: t?.description ?? '' }];
      }),
    ) as Record<Locale, ItemText>,
  };
}

export function fromWireTypeTexts(texts: Partial<Record<string, { title?: string | null; shortDescription?: string | null } | null>> | null | undefined): Record<Locale, TypeText> {
  return Object.fromEntries(
    LOCALES.map((l) => {
      const t = texts?.[l];
      return [l, { title: t?.title ?? '', shortDescription: t?.shortDescription ?? '' }];
    }),
  ) as Record<Locale, TypeText>;
}
