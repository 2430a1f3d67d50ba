/**
 * The sync worker's features, in the order the engine runs their pull steps and hands them the
 * watched signals. The page's contract (`SyncApi`, src/contracts/sync.ts) is derived from this
 * list: a new feature is a folder here, added once below.
 */
import type { OutboxKindName } from '#db/outboxKinds';
import type { KindNamesOf, SyncApiOf } from '../feature';
import { account } from './account';
import { attendance } from './attendance';
import { auth } from './auth';
import { execution } from './execution';
import { lifecycle } from './lifecycle';
import { money } from './money';
import { notifications } from './notifications';
import { places } from './places';
import { profile } from './profile';
import { support } from './support';
import { tasks } from './tasks';

export const features = [account, auth, notifications, profile, money, attendance, places, tasks, lifecycle, execution, support] as const;

export type SyncFeatures = typeof features;

/** What the page may call (src/contracts/sync.ts re-exports it as `SyncApi`). */
export type SyncFeaturesApi = SyncApiOf<SyncFeatures>;

/**
 * Every outbox kind of src/db/outboxKinds.ts has a feature that defines it: a kind no feature
 * defines is named in this constant's type, and the assignment fails to compile.
 */
type Undefined = Exclude<OutboxKindName, KindNamesOf<SyncFeatures>>;
export const EVERY_KIND_DEFINED: [Undefined] extends [never] ? true : { undefinedKinds: Undefined } = true;
