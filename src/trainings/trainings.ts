/**
 * The trainings rules the two training screens apply (spec sections 2, 3 and 6): which trainings
 * the list shows and in what order, when one is "new", whether the tasker may open its material,
 * and what /trainings/{trainingId} does for an id the mirror does not hold. Pure: `now` and the
 * mirror's rows are parameters.
 */
import type { SyncMeta } from '#db/schema';
import { isNewSince } from '#domain/tasks';
import type { Training, User } from '#domain/types';
import { safeHref } from '../tasks';

/**
 * New within 45 days of its creation (spec sections 3 and 9). Decided at render time from
 * `createdAt`, not from the pulled `isNew`: the mirror may be days old when the tasker reads it.
 */
export function isTrainingNew(training: Pick<Training, 'createdAt'>, now: Date): boolean {
  return isNewSince(training.createdAt, now);
}

/**
 * The list the tasker sees: enabled trainings only (a disabled one cannot be taken), required
 * first, then oldest first — the order the server sends, kept because the mirror reads by id.
 */
export function visibleTrainings(trainings: readonly Training[]): Training[] {
  return trainings
    .filter((t) => t.enabled)
    .sort(
      (a, b) =>
        Number(b.isRequired) - Number(a.isRequired) ||
        Date.parse(a.createdAt) - Date.parse(b.createdAt) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

export type TrainingAccess =
  /** The material opens in a new window. */
  | { kind: 'open'; href: string }
  /** NDA-protected material before approval (spec section 6): the server sends no link. */
  | { kind: 'approvalNeeded' }
  /** No usable http(s) link (an empty or broken one): nothing to open. */
  | { kind: 'unavailable' };

export function trainingAccess(training: Pick<Training, 'ndaProtected' | 'linkToTraining'>, viewer: Pick<User, 'isApproved'> | null): TrainingAccess {
  if (training.ndaProtected && !viewer?.isApproved) return { kind: 'approvalNeeded' };
  const href = safeHref(training.linkToTraining.trim());
  return href ? { kind: 'open', href } : { kind: 'unavailable' };
}

export type TrainingRoute =
  /** Still reading the mirror, or the trainings have never arrived and the pull is under way. */
  | { kind: 'loading' }
  | { kind: 'render'; training: Training }
  /** Back to the list with 'Training not found' (spec section 2). */
  | { kind: 'notFound' }
  /** Never synced and the last pull failed: the list explains it (could not load). */
  | { kind: 'unknown' };

/**
 * The training guard (spec section 2: "Training needs the training to exist, otherwise redirect
 * to the training list"). A missing id is "not found" only once the mirror holds a pulled list;
 * before the first pull it waits, or, when that pull failed, the list says why.
 */
export function trainingRoute(trainingId: string, trainings: readonly Training[] | undefined, meta: SyncMeta | null | undefined): TrainingRoute {
  if (trainings === undefined || meta === undefined) return { kind: 'loading' };
  const training = trainings.find((t) => t.id === trainingId && t.enabled);
  if (training) return { kind: 'render', training };
  if (meta?.syncedAt) return { kind: 'notFound' };
  return meta?.error ? { kind: 'unknown' } : { kind: 'loading' };
}

/** Navigation state the detail leaves for the list when it sends the tasker back. */
export interface TrainingsLocationState {
  notice: 'TRAINING_NOT_FOUND';
}

export function trainingNoticeFrom(state: unknown): 'TRAINING_NOT_FOUND' | null {
  if (state === null || typeof state !== 'object') return null;
  return (state as { notice?: unknown }).notice === 'TRAINING_NOT_FOUND' ? 'TRAINING_NOT_FOUND' : null;
}
