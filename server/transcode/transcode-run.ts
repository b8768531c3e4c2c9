import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { X264Preset } from '../config.ts';
import { ladderFor, masterPlaylist, renditionArgs, type Rung } from './ladder.ts';
import { runTool, ToolFailure, type MediaTools } from './media-tools.ts';
import type { SourceProbe } from './probe.ts';
import { TranscodeTexts } from './transcode-texts.ts';

/** What a finished transcode left in its folder. */
export interface TranscodeOutput {
  rungs: Rung[];
  durationSeconds: number;
  width: number;
  height: number;
  /** Total bytes written (playlists, segments, pictures). */
  bytes: number;
  /** The poster's file name in the folder: 'poster.jpg'. */
  poster: string;
  /** The thumbnails' file names: ['thumb-1.jpg', 'thumb-2.jpg', 'thumb-3.jpg']. */
  thumbnails: string[];
}

/** A transcode that failed in ffmpeg: `message` is the operator's (转码失败（1080p）), `stderrTail` ffmpeg's last words. */
export class TranscodeFailure extends Error {
  constructor(
    message: string,
    /** The rung's name, or 'pictures' for the poster and thumbnails. */
    readonly step: string,
    readonly stderrTail: string,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'TranscodeFailure';
  }
}

const POSTER = 'poster.jpg';
const POSTER_MAX_WIDTH = 1280;
const THUMBNAIL_WIDTH = 320;
/** Where the poster and the thumbnails are taken, as fractions of the duration. */
const POSTER_AT = 0.1;
const THUMBNAILS_AT: readonly number[] = [0.25, 0.5, 0.75];
/** The share of the progress the pictures take, at the end; the rungs share the rest by pixel count. */
const PICTURES_PERCENT = 3;

/** ffmpeg's default limit per process: 2 minutes, or 20 times the source's duration when longer. */
function defaultTimeoutMs(durationSeconds: number): number {
  return Math.max(120_000, Math.ceil(20 * durationSeconds * 1000));
}

/** Whether `signal` has fired (a call, so that a check after an await is not narrowed away). */
function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

function abortError(signal: AbortSignal | undefined): Error {
  const error = new Error(TranscodeTexts.aborted, { cause: signal?.reason });
  error.name = 'AbortError';
  return error;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Bytes of every file under `dir`. */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else if (entry.isFile()) total += (await stat(path)).size;
  }
  return total;
}

/**
 * Microseconds of output done, from one line of ffmpeg's `-progress`: `out_time_us`, or `out_time_ms` (microseconds
 * too, despite its name, in old and new builds alike), or `out_time` (HH:MM:SS.micro). undefined for other lines and
 * for N/A.
 */
function progressMicros(line: string): number | undefined {
  const [key, value = ''] = line.trim().split('=', 2);
  if (key === 'out_time_us' || key === 'out_time_ms') {
    const micros = Number(value);
    return value !== '' && Number.isFinite(micros) ? Math.max(0, micros) : undefined;
  }
  if (key === 'out_time') {
    const match = /^(-?\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value);
    if (match === null) return undefined;
    const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
    return Number.isFinite(seconds) ? Math.max(0, seconds * 1e6) : undefined;
  }
  return undefined;
}

/** Turns progress fractions of the steps into whole percents, told only when they change and never going back. */
class ProgressReporter {
  private last = -1;

  constructor(private readonly onProgress: ((percent: number) => void) | undefined) {}

  report(fraction: number): void {
    const percent = Math.min(100, Math.max(0, Math.floor(fraction * 100)));
    if (percent <= this.last) return;
    this.last = percent;
    this.onProgress?.(percent);
  }
}

/** A picture taken from the source: where (seconds), how wide, into which file. */
interface Shot {
  atSeconds: number;
  width: number;
  file: string;
}

/** The poster (at 10% of the duration, 1280 wide at most) and the three thumbnails (25/50/75%, 320 wide at most). */
function shotsOf(probe: SourceProbe): Shot[] {
  const posterWidth = Math.min(POSTER_MAX_WIDTH, probe.width);
  const thumbnailWidth = Math.min(THUMBNAIL_WIDTH, probe.width);
  return [
    { atSeconds: POSTER_AT * probe.durationSeconds, width: posterWidth, file: POSTER },
    ...THUMBNAILS_AT.map((at, index) => ({ atSeconds: at * probe.durationSeconds, width: thumbnailWidth, file: `thumb-${index + 1}.jpg` })),
  ];
}

/** The ffmpeg arguments that take `shots` into `dir`, in one process (one fast-seeking input per picture). */
function pictureArgs(input: string, dir: string, shots: readonly Shot[]): string[] {
  const inputs = shots.flatMap((shot) => ['-ss', shot.atSeconds.toFixed(3), '-protocol_whitelist', 'file', '-i', input]);
  const outputs = shots.flatMap((shot, index) => [
    '-map', `${index}:v:0`, '-frames:v', '1',
    // Even sizes, the aspect kept; full-range YUV as JPEG has it.
    '-vf', `scale=${2 * Math.round(shot.width / 2)}:-2,format=yuvj420p`, '-q:v', '3',
    join(dir, shot.file),
  ]);
  return ['-hide_banner', '-nostdin', '-y', ...inputs, ...outputs];
}

