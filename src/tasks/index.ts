/**
 * The public face of src/tasks: what other features may use. Anything not exported here is
 * internal to the feature (lint: boundaries/dependencies in eslint.config.js).
 */
export { GeolocationHelp } from './GeolocationHelp';
export { MarkdownText } from './MarkdownText';
export { ReservationLimitBar } from './ReservationLimitBar';
export { RetailerLogo } from './RetailerLogo';
export { TaskCard } from './TaskCard';
export { TaskDetailLoading } from './TaskDetailLoading';
export { shownReward } from './historicalTask';
export { safeHref } from './linkify';
export { pullMoreTasks, pullSuggestions, watchCollections } from './mutations';
export { useReservationLimit, useTask, useTasksByStatus, useTrainings } from './queries';
export { LIST_STATUSES, pathForStatus, type ListStatus } from './routes';
export type { TaskListItem } from './selectTasks';
export { deviceKind, type DeviceKind } from './startFlow';
export { useDevicePosition } from './useDevicePosition';
