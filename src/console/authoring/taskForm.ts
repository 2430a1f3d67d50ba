/**
 * One task as the author edits it, and its mapping to the API's bodies. Money stays a decimal
 * string from the input to the wire (read with the domain's amountWithin, never a float); the
 * window is typed in the market's wall-clock time and sent as UTC instants (markets.ts). The
 * checks here are the ones the server makes too, so most mistakes show before a round trip; the
 * server's own 400 field codes are shown the same way (serverFieldErrors). Pure.
 */
import { amountWithin, typedAmount } from '#domain/money';
import { MARKET_TIME_ZONE, isMarket, isoToWallClock, wallClockToIso, type CountryCode } from './markets';
import { fromProductInputs, productListErrors, toProductInputs, type ProductInput, type ProductRow } from './productList';

export interface TaskFormValues {
  placeId: string;
  /** How the chosen place is shown (kept with the draft; never sent). */
  placeLabel: string;
  /** The chosen place's market (it sets the time zone of the window); '' until a place is chosen. */
  country: CountryCode | '';
  taskTypeId: string;
  title: string;
  windowStart: string;
  windowEnd: string;
  reward: string;
  bonusReward: string;
  expectedDuration: string;
  descriptiveComment: string;
  published: boolean;
  products: ProductRow[];
}

export const TASK_TITLE_MAX_LENGTH = 160;
export const COMMENT_MAX_LENGTH = 2000;
/** A reward above this is a typing mistake, not a task (minor units: 100 000.00). */
export const REWARD_MAX_MINOR = 10_000_000n;
export const DURATION_MAX_MINUTES = 24 * 60;

export function emptyTaskForm(): TaskFormValues {
  return {
    placeId: '',
    placeLabel: '',
    country: '',
    taskTypeId: '',
    title: '',
    windowStart: '',
    windowEnd: '',
    reward: '',
    bonusReward: '',
    expectedDuration: '',
    descriptiveComment: '',
    published: true,
    products: [],
  };
}

/** The task fields the editor reads from a saved task (the list's row or an answer). */
export interface SavedTask {
  id: string;
  placeId?: string | null;
  place?: { id: string; countryCode?: string | null } | null;
  countryCode?: string | null;
  taskTypeId?: string | null;
  taskType?: { id: string } | null;
  title?: string | null;
  timeWindowStart?: string | null;
  timeWindowEnd?: string | null;
  reward?: { amount: string } | string | null;
  bonusReward?: { amount: string } | string | null;
  expectedDuration?: number | null;
  descriptiveComment?: string | null;
  published?: boolean | null;
  products?: readonly { ean: string; name: string; expectedFacings?: number | null }[] | null;
}

const amountOf = (m: SavedTask['reward']): string => (m == null ? '' : typeof m === 'string' ? m : m.amount);

export function taskFormFromSaved(task: SavedTask): TaskFormValues {
  const countryRaw = task.place?.countryCode ?? task.countryCode ?? '';
  const country = isMarket(countryRaw) ? countryRaw : '';
  const zone = country === '' ? 'UTC' : MARKET_TIME_ZONE[country];
  return {
    placeId: task.place?.id ?? task.placeId ?? '',
    placeLabel: '',
    country,
    taskTypeId: task.taskType?.id ?? task.taskTypeId ?? '',
    title: task.title ?? '',
    windowStart: isoToWallClock(task.timeWindowStart, zone),
    windowEnd: isoToWallClock(task.timeWindowEnd, zone),
    reward: amountOf(task.reward),
    bonusReward: amountOf(task.bonusReward) === '0.00' ? '' : amountOf(task.bonusReward),
    expectedDuration: task.expectedDuration == null ? '' : String(task.expectedDuration),
    descriptiveComment: task.descriptiveComment ?? '',
    published: task.published !== false,
    products: fromProductInputs(task.products ?? []),
  };
}

/** Field → code, Formik's errors shape; product rows' errors under `products`. */
export type TaskFormErrors = Partial<Record<Exclude<keyof TaskFormValues, 'products' | 'placeLabel'>, string>> & { products?: string };

export function validateTaskForm(values: TaskFormValues): TaskFormErrors {
  const errors: TaskFormErrors = {};
  if (values.placeId === '') errors.placeId = 'REQUIRED';
  if (values.taskTypeId === '') errors.taskTypeId = 'REQUIRED';
  if (values.title.trim().length > TASK_TITLE_MAX_LENGTH) errors.title = 'TOO_LONG';
  if (values.descriptiveComment.trim().length > COMMENT_MAX_LENGTH) errors.descriptiveComment = 'TOO_LONG';

  const zone = values.country === '' ? null : MARKET_TIME_ZONE[values.country];
  const start = zone ? wallClockToIso(values.windowStart, zone) : null;
  const end = zone ? wallClockToIso(values.windowEnd, zone) : null;
  if (values.windowStart.trim() === '') errors.windowStart = 'REQUIRED';
  else if (start?.error) errors.windowStart = start.error;
  if (values.windowEnd.trim() === '') errors.windowEnd = 'REQUIRED';
  else if (end?.error) errors.windowEnd = end.error;
  else if (start?.iso && end?.iso && end.iso <= start.iso) errors.windowEnd = 'END_BEFORE_START';

  if (values.reward.trim() === '') errors.reward = 'REQUIRED';
  else if (amountWithin(typedAmount(values.reward), 1n, REWARD_MAX_MINOR) == null) errors.reward = 'AMOUNT_INVALID';
  if (values.bonusReward.trim() !== '' && amountWithin(typedAmount(values.bonusReward), 0n, REWARD_MAX_MINOR) == null) errors.bonusReward = 'AMOUNT_INVALID';

  const duration = values.expectedDuration.trim();
  if (duration !== '' && (!/^\d{1,4}$/.test(duration) || Number(duration) < 1 || Number(duration) > DURATION_MAX_MINUTES)) errors.expectedDuration = 'INVALID';

  if (Object.keys(productListErrors(values.products.filter((p) => p.ean.trim() !== '' || p.name.trim() !== '' || p.expectedFacings.trim() !== ''))).length > 0) {
    errors.products = 'PRODUCTS_INVALID';
  }
  return errors;
}

