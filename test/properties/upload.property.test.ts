import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FakeUploadFault } from '../../adapters/http/fake-upload-api.ts';
import { chunkProgress } from '../../src/core/upload/chunk-plan.ts';
import { UploadCalls, UploadChunkCalls } from '../../src/core/upload/upload-protocol.ts';
import { drive, uploadSetup } from '../unit/upload/upload-support.ts';

const SMALL = 64;

/** A file of 1..12 chunks (the last one partial or whole), and per chunk how often the network drops it. */
const scenarioArb = fc
  .integer({ min: 1, max: 12 })
  .chain((chunks) =>
    fc.record({
      chunks: fc.constant(chunks),
      tail: fc.integer({ min: 12, max: SMALL }),
      drops: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: chunks, maxLength: chunks }),
      resumeDrops: fc.integer({ min: 0, max: 5 }),
      lostAnswers: fc.array(fc.boolean(), { minLength: chunks, maxLength: chunks }),
    }),
  );

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

async function publishUntilDone(scenario: Scenario, lose: boolean) {
  const s = uploadSetup({ chunkSize: SMALL });
  const size = (scenario.chunks - 1) * SMALL + scenario.tail;
  const { videoBytes } = s.fill(size, 10);
  const drops = [...scenario.drops];
  const lost = [...scenario.lostAnswers];
  let resumeDrops = scenario.resumeDrops;
  s.api.fault = (call): FakeUploadFault | null => {
    const path = call.path.toLowerCase();
    if (path === UploadCalls.heldChunks.path.toLowerCase() && resumeDrops > 0) {
      resumeDrops -= 1;
      return 'network-before';
    }
    if (path !== UploadChunkCalls.videoChunk.path.toLowerCase()) return null;
    const k = Number(call.body.chunk) - 1;
    if ((drops[k] ?? 0) > 0) {
      drops[k] = (drops[k] ?? 0) - 1;
      return 'network-before';
    }
    if (lose && lost[k]) {
      lost[k] = false;
      return 'network-after';
    }
    return null;
  };
  const outcomes: string[] = [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const outcome = await drive(s.world.clock, s.publisher.publish(), 10_000);
    outcomes.push(outcome.kind);
    if (outcome.kind !== 'failed') break;
    expect(s.store.draft).toMatchObject({ phase: 'failed', uploadError: true });
  }
  return { ...s, videoBytes, outcomes };
}

function expectProgressRules(progress: number[], chunks: number) {
  expect(progress[0]).toBe(1);
  expect(progress[progress.length - 1]).toBe(100);
  for (let i = 1; i < progress.length; i += 1) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1] as number);
  const allowed = new Set([...Array.from({ length: chunks + 1 }, (_, k) => chunkProgress(k, chunks)), 90, 95, 100]);
  for (const value of progress) expect(allowed.has(value)).toBe(true);
  expect(progress).toContain(80);
}

describe('chunked upload (property)', () => {
  it('whatever chunks the network drops and however often it resumes, each chunk reaches the server exactly once and progress only climbs 1..80..100', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const s = await publishUntilDone(scenario, false);
        expect(s.outcomes[s.outcomes.length - 1]).toBe('published');
        const taken = s.api.state.chunkLog.map((c) => c.chunk).sort((a, b) => a - b);
        expect(taken).toEqual(Array.from({ length: scenario.chunks }, (_, i) => i + 1));
        const stored = [...s.api.state.uploads.values()][0]?.stored;
        expect(stored && Buffer.compare(stored, s.videoBytes)).toBe(0);
        expectProgressRules(s.progress, scenario.chunks);
        // A resume asks first, then sends only what the server lacks.
        const resumes = s.outcomes.length - 1;
        expect(s.calls(UploadCalls.createFile.path)).toHaveLength(1);
        expect(s.calls(UploadCalls.heldChunks.path).length).toBeGreaterThanOrEqual(resumes);
        expect(s.api.state.posts).toHaveLength(1);
      }),
      { numRuns: 60 },
    );
  });

  it('with answers lost after the server took a chunk too, the stored file is the picked one byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const s = await publishUntilDone(scenario, true);
        expect(s.outcomes[s.outcomes.length - 1]).toBe('published');
        const stored = [...s.api.state.uploads.values()][0]?.stored;
        expect(stored && Buffer.compare(stored, s.videoBytes)).toBe(0);
        expect(new Set(s.api.state.chunkLog.map((c) => c.chunk)).size).toBe(scenario.chunks);
        expectProgressRules(s.progress, scenario.chunks);
      }),
      { numRuns: 40 },
    );
  });
});
