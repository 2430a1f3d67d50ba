/**
 * The built-in checklist templates per task type: the seed's tasks get their items from these, in
 * the market's words; a task staff create copies its type's template (server/tasks/templates.ts),
 * which is one of these, with every locale's texts, until staff write the type's own.
 *
 * The metadata holds no button words (buttonTitle, doneTitle, ctaTitle, titleOverride): the app
 * names each item type's action in the tasker's language from its own catalog, and metadata words
 * are for an author's own, which are one language. Photo and scan items tick themselves when their
 * work is recorded (isAutoToggle); a defects item is ticked by hand, since finding no defect is a
 * result too.
 */
import { SEED_TEXTS } from '../db/seed-i18n';

export interface ChecklistTemplateItem {
  type: 'camera' | 'scanner' | 'defects' | 'link' | 'plain';
  title: string;
  description: string | null;
  isOptional: boolean;
  metadata: Record<string, unknown>;
}

const arrive: ChecklistTemplateItem = {
  type: 'plain',
  title: 'Check in with the store manager',
  description: 'Introduce yourself, show the letter of authority if asked, and ask where the category is.',
  isOptional: false,
  metadata: { isAutoToggle: false },
};

const before: ChecklistTemplateItem = {
  type: 'camera',
  title: 'Photo of the shelf before',
  description: 'The whole bay, straight on, labels readable.',
  isOptional: false,
  metadata: { tags: ['before'], isAutoToggle: true },
};

const after: ChecklistTemplateItem = {
  type: 'camera',
  title: 'Photo of the shelf after',
  description: 'Same angle as the before photo.',
  isOptional: false,
  metadata: { tags: ['after'], isAutoToggle: true },
};

export const CHECKLIST_TEMPLATES: Record<string, ChecklistTemplateItem[]> = {
  'shelf-photo': [
    arrive,
    before,
    {
      type: 'link',
      title: 'Open the photo guide',
      description: null,
      isOptional: true,
      metadata: { target: 'https://help.shelfwork.app/guides/shelf-photos' },
    },
  ],
  'sku-scan': [
    arrive,
    before,
    {
      type: 'scanner',
      title: 'Scan every listed product and count facings',
      description: 'Scan the EAN on the product or the shelf label, then enter the facings (0–99).',
      isOptional: false,
      metadata: { isAutoToggle: true },
    },
  ],
  'stock-check': [
    arrive,
    {
      type: 'scanner',
      title: 'Scan products that are out of stock',
      description: 'Facings 0 means the slot is empty.',
      isOptional: false,
      metadata: { isAutoToggle: true },
    },
    {
      type: 'camera',
      title: 'Photo of empty slots',
      description: null,
      isOptional: true,
      metadata: { tags: ['out_of_stock'], isAutoToggle: true },
    },
  ],
  defects: [
    arrive,
    {
      type: 'defects',
      title: 'Report defects',
      description: 'Tick every defect you see on the shelf and photograph it.',
      isOptional: false,
      metadata: { tags: ['defect'] },
    },
    after,
  ],
  restocking: [
    arrive,
    before,
    {
      type: 'plain',
      title: 'Restock from the back room',
      description: 'First in, first out: older dates to the front.',
      isOptional: false,
      metadata: { isAutoToggle: false },
    },
    after,
  ],
  'promo-display': [
    arrive,
    {
      type: 'camera',
      title: 'Photo of the promo display',
      description: 'Whole display, price tags visible.',
      isOptional: false,
      metadata: { tags: ['after'], isAutoToggle: true },
    },
    {
      type: 'plain',
      title: 'Confirm the display is at the store entrance',
      description: null,
      isOptional: true,
      metadata: {},
    },
  ],
};

export function checklistFor(taskTypeId: string): ChecklistTemplateItem[] {
  return CHECKLIST_TEMPLATES[taskTypeId] ?? [arrive, before];
}

/** A market's locale (countries.locale; docs/decisions/0008): the language its tasks are served in. */
export const MARKET_LOCALE: Readonly<Record<string, 'lt' | 'pl' | 'cs' | 'ro'>> = { LT: 'lt', PL: 'pl', CZ: 'cs', RO: 'ro' };

/** One checklist item's words in one locale. */
export interface ItemTexts {
  title: string;
  description: string | null;
}

/** A template item with its texts per locale ('en' always), as a type's template holds it. */
export interface LocalizedTemplateItem {
  type: ChecklistTemplateItem['type'];
  isOptional: boolean;
  metadata: Record<string, unknown>;
  texts: Partial<Record<string, ItemTexts>>;
}

/**
 * The built-in template of a task type (the seed's types): the English items above with the
 * market words the seed uses for them (server/db/seed-i18n.ts), for the types whose template
 * staff have not written (server/tasks/templates.ts reads the written ones first).
 */
export function builtinTemplate(taskTypeId: string): LocalizedTemplateItem[] {
  return checklistFor(taskTypeId).map((item) => {
    const texts: Partial<Record<string, ItemTexts>> = { en: { title: item.title, description: item.description } };
    for (const [country, locale] of Object.entries(MARKET_LOCALE)) {
      const words = SEED_TEXTS[country as keyof typeof SEED_TEXTS];
      const title = words?.[item.title];
      if (!title) continue;
      texts[locale] = { title, description: item.description === null ? null : (words?.[item.description] ?? null) };
    }
    return { type: item.type, isOptional: item.isOptional, metadata: item.metadata, texts };
  });
}
