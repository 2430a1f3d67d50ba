/**
 * The public face of src/money: what other features may use. Anything not exported here is
 * internal to the feature (lint: boundaries/dependencies in eslint.config.js).
 */
export { PayoutSummary } from './PayoutSummary';
export { formatHours, formatMoney } from './format';
export { useLastWeekEarn } from './queries';
