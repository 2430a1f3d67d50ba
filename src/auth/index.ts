/**
 * The public face of src/auth: what other features may use. Anything not exported here is
 * internal to the feature (lint: boundaries/dependencies in eslint.config.js).
 */
export { useSessionEmail, useUser } from './queries';
