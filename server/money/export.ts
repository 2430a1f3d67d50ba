/**
 * The payment files of a week's payouts: CSV (every payout of the market week, any currency) and
 * the SEPA credit-transfer XML (ISO 20022 pain.001.001.09) of its pending EUR payouts, written
 * by the `sepa` library. Amounts go in as the exact decimal strings of the payouts; the file's
 * control sum is checked against the exact bigint sum before it is handed out.
 */
import { Document as SepaDocument } from 'sepa';
import { compactIban, isValidIban } from '#domain/iban';
import { formatAmount, parseAmount, sumMinor } from '#domain/money';
import type { StaffPayout } from './payoutReads';

export const PAIN_FORMAT = 'pain.001.001.09';

const CSV_COLUMNS = [
  'payout_id',
  'week_start',
  'status',
  'user_id',
  'email',
  'first_name',
  'last_name',
  'iban',
  'currency',
  'task_reward',
  'reward_reductions',
  'overpayment_repayment',
  'bonuses',
  'total',
  'tasks_count',
  'paid_at',
] as const;

/** One CSV field (RFC 4180 quoting); text that a spreadsheet would run as a formula gets a leading apostrophe. */
function csvField(value: string | number | null, text = true): string {
  let v = value === null ? '' : String(value);
  if (text && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function payoutsCsv(payouts: readonly StaffPayout[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const p of payouts) {
    lines.push(
      [
        csvField(p.id),
        csvField(p.weekStart),
        csvField(p.status),
        csvField(p.user.id),
        csvField(p.user.email),
        csvField(p.user.firstName),
        csvField(p.user.lastName),
        csvField(p.user.iban),
        csvField(p.total.currencyCode),
        csvField(p.taskReward.amount, false),
        csvField(p.unpaidTasksDeductions.amount, false),
        csvField(p.paidTasksDeductions.amount, false),
        csvField(p.bonuses.amount, false),
        csvField(p.total.amount, false),
        csvField(p.tasksCount, false),
        csvField(p.paidAt),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const LETTERS: Record<string, string> = { ł: 'l', Ł: 'L', ß: 'ss', đ: 'd', Đ: 'D', ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ı: 'i' };

/** Text in the SEPA (EPC) Latin character set: diacritics dropped, other characters a space. */
export function sepaText(value: string, max: number): string {
  const latin = value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[łŁßđĐøØæÆœŒı]/g, (c) => LETTERS[c] ?? c)
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return latin.slice(0, max).trim();
}

export interface Debtor {
  name: string;
  iban: string;
  bic: string;
}

export interface SepaFile {
  xml: string;
  /** Payouts in the file and their exact sum. */
  included: string[];
  controlSum: string;
  /** Pending EUR payouts left out: no IBAN, or one that is not valid. */
  skipped: { id: string; reason: 'NO_IBAN' | 'IBAN_INVALID' }[];
}

/**
 * The pain.001.001.09 file paying the pending EUR payouts with a total above zero. Throws when
 * there is nothing to pay (the library refuses an empty payment block).
 */
export function payoutsSepaXml(payouts: readonly StaffPayout[], debtor: Debtor, label: string, now: Date): SepaFile {
  const doc = new SepaDocument(PAIN_FORMAT);
  // One message id per market week (at most 23 characters, so `<id>.0.<n>` fits InstrId's 35):
  // a bank that refuses a message id it has already booked refuses paying the week twice.
  doc.grpHdr.id = sepaText(`SHELFWORK-${label}`, 23).replace(/ /g, '-');
  doc.grpHdr.created = now;
  doc.grpHdr.initiatorName = sepaText(debtor.name, 70);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = now;
  info.debtorIBAN = debtor.iban;
  info.debtorBIC = debtor.bic;
  info.debtorName = sepaText(debtor.name, 70);
  info.batchBooking = true;
  doc.addPaymentInfo(info);
  const included: string[] = [];
  const amounts: bigint[] = [];
  const skipped: SepaFile['skipped'] = [];
  for (const p of payouts) {
    if (p.status !== 'pending' || p.total.currencyCode !== 'EUR' || parseAmount(p.total.amount) <= 0n) continue;
    const iban = compactIban(p.user.iban ?? '');
    if (!iban) {
      skipped.push({ id: p.id, reason: 'NO_IBAN' });
      continue;
    }
    if (!isValidIban(iban)) {
      skipped.push({ id: p.id, reason: 'IBAN_INVALID' });
      continue;
    }
    const tx = info.createTransaction();
    // InstrId is the library's `<message id>.0.<n>`; the end-to-end id (seen by the tasker's bank) is the payout's id.
    tx.end2endId = p.id.replace(/-/g, '').slice(0, 35);
    tx.creditorName = sepaText([p.user.firstName, p.user.lastName].filter(Boolean).join(' ') || p.user.email, 70);
    tx.creditorIBAN = iban;
    // The library takes a number: a two-decimal string converts to the double whose toFixed(2) is that string.
    tx.amount = Number(p.total.amount);
    tx.currency = 'EUR';
    tx.remittanceInfo = sepaText(`Shelfwork payout week ${p.weekStart}`, 140);
    info.addTransaction(tx);
    included.push(p.id);
    amounts.push(parseAmount(p.total.amount));
  }
  if (included.length === 0) throw new Error('no pending EUR payout with a valid IBAN to pay');
  const xml = doc.toString();
  const controlSum = formatAmount(sumMinor(amounts));
  const written = /<GrpHdr>[\s\S]*?<CtrlSum>([^<]+)<\/CtrlSum>/.exec(xml)?.[1];
  if (written !== controlSum) throw new Error(`SEPA control sum ${written ?? 'missing'} differs from the payouts' ${controlSum}`);
  return { xml, included, controlSum, skipped };
}
