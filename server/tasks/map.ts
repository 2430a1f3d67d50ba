/**
 * Rows → the API contract's Task and Place, with the viewer-specific fields (isReservable,
 * isStartable, descriptiveComment, distance) and cursors.
 */
import { distanceMeters } from '#domain/geo';
import type { Coordinates, CountryCode, CurrencyCode, Money, Place, Task, TaskStatus, TaskType, TrainingRef } from '#domain/types';
import type { PlaceRow, TaskRow, TaskTypeTrainingRow, Viewer } from './queries';
import { instructionsFor, taskTypePhotosFor, trainingLinkFor, type ContentViewer } from '../catalog/visibility';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

function money(amount: string | null, row: { currency_code: string; currency_symbol: string }): Money | null {
  if (amount === null) return null;
  return { amount, currencyCode: row.currency_code as CurrencyCode, currencySymbol: row.currency_symbol };
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Same rule as reservableSql in queries.ts: available and published, approved, trainings done and enabled, limit free. */
export function isReservableFor(row: Pick<TaskRow, 'status' | 'expected_duration' | 'published'>, trainings: TaskTypeTrainingRow[], viewer: Viewer): boolean {
  return (
    row.status === 'available' &&
    row.published &&
    viewer.isApproved &&
    trainings.every((t) => t.enabled && viewer.doneTrainingIds.has(t.training_id)) &&
    viewer.reservationUsed + row.expected_duration <= viewer.reservationLimit
  );
}

export function isStartableFor(row: Pick<TaskRow, 'status' | 'tasker_id' | 'time_window_start' | 'time_window_end'>, viewer: Viewer, now: Date): boolean {
  const t = now.getTime();
  return (
    row.status === 'reserved' &&
    row.tasker_id === viewer.id &&
    new Date(row.time_window_start).getTime() <= t &&
    new Date(row.time_window_end).getTime() > t
  );
}

/**
 * The task type part of a Task as `viewer` may see it (server/catalog/visibility.ts). It depends on
 * the viewer only through taskTypeShape(viewer), so lists may share one per type and shape.
 */
export function toApiTaskType(row: TaskRow, trainings: TaskTypeTrainingRow[], viewer: ContentViewer): TaskType {
  const trainingRefs: TrainingRef[] = trainings.map((t) => ({ id: t.training_id, title: t.title, linkToTraining: trainingLinkFor(viewer, t) }));
  const nda = { nda_protected: row.tt_nda_protected };
  return {
    id: row.task_type_id,
    title: row.tt_title,
    shortDescription: row.tt_short_description,
    fullDescription: instructionsFor(viewer, row.tt_full_description),
    trainings: trainingRefs,
    defaultPhoto: row.tt_default_photo,
    photos: taskTypePhotosFor(viewer, nda, stringArray(row.tt_photos)),
    featuredImages: taskTypePhotosFor(viewer, nda, stringArray(row.tt_featured_images)),
    filterTitle: row.tt_filter_title,
    ndaProtected: row.tt_nda_protected,
    createdAt: iso(row.tt_created_at),
  };
}

/** `taskType` may be passed in when the caller shares one object per task type and shape (lists). */
export function toApiTask(row: TaskRow, trainings: TaskTypeTrainingRow[], viewer: Viewer, now: Date, position: Coordinates | null, taskType?: TaskType): Task {
  const coordinates = { latitude: row.place_latitude, longitude: row.place_longitude };
  const retailer = { id: row.retailer_id, name: row.retailer_name, logo: row.retailer_logo };
  const place: Place = {
    id: row.place_id,
    title: row.place_title,
    address: row.place_address,
    city: row.place_city,
    countryCode: row.place_country_code as CountryCode,
    coordinates,
    retailerId: row.retailer_id,
    retailer,
    logo: row.retailer_logo,
    distance: position ? Math.round(distanceMeters(position, coordinates)) : null,
  };
  const status = row.status as TaskStatus;
  const showReduced = status === 'accepted' || status === 'rejected';
  return {
    id: row.id,
    status,
    taskerId: row.tasker_id,
    taskTypeId: row.task_type_id,
    title: row.title,
    image: row.image,
    paymentId: row.payment_id,
    taskType: taskType ?? toApiTaskType(row, trainings, viewer),
    place,
    timeWindowStart: iso(row.time_window_start),
    timeWindowEnd: iso(row.time_window_end),
    startTime: isoOrNull(row.start_time),
    endTime: isoOrNull(row.end_time),
    finalizationTime: isoOrNull(row.finalization_time),
    expectedDuration: row.expected_duration,
    reward: money(row.reward, row) as Money,
    baseReward: money(row.base_reward, row) as Money,
    bonusReward: money(row.bonus_reward, row),
    // A reduced reward is shown only for accepted or rejected tasks (spec section 4).
    reducedReward: showReduced ? money(row.reduced_reward, row) : null,
    earlyCancelDeadline: isoOrNull(row.early_cancel_deadline),
    lateCancelDeadline: isoOrNull(row.late_cancel_deadline),
    resultComment: row.result_comment,
    taskerComment: row.tasker_comment,
    // Descriptive comments need approval (spec section 6).
    descriptiveComment: viewer.isApproved ? row.descriptive_comment : null,
    letterOfAuthorityUrl: row.tasker_id === viewer.id ? row.letter_of_authority_url : null,
    targetProductPhotos: stringArray(row.target_product_photos),
    doneChecklistItemIds: stringArray(row.done_checklist_item_ids),
    isStartable: isStartableFor(row, viewer, now),
    isReservable: isReservableFor(row, trainings, viewer),
    hasOutstandingDispute: row.has_outstanding_dispute,
    updatedAt: iso(row.updated_at),
  };
}

/** The columns of a place with its retailer that every place answer is made of. */
export type PlaceBaseRow = Pick<PlaceRow, 'id' | 'title' | 'address' | 'city' | 'country_code' | 'latitude' | 'longitude' | 'retailer_id' | 'retailer_name' | 'retailer_logo'>;

/** A place as the API answers it (the task lists' places, the staff's new place), with its distance from `position`. */
export function toApiPlaceBase(row: PlaceBaseRow, position: Coordinates | null): Place {
  const coordinates = { latitude: row.latitude, longitude: row.longitude };
  return {
    id: row.id,
    title: row.title,
    address: row.address,
    city: row.city,
    countryCode: row.country_code as CountryCode,
    coordinates,
    retailerId: row.retailer_id,
    retailer: { id: row.retailer_id, name: row.retailer_name, logo: row.retailer_logo },
    logo: row.retailer_logo,
    distance: position ? Math.round(distanceMeters(position, coordinates)) : null,
  };
}

/** A place of GET task/places: with its available tasks and their summed reward. */
export function toApiPlace(row: PlaceRow, position: Coordinates | null): Place {
  return { ...toApiPlaceBase(row, position), taskCount: Number(row.task_count), taskEarn: money(row.task_earn, row) };
}

/** Opaque cursors: base64url JSON naming the list kind, so a cursor of another order is refused. */
export function encodeCursor(payload: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export function decodeCursor(cursor: string): Record<string, unknown> | null {
  if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
