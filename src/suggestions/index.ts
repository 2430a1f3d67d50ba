/**
 * The public face of src/suggestions: what other features may use. Anything not exported here is
 * internal to the feature (lint: boundaries/dependencies in eslint.config.js).
 */
export { groupSuggestionsByPlace, suggestionCount } from './suggestions';
export { isSuggestionLocked, readSuggestionLocks, type SuggestionLocks } from './locks';