/** POST /api/staff/tasks: a new task with its products (call validateTaskForm first). */
export interface CreateTaskBody {
  placeId: string;
  taskTypeId: string;
  title: string | null;
  timeWindowStart: string;
  timeWindowEnd: string;
  reward: string;
  bonusReward: string | null;
  expectedDuration?: number;
  descriptiveComment: string | null;
  products: ProductInput[];
  published: boolean;
}

function windowIso(values: TaskFormValues, which: 'windowStart' | 'windowEnd'): string {
  if (values.country === '') throw new Error('taskForm: no market chosen');
  const r = wallClockToIso(values[which], MARKET_TIME_ZONE[values.country]);
  if (r.error) throw new Error(`taskForm: ${which} ${r.error}`);
  return r.iso;
}

const orNull = (s: string): string | null => (s.trim() === '' ? null : s.trim());

export function toCreateTaskBody(values: TaskFormValues): CreateTaskBody {
  const duration = values.expectedDuration.trim();
  return {
    placeId: values.placeId,
    taskTypeId: values.taskTypeId,
    title: orNull(values.title),
    timeWindowStart: windowIso(values, 'windowStart'),
    timeWindowEnd: windowIso(values, 'windowEnd'),
    reward: typedAmount(values.reward),
    bonusReward: values.bonusReward.trim() === '' ? null : typedAmount(values.bonusReward),
    ...(duration === '' ? {} : { expectedDuration: Number(duration) }),
    descriptiveComment: orNull(values.descriptiveComment),
    products: toProductInputs(values.products),
    published: values.published,
  };
}

/** PATCH /api/staff/tasks/:id: only the fields that changed from `saved` (an empty object: nothing to send). */
export interface PatchTaskBody {
  title?: string | null;
  timeWindowStart?: string;
  timeWindowEnd?: string;
  reward?: string;
  bonusReward?: string | null;
  expectedDuration?: number | null;
  descriptiveComment?: string | null;
}

export function toPatchTaskBody(saved: TaskFormValues, values: TaskFormValues): PatchTaskBody {
  const body: PatchTaskBody = {};
  if (values.title.trim() !== saved.title.trim()) body.title = orNull(values.title);
  if (values.windowStart !== saved.windowStart) body.timeWindowStart = windowIso(values, 'windowStart');
  if (values.windowEnd !== saved.windowEnd) body.timeWindowEnd = windowIso(values, 'windowEnd');
  if (typedAmount(values.reward) !== typedAmount(saved.reward)) body.reward = typedAmount(values.reward);
  if (typedAmount(values.bonusReward) !== typedAmount(saved.bonusReward)) body.bonusReward = values.bonusReward.trim() === '' ? null : typedAmount(values.bonusReward);
  if (values.expectedDuration.trim() !== saved.expectedDuration.trim()) body.expectedDuration = values.expectedDuration.trim() === '' ? null : Number(values.expectedDuration.trim());
  if (values.descriptiveComment.trim() !== saved.descriptiveComment.trim()) body.descriptiveComment = orNull(values.descriptiveComment);
  return body;
}

/** True when the product list differs from the saved one (order ignored). */
export function productsChanged(saved: readonly ProductRow[], values: readonly ProductRow[]): boolean {
  const key = (rows: readonly ProductRow[]) =>
    JSON.stringify(
      toProductInputs(rows)
        .map((p) => [p.ean, p.name, p.expectedFacings ?? null])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  return key(saved) !== key(values);
}

/** The server's wire field names (400 `fields`) → the form's. */
const SERVER_FIELD: Record<string, Exclude<keyof TaskFormValues, 'placeLabel'>> = {
  placeId: 'placeId',
  taskTypeId: 'taskTypeId',
  title: 'title',
  timeWindowStart: 'windowStart',
  timeWindowEnd: 'windowEnd',
  reward: 'reward',
  bonusReward: 'bonusReward',
  expectedDuration: 'expectedDuration',
  descriptiveComment: 'descriptiveComment',
  published: 'published',
};

/** A 400's per-field codes placed on the form's fields; products' codes (`products`, `products.3.ean`) on `products`. */
export function serverFieldErrors(fields: Record<string, string> | undefined): TaskFormErrors {
  const errors: TaskFormErrors = {};
  for (const [name, code] of Object.entries(fields ?? {})) {
    if (name === 'products' || name.startsWith('products.') || name.startsWith('products[')) {
      errors.products ??= code;
      continue;
    }
    const field = SERVER_FIELD[name];
    if (field && field !== 'products') errors[field] = code;
  }
  return errors;
}
