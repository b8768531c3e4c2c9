import { describe } from 'vitest';
import { databaseContract } from './database-contract.ts';
import { DATABASE_URL, createEmptyPglite, createPgTestDatabase } from './support.ts';

// PGlite always (from the cached empty template; main.test.ts covers a real initdb in a folder).
databaseContract('PGlite (in memory)', createEmptyPglite);

describe.runIf(DATABASE_URL !== undefined)('PostgreSQL (DATABASE_URL)', () => {
  databaseContract('PostgreSQL', () => createPgTestDatabase(DATABASE_URL ?? ''));
});
