import { createEmptyPglite, createMigratedPglite } from '../server/support.ts';

/**
 * Global setup of the unit and server projects: the cached PGlite templates (empty, and migrated with every
 * migration) are made once here, before any test file starts, instead of inside the first files' setup hooks, where
 * two workers would build the same template at once (each new migration changes the migrated template's key).
 */
export default async function setup(): Promise<void> {
  for (const make of [createEmptyPglite, createMigratedPglite]) await (await make()).close();
}
