/**
 * Tests only: `QIYU_TEST_ASSEMBLY_PAUSE_MS` makes the server wait that many milliseconds after each chunk it copies
 * into an assembled video, so a test can kill the process (kill -9) while an assembly is under way
 * (test/server/upload-kill.test.ts). Unset, empty or not a whole number up to 60000: no pause.
 */
export function assemblyPauseMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env['QIYU_TEST_ASSEMBLY_PAUSE_MS']?.trim() ?? '';
  const value = Number(raw);
  return /^\d{1,5}$/.test(raw) && value <= 60_000 ? value : 0;
}
