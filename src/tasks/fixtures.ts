/**
 * Task rows for the tests of this folder (and a later list benchmark): realistic defaults that a
 * test overrides field by field. Imported only by tests and benchmarks, never by screens.
 */
import type { TaskRow } from '#db/schema';
import type { Place, TaskType } from '#domain/types';

export function makeTaskType(overrides: Partial<TaskType> = {}): TaskType {
  return {
    id: 'type-shelf',
    title: 'Shelf photo',
    shortDescription: 'Photograph the coffee shelf.',
    fullDescription: '# Steps\n\nTake a photo.',
    trainings: [],
    defaultPhoto: null,
    photos: [],
    featuredImages: [],
    filterTitle: 'Photos',
    ndaProtected: false,
    createdAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makePlace(overrides: Partial<Place> = {}): Place {
  return {
    id: 'place-1',
    title: 'Maxima Akropolis',
    address: 'Ozo g. 25',
    city: 'Vilnius',
    countryCode: 'LT',
    coordinates: { latitude: 54.7106, longitude: 25.2634 },
    retailerId: 'retailer-maxima',
    retailer: { id: 'retailer-maxima', name: 'Maxima', logo: null },
    logo: null,
    distance: null,
    ...overrides,
  };
}

export function makeTask(overrides: Partial<TaskRow> = {}): TaskRow {
  const place = overrides.place ?? makePlace();
  const taskType = overrides.taskType ?? makeTaskType();
  return {
    id: 'task-1',
    status: 'available',
    taskerId: null,
    taskTypeId: taskType.id,
    title: 'Coffee shelf photo',
    image: null,
    paymentId: null,
    timeWindowStart: '2026-11-21T08:00:00Z',
    timeWindowEnd: '2026-11-21T16:00:00Z',
    startTime: null,
    endTime: null,
    finalizationTime: null,
    expectedDuration: 60,
    reward: { amount: '12.50', currencyCode: 'EUR', currencySymbol: '€' },
    baseReward: { amount: '12.50', currencyCode: 'EUR', currencySymbol: '€' },
    bonusReward: null,
    reducedReward: null,
    earlyCancelDeadline: null,
    lateCancelDeadline: null,
    resultComment: null,
    taskerComment: null,
    descriptiveComment: null,
    letterOfAuthorityUrl: null,
    targetProductPhotos: [],
    doneChecklistItemIds: [],
    isStartable: false,
    isReservable: true,
    hasOutstandingDispute: false,
    updatedAt: '2026-11-20T00:00:00Z',
    ...overrides,
    place,
    taskType,
    placeId: place.id,
  };
}
