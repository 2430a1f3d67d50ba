/**
 * The tasker's money as the mirror holds it (kv `money:*`, written by the sync worker's
 * pulls/money.ts): the payout info of GET payment/my-finances, past payouts, and what the market's
 * taskers earned last week. Live-query hooks: `undefined` = still reading IndexedDB. While a hook
 * that shows payouts is mounted the worker refreshes finances every 60 s (`watch({ money })`);
 * offline the mirror answers and the screen says how old its figures are.
 */
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { FINANCES_KEY, LAST_WEEK_EARN_KEY, PAYOUTS_KEY } from '#contracts/kv';
import { getDb, type SyncMeta } from '#db/schema';
import type { Payout, PayoutInfo } from '#domain/payouts';
import type { CountryCode, Money } from '#domain/types';
import { sendSignal } from '../sync/commands';

export interface Mirrored<T> {
  /** null: nothing pulled yet (or the server had nothing: no market chosen). */
  value: T | null;
  meta: SyncMeta | null;
}

export interface LastWeekEarn {
  amount: Money;
  tasksCount: number;
  countryCode: CountryCode;
}

let watchers = 0;

/** Tells the worker a payout screen is open while at least one payout hook is mounted. */
function useMoneyWatch(): void {
  useEffect(() => {
    watchers += 1;
    if (watchers === 1) void sendSignal('watch(money)', (api) => api.watch({ money: true }));
    return () => {
      watchers -= 1;
      if (watchers === 0) void sendSignal('watch(money)', (api) => api.watch({ money: false }));
    };
  }, []);
}

/** A mirrored payout info, trusted only with its shape (an older worker may have written another). */
export function readPayoutInfo(value: unknown): PayoutInfo | null {
  const v = value as Partial<PayoutInfo> | null;
  if (!v || typeof v !== 'object' || !v.totalPaid || !v.nextPayment || typeof v.nextPayment.total?.amount !== 'string') return null;
  return { ...v, nextPayment: { ...v.nextPayment, lines: Array.isArray(v.nextPayment.lines) ? v.nextPayment.lines : [] } } as PayoutInfo;
}

export function readPayouts(value: unknown): Payout[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter((p): p is Payout => !!p && typeof p === 'object' && typeof (p as Payout).id === 'string' && typeof (p as Payout).total?.amount === 'string');
}

function readLastWeekEarn(value: unknown): LastWeekEarn | null {
  const v = value as Partial<LastWeekEarn> | null;
  return v && typeof v.amount?.amount === 'string' && typeof v.tasksCount === 'number' ? (v as LastWeekEarn) : null;
}

/** The next payout and totals (GET payment/my-finances), with when they were pulled. */
export function usePayoutInfo(): Mirrored<PayoutInfo> | undefined {
  useMoneyWatch();
  return useLiveQuery(async () => {
    const db = getDb();
    const [row, meta] = await Promise.all([db.kv.get(FINANCES_KEY), db.meta.get('finances')]);
    return { value: readPayoutInfo(row?.value), meta: meta ?? null };
  }, []);
}

/** The recorded payouts, newest first, with their status (paid or not, when). */
export function usePayouts(): Mirrored<Payout[]> | undefined {
  useMoneyWatch();
  return useLiveQuery(async () => {
    const db = getDb();
    const [row, meta] = await Promise.all([db.kv.get(PAYOUTS_KEY), db.meta.get('payouts')]);
    const list = readPayouts(row?.value);
    return { value: list ? [...list].sort((a, b) => (a.weekStart < b.weekStart ? 1 : a.weekStart > b.weekStart ? -1 : 0)) : null, meta: meta ?? null };
  }, []);
}

/** What taskers of the tasker's market earned in the last 7 days (GET task/last-week-earn). */
export function useLastWeekEarn(): LastWeekEarn | null | undefined {
  return useLiveQuery(async () => readLastWeekEarn((await getDb().kv.get(LAST_WEEK_EARN_KEY))?.value), []);
}
