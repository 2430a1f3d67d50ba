import { sql, type Kysely } from 'kysely';

/** PGlite's extended protocol runs one statement per query, so DDL is split on `;` at line ends. */
export async function runStatements(db: Kysely<unknown>, ddl: string): Promise<void> {
  for (const statement of ddl.split(/;\s*$/m)) {
    if (statement.replace(/--.*$/gm, '').trim() === '') continue;
    await sql.raw(statement).execute(db);
  }
}
