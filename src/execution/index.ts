/**
 * The public face of src/execution: what other features may use. Anything not exported here is
 * internal to the feature (lint: boundaries/dependencies in eslint.config.js).
 */
export { ExecutionGate } from './ExecutionGate';
export { PhotoCollection } from './PhotoCollection';
export { RejectedRecords } from './RejectedRecords';
export { cameraErrorCode, imageErrorMessage, type CameraErrorCode, type ImageErrorCode } from './errors';
export { dismissRejected, pullTaskPack, usePullTaskPack } from './mutations';
export { encodeJpeg, imageFileError, withDecodedImage } from './photos/image';
export { preparePhotoFile } from './photos/preparePhoto';
export { photoTargetSize, type Size } from './photos/resize';
export { usePhotos, useProducts, useScannedItems, useTaskDefects, useTaskPack } from './queries';
export { recordCategory } from './syncStatus';
export { useExecutionTask } from './useExecutionTask';
