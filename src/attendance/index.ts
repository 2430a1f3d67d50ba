/**
 * The public face of src/attendance: what other features may use. Anything not exported here is
 * internal to the feature (lint: boundaries/dependencies in eslint.config.js).
 */
export { AttendanceDialog } from './AttendanceDialog';
export { useAttendanceRequest, useAttendanceRequests } from './queries';
