import fc from 'fast-check';

/**
 * fast-check runs with a fixed seed in CI (or FC_SEED when given), so a run can be repeated exactly;
 * a failing property prints its seed and path either way. Locally, without FC_SEED, each run explores anew.
 */
const fromEnv = process.env.FC_SEED;
const seed = fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : process.env.CI ? 20_261_122 : undefined;
if (seed !== undefined) fc.configureGlobal({ seed });
