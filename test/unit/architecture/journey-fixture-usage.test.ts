import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One prelude for every journey (issue 32): a journey file opens its phone through useJourney
 * (test/e2e/support/journey.ts), which also gives it poll, logIn and the helpers journeys share. None opens a phone,
 * an app or a browser itself, and none defines its own copy of those helpers.
 */
const E2E = path.resolve(import.meta.dirname, '../../e2e');

/** Journeys not moved onto the fixture yet. Only shrinks: a file that keeps the rule must leave the list. */
const NOT_YET_ON_THE_FIXTURE: readonly string[] = [];

/** The fixture's helpers: a journey uses them, it does not define its own. */
const FIXTURE_HELPERS = ['poll', 'logIn', 'pause', 'shot', 'toast', 'dialogButton', 'goInApp'];

/** What a journey file does against the rule, in words (empty: it keeps it). */
function preludeFaults(source: string): string[] {
  const faults: string[] = [];
  for (const helper of FIXTURE_HELPERS) {
    if (new RegExp(`^\\s*(?:export\\s+)?(?:async\\s+)?(?:function\\s+${helper}\\b|(?:const|let|var)\\s+${helper}\\s*=)`, 'm').test(source)) {
      faults.push(`defines its own ${helper}`);
    }
  }
  for (const start of ['openPhone', 'startApp', 'launchChromium']) {
    if (new RegExp(`\\b${start}\\s*\\(`).test(source)) faults.push(`calls ${start} itself`);
  }
  if ((source.match(/\buseJourney\s*\(/g) ?? []).length !== 1) faults.push('does not call useJourney once');
  return faults;
}

describe('journeys open their phone through the journey fixture', async () => {
  const journeys = (await readdir(E2E)).filter((name) => name.endsWith('.test.ts')).sort();
  const sources = new Map(await Promise.all(journeys.map(async (name) => [name, await readFile(path.join(E2E, name), 'utf8')] as const)));

  it('finds the journeys', () => {
    expect(journeys.length).toBeGreaterThan(40);
    expect(journeys).toEqual(expect.arrayContaining([...NOT_YET_ON_THE_FIXTURE]));
  });

  it.each(journeys.filter((name) => !NOT_YET_ON_THE_FIXTURE.includes(name)))('%s uses useJourney, with no prelude or helper of its own', (name) => {
    expect(preludeFaults(sources.get(name) ?? '')).toEqual([]);
  });

  it.each(NOT_YET_ON_THE_FIXTURE)('%s, not on the fixture yet, still breaks the rule (else it leaves the list)', (name) => {
    expect(preludeFaults(sources.get(name) ?? '')).not.toEqual([]);
  });

  it('tells a journey with its own poll, logIn or phone from one on the fixture', () => {
    expect(preludeFaults("const { page, poll } = useJourney();\nawait poll(() => 1).toBe(1);")).toEqual([]);
    expect(preludeFaults('const { page } = useJourney();\nconst poll = expect.poll;')).toEqual(['defines its own poll']);
    expect(preludeFaults('const { page } = useJourney();\nasync function logIn(on: Page): Promise<void> {}')).toEqual(['defines its own logIn']);
    expect(preludeFaults('beforeAll(async () => {\n  phone = await openPhone();\n});')).toEqual(['calls openPhone itself', 'does not call useJourney once']);
  });
});
