/**
 * The money screens' pure rules: a week's state in words' keys, the adjustment form checked as the
 * server checks it (an exact positive decimal string, never a float), the rows a "mark paid" may
 * take, and the names of the export files. No React, so the rules are tested alone.
 */
import { amountWithin, typedAmount } from '#domain/money';
import { validateEmail } from '#domain/validation';

/** Where a market week stands: still running, over but not paid out yet, or run. */
export type WeekState = 'open' | 'due' | 'run';

export function weekState(week: { over: boolean; run: unknown }): WeekState {
  if (week.run) return 'run';
  return week.over ? 'due' : 'open';
}

/** The Sunday of a week named by its Monday ('YYYY-MM-DD'), as 'YYYY-MM-DD'. */
export function weekSunday(monday: string): string {
  const d = new Date(`${monday}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 6);
  return d.toISOString().slice(0, 10);
}

export interface AdjustmentForm {
  user: string;
  kind: 'reduction' | 'overpayment';
  amount: string;
  reason: string;
  taskId: string;
}

export const emptyAdjustment = (user = ''): AdjustmentForm => ({ user, kind: 'reduction', amount: '', reason: '', taskId: '' });

export type AdjustmentField = 'user' | 'amount' | 'reason';
export type AdjustmentError = 'REQUIRED' | 'INVALID' | 'TOO_LONG';

/** The server's largest amount (numeric(10,2)): 99,999,999.99. */
const MAX_MINOR = 9_999_999_999n;

/** The form's errors by field (none: it may be sent). The amount is read as text: "0.10" stays exactly 0.10. */
export function adjustmentErrors(form: AdjustmentForm): Partial<Record<AdjustmentField, AdjustmentError>> {
  const errors: Partial<Record<AdjustmentField, AdjustmentError>> = {};
  const user = form.user.trim();
  if (user === '') errors.user = 'REQUIRED';
  else if (user.includes('@') ? validateEmail(user) !== null : !/^[0-9a-f-]{8,64}$/i.test(user)) errors.user = 'INVALID';
  const amount = typedAmount(form.amount);
  if (amount === '') errors.amount = 'REQUIRED';
  else if (amountWithin(amount, 1n, MAX_MINOR) === null) errors.amount = 'INVALID';
  const reason = form.reason.trim();
  if (reason === '') errors.reason = 'REQUIRED';
  else if (reason.length > 500) errors.reason = 'TOO_LONG';
  return errors;
}

/** The body of POST /api/staff/payouts/adjustments from a checked form (a decimal comma read as a point). */
export function adjustmentBody(form: AdjustmentForm): { user: string; kind: 'reduction' | 'overpayment'; amount: string; reason: string; taskId?: string } {
  const taskId = form.taskId.trim();
  return { user: form.user.trim(), kind: form.kind, amount: typedAmount(form.amount), reason: form.reason.trim(), ...(taskId ? { taskId } : {}) };
}

/** The selected ids that are still pending (a paid one cannot be marked again), in the table's order. */
export function payableSelection(rows: readonly { id: string; status: 'pending' | 'paid' }[], selected: ReadonlySet<string>): string[] {
  return rows.filter((r) => r.status === 'pending' && selected.has(r.id)).map((r) => r.id);
}

export type ExportFormat = 'csv' | 'xml';

/** The export's address and the file name it is saved under. */
export function exportTarget(format: ExportFormat, country: string, week: string): { url: string; filename: string } {
  const query = new URLSearchParams({ country, week }).toString();
  return { url: `/api/staff/payouts/export.${format}?${query}`, filename: `payouts-${country}-${week}.${format}` };
}
