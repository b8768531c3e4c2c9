import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './test/setup/long-first-sequencer.ts';

export default defineConfig({
  test: {
    // The long journeys first of theirs (no timings on a clean clone).
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx', 'test/contract/**/*.test.ts', 'test/properties/**/*.test.ts', 'test/headless/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup/reflect.ts', 'test/setup/fast-check.ts'],
          globalSetup: ['test/setup/pglite-templates.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // First, on every core (vitest's default leaves one core idle: on 2 cores it would run one file at a time);
          // the journeys follow.
          sequence: { groupOrder: 0 },
          // The files of a worker share their loaded modules (as the server project's do): no file mocks a module,
          // and the few that fake timers or globals put them back. Importing every file's modules anew took more
          // than half the project's time (3 min 15 s → 2 min on 2 cores).
          isolate: false,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup/reflect.ts', 'test/setup/fast-check.ts'],
          globalSetup: ['test/setup/pglite-templates.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // Every file builds its own app, database and clock and mocks no module, so the files of one worker share
          // their imports (fastify, the routes, PGlite): loading them once per worker, not once per file, halves the
          // project's time. Beside the unit project, before the journeys.
          isolate: false,
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/support/build-once.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // A phone-sized page on a shared 2-core machine: what a journey waits for gets up to 10 s (1 s by default).
          expect: { poll: { timeout: 10_000 } },
          // After the unit project, three journeys at a time: each has its own server and database copy, and a
          // journey spends part of its time waiting (timers, animations, its server), so two leave a core idle. Four
          // (until 2026-12-07) kept the load at 15–20 on 2 cores, with two phones playing video in several journeys:
          // steps then outlasted their limits by chance. The files of a worker run one after another without
          // isolation, so they share the worker's Chromium (support/phone.ts) and its loaded modules.
          isolate: false,
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
          // No retry: a journey's steps build on each other (a second try starts from what the failed one left), and
          // a step that fails by chance is a defect to fix at its cause.
        },
      },
    ],
  },
});
