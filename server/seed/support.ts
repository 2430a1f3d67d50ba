/** What the demo seed's parts share: the fixed PRNG, the time units, chunked inserts, amounts from minor units. */
import type { Db } from '../db/database';
import { formatAmount } from '#domain/money';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** mulberry32: small, fast, deterministic. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(next() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  return { next, int, pick, uuid };
}

export type Random = ReturnType<typeof createRandom>;

/** Whole minor units as an exact decimal string (1250 → '12.50'). */
export function formatMinor(minor: number): string {
  return formatAmount(BigInt(minor));
}

export async function insertChunked<T extends Record<string, unknown>>(db: Db, table: string, rows: T[], chunk = 100): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    // The rows are typed by the callers below; Kysely's table union cannot be narrowed from a string.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await db.insertInto(table as any).values(rows.slice(i, i + chunk) as any).execute();
  }
}
