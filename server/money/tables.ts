/** The money tables' Kysely types and `moneyDb`, defined in the bottom layer (server/db/money-tables.ts) for missions and money alike. */
export * from '../db/money-tables';
