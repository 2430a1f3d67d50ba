/**
 * The demo's reference data: markets, fleet partners, businesses, contacts, retailers, places,
 * trainings, task types, defects and products, each with its words in the markets' languages.
 */
import type { Db } from '../db/database';
import { withCheckDigit } from '#domain/ean';
import { DEFECT_NAMES, seedFilterTitle, TASK_TYPE_TEXTS, TRAINING_TITLES, translationsJson } from '../db/seed-i18n';
import {
  SEED_BUSINESSES,
  SEED_CONTACTS,
  SEED_COUNTRIES,
  SEED_DEFECTS,
  SEED_FLEET_PARTNERS,
  SEED_PRODUCTS,
  SEED_RETAILERS,
  SEED_STORES,
  SEED_TASK_TYPES,
  SEED_TRAININGS,
} from '../db/seed-data';
import { insertChunked, type Random } from './support';

/** Writes the reference rows; answers the places and each market's product ids (the tasks are laid out on them). */
export async function seedReference(db: Db, rnd: Random, ago: (days: number) => Date) {
  await insertChunked(
    db,
    'countries',
    SEED_COUNTRIES.map((c) => ({ code: c.code, name: c.name, currency_code: c.currencyCode, currency_symbol: c.currencySymbol, locale: c.locale, time_zone: c.timeZone })),
  );
  // The markets' fleet partners, contracting businesses and contacts (the onboarding's choices).
  await insertChunked(
    db,
    'fleet_partners',
    SEED_FLEET_PARTNERS.map((f, i) => ({ id: f.id, country_code: f.countryCode, short_name: f.shortName, url: f.url, position: i })),
  );
  await insertChunked(
    db,
    'country_businesses',
    SEED_BUSINESSES.map((b) => ({ id: b.id, country_code: b.countryCode, name: b.name, registration_number: b.registrationNumber, address: b.address })),
  );
  await insertChunked(
    db,
    'country_contacts',
    SEED_CONTACTS.map((c) => ({
      country_code: c.countryCode,
      support_phone: c.supportPhone,
      support_email: c.supportEmail,
      supervisor_name: c.supervisor.name,
      supervisor_phone: c.supervisor.phone,
      supervisor_email: c.supervisor.email,
    })),
  );
  await insertChunked(db, 'retailers', SEED_RETAILERS.map((r) => ({ id: r.id, name: r.name, logo: `/logos/${r.id}.svg` })));
  const places = SEED_STORES.map((s, i) => ({
    id: `${s.countryCode.toLowerCase()}-${s.retailerId}-${String(i + 1).padStart(2, '0')}`,
    title: s.title,
    address: s.address,
    city: s.city,
    country_code: s.countryCode,
    latitude: s.latitude,
    longitude: s.longitude,
    retailer_id: s.retailerId,
    created_at: ago(500),
  }));
  await insertChunked(db, 'places', places);
  await insertChunked(
    db,
    'trainings',
    SEED_TRAININGS.map((t) => ({
      id: t.id,
      title: t.title,
      filter_title: t.filterTitle,
      link_to_training: t.link,
      nda_protected: t.ndaProtected,
      enabled: true,
      is_required: t.isRequired,
      created_at: ago(t.ageDays),
      // Each market's words beside the English (seed-i18n.ts; picked per market, server/catalog/localize.ts).
      translations: translationsJson((locale) => {
        const title = TRAINING_TITLES[t.id]?.[locale];
        return title ? { title, filterTitle: seedFilterTitle(t.filterTitle, locale) } : undefined;
      }),
    })),
  );
  await insertChunked(
    db,
    'task_types',
    SEED_TASK_TYPES.map((t) => ({
      id: t.id,
      title: t.title,
      short_description: t.shortDescription,
      full_description: t.fullDescription,
      default_photo: null,
      photos: '[]',
      featured_images: '[]',
      filter_title: t.filterTitle,
      nda_protected: t.ndaProtected,
      created_at: ago(t.ageDays),
      translations: translationsJson((locale) => {
        const texts = TASK_TYPE_TEXTS[t.id]?.[locale];
        return texts ? { ...texts, filterTitle: seedFilterTitle(t.filterTitle, locale) } : undefined;
      }),
    })),
  );
  await insertChunked(
    db,
    'task_type_trainings',
    SEED_TASK_TYPES.flatMap((t) => t.trainingIds.map((trainingId, position) => ({ task_type_id: t.id, training_id: trainingId, position }))),
  );
  await insertChunked(
    db,
    'defects',
    SEED_DEFECTS.map((d) => ({
      id: d.id,
      name: d.name,
      type: d.type,
      translations: translationsJson((locale) => {
        const name = DEFECT_NAMES[d.id]?.[locale];
        return name ? { name } : undefined;
      }),
    })),
  );

  const productsByCountry = new Map<string, string[]>();
  const productRows: { id: string; ean: string; name: string; brand: string }[] = [];
  for (const country of SEED_COUNTRIES) {
    const ids: string[] = [];
    SEED_PRODUCTS[country.code].forEach((p, i) => {
      // Most products carry EAN-13 with the market's GS1 prefix; every fourth a short EAN-8.
      const ean =
        i % 4 === 3
          ? withCheckDigit(`${country.gs1.slice(0, 3)}${String(rnd.int(0, 9999)).padStart(4, '0')}`)
          : withCheckDigit(`${country.gs1}${String(rnd.int(0, 999_999_999)).padStart(9, '0')}`);
      const id = `${country.code.toLowerCase()}-p${i + 1}`;
      ids.push(id);
      productRows.push({ id, ean, name: p.name, brand: p.brand });
    });
    productsByCountry.set(country.code, ids);
  }
  await insertChunked(db, 'products', productRows);
  return { places, productsByCountry };
}

export type SeedPlace = Awaited<ReturnType<typeof seedReference>>['places'][number];