/**
 * Transcodes `input` (probed as `probe`) into `outDir`, which must not exist yet: HLS renditions of the ladder
 * (`<rung>/index.m3u8`, one ffmpeg process per rung, highest first), `master.m3u8`, `poster.jpg` and
 * `thumb-1.jpg`…`thumb-3.jpg`. Everything is written to `<outDir>.part` (emptied first) and renamed at the end.
 * `onProgress` gets whole percents as they grow (rungs weighted by pixels, the pictures last), up to 100.
 * Each ffmpeg process gets `timeoutMs` (default: 2 minutes, or 20 × the duration when longer). An abort or a
 * failure kills the running process and removes the temp folder; an abort rejects with an error named AbortError,
 * an ffmpeg failure with a TranscodeFailure.
 */
export async function transcodeSource(options: {
  tools: MediaTools;
  input: string;
  outDir: string;
  probe: SourceProbe;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** x264's preset (default veryfast). */
  preset?: X264Preset;
}): Promise<TranscodeOutput> {
  const { tools, probe, signal } = options;
  const input = resolve(options.input);
  const outDir = resolve(options.outDir);
  const partDir = `${outDir}.part`;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs(probe.durationSeconds);
  const progress = new ProgressReporter(options.onProgress);
  if (await exists(outDir)) throw new Error(`transcode output already exists: ${outDir}`);
  if (aborted(signal)) throw abortError(signal);

  const rungs = ladderFor(probe);
  const totalPixels = rungs.reduce((sum, entry) => sum + entry.width * entry.height, 0);
  const rungsShare = (100 - PICTURES_PERCENT) / 100;
  const durationMicros = probe.durationSeconds * 1e6;

  /** Runs one ffmpeg step; its failure becomes the transcode's (an abort, or a TranscodeFailure named by `step`). */
  const run = async (step: string, label: string, args: string[], onFraction?: (fraction: number) => void): Promise<void> => {
    try {
      await runTool(tools.ffmpeg, args, {
        timeoutMs,
        ...(signal ? { signal } : {}),
        ...(onFraction
          ? {
              onStdoutLine: (line: string) => {
                const micros = progressMicros(line);
                if (micros !== undefined && durationMicros > 0) onFraction(Math.min(1, micros / durationMicros));
              },
            }
          : {}),
      });
    } catch (error) {
      if (error instanceof ToolFailure && error.reason === 'aborted') throw abortError(signal);
      if (error instanceof ToolFailure) throw new TranscodeFailure(TranscodeTexts.failed(label), step, error.stderrTail, error);
      throw error;
    }
  };

  const shots = shotsOf(probe);
  try {
    await rm(partDir, { recursive: true, force: true });
    await mkdir(partDir, { recursive: true });
    progress.report(0);

    let pixelsDone = 0;
    for (const entry of rungs) {
      const dir = join(partDir, entry.name);
      await mkdir(dir);
      const share = (entry.width * entry.height) / totalPixels;
      const before = pixelsDone / totalPixels;
      await run(entry.name, entry.name, renditionArgs(input, entry, dir, probe, options.preset), (fraction) => {
        progress.report((before + share * fraction) * rungsShare);
      });
      pixelsDone += entry.width * entry.height;
      progress.report((pixelsDone / totalPixels) * rungsShare);
    }

    await writeFile(join(partDir, 'master.m3u8'), masterPlaylist(rungs, probe.hasAudio));

    await run('pictures', TranscodeTexts.pictures, pictureArgs(input, partDir, shots));
    // ffmpeg ends well without writing a picture it found no frame for (a video track shorter than the file's
    // duration): those are taken from the start instead.
    const missing: Shot[] = [];
    for (const shot of shots) if (!(await exists(join(partDir, shot.file)))) missing.push({ ...shot, atSeconds: 0 });
    if (missing.length > 0) await run('pictures', TranscodeTexts.pictures, pictureArgs(input, partDir, missing));
    for (const shot of missing) {
      if (!(await exists(join(partDir, shot.file)))) throw new TranscodeFailure(TranscodeTexts.failed(TranscodeTexts.pictures), 'pictures', '');
    }
    if (aborted(signal)) throw abortError(signal);

    if (await exists(outDir)) throw new Error(`transcode output already exists: ${outDir}`);
    await rename(partDir, outDir);
  } catch (error) {
    await rm(partDir, { recursive: true, force: true });
    throw error;
  }
  progress.report(1);
  return {
    rungs,
    durationSeconds: probe.durationSeconds,
    width: probe.width,
    height: probe.height,
    bytes: await folderBytes(outDir),
    poster: POSTER,
    thumbnails: shots.slice(1).map((shot) => shot.file),
  };
}
