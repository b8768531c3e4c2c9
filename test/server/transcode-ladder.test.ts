/**
 * The ffmpeg layer of the console's transcoding (issue 33): a source is probed (and refused when it is no video,
 * empty, too long or too large), then made into an HLS ladder of 4-second segments that each start on a keyframe,
 * with a master playlist, a poster and thumbnails, written aside and renamed when complete. Needs no database.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecsFor, ladderFor, masterPlaylist, renditionArgs, SEGMENT_SECONDS } from '../../server/transcode/ladder.ts';
import { findMediaTools, runTool, ToolFailure, type MediaTools } from '../../server/transcode/media-tools.ts';
import { DEFAULT_PROBE_LIMITS, ProbeRefusal, ProbeTexts, probeSource, type ProbeLimits, type ProbeRefusalReason, type SourceProbe } from '../../server/transcode/probe.ts';
import { transcodeSource, TranscodeFailure, type TranscodeOutput } from '../../server/transcode/transcode-run.ts';
import { makeSource, testMediaTools } from '../support/media-sources.ts';

/** The machine is shared and slow: ffmpeg steps get minutes. */
const SLOW = 300_000;

let tools: MediaTools;
let root: string;

beforeAll(async () => {
  tools = await testMediaTools();
  root = await mkdtemp(join(tmpdir(), 'qiyu-transcode-'));
}, SLOW);

afterAll(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first video stream of `file` and whether its first packet (in decode order, as the demuxer reads it, before
 * any decoder could skip to a keyframe) is a keyframe.
 */
async function firstVideoPacket(file: string): Promise<{ keyFrame: boolean; width: number; height: number; profile: string; level: number }> {
  const { stdout } = await runTool(
    tools.ffprobe,
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,profile,level:packet=flags', '-read_intervals', '%+#1', '-of', 'json', file],
    { timeoutMs: 60_000 },
  );
  const json = JSON.parse(stdout) as { streams?: { width?: number; height?: number; profile?: string; level?: number }[]; packets?: { flags?: string }[] };
  const stream = json.streams?.[0] ?? {};
  return {
    keyFrame: json.packets?.[0]?.flags?.startsWith('K') === true,
    width: stream.width ?? 0,
    height: stream.height ?? 0,
    profile: stream.profile ?? '',
    level: stream.level ?? 0,
  };
}

/** The kinds of the streams of `file` ('video', 'audio'), in order. */
async function streamTypes(file: string): Promise<string[]> {
  const { stdout } = await runTool(tools.ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'json', file], { timeoutMs: 60_000 });
  const json = JSON.parse(stdout) as { streams?: { codec_type?: string }[] };
  return (json.streams ?? []).map((stream) => stream.codec_type ?? '');
}

/** The segments of a media playlist with their EXTINF durations. */
function segmentsOf(playlist: string): { file: string; seconds: number }[] {
  const lines = playlist.split('\n').map((line) => line.trim());
  const found: { file: string; seconds: number }[] = [];
  lines.forEach((line, index) => {
    const match = /^#EXTINF:([\d.]+),/.exec(line);
    if (match) found.push({ seconds: Number(match[1]), file: lines[index + 1] ?? '' });
  });
  return found;
}

/** Processes whose command line names `path` (Linux's /proc; none elsewhere). */
async function processesNaming(path: string): Promise<number[]> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const pid of pids) {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(path)) found.push(Number(pid));
  }
  return found;
}

async function refusalOf(promise: Promise<unknown>): Promise<{ reason: ProbeRefusalReason; message: string }> {
  const error: unknown = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(ProbeRefusal);
  const refusal = error as ProbeRefusal;
  return { reason: refusal.reason, message: refusal.message };
}

describe('a 6 s 1080p source with sound, transcoded', () => {
  let source: string;
  let outDir: string;
  let probe: SourceProbe;
  let output: TranscodeOutput;
  const percents: number[] = [];

  beforeAll(async () => {
    source = join(root, 'source-1080.mp4');
    outDir = join(root, 'out-1080');
    await makeSource(tools, source, { seconds: 6, width: 1920, height: 1080 });
    probe = await probeSource(tools, source, DEFAULT_PROBE_LIMITS);
    // At superfast, the fastest preset that keeps the High profile (the production default is veryfast): the ladder's
    // shape is the same, in about half the time beside the other server tests.
    output = await transcodeSource({ tools, input: source, outDir, probe, preset: 'superfast', onProgress: (percent) => percents.push(percent) });
  }, 600_000);

  it('is probed as what it is', () => {
    expect(probe).toMatchObject({ width: 1920, height: 1080, hasAudio: true, videoCodec: 'h264' });
    expect(probe.durationSeconds).toBeCloseTo(6, 0);
    expect(probe.frameRate).toBeCloseTo(30, 1);
    expect(output.durationSeconds).toBeCloseTo(6, 0);
    expect({ width: output.width, height: output.height }).toEqual({ width: 1920, height: 1080 });
  });

  it('makes the five rungs, each its size, H.264 High, with sound', async () => {
    expect(output.rungs.map((rung) => `${rung.name} ${rung.width}x${rung.height}`)).toEqual([
      '1080p 1920x1080',
      '720p 1280x720',
      '480p 854x480',
      '360p 640x360',
      '180p 320x180',
    ]);
    for (const rung of output.rungs) {
      const first = await firstVideoPacket(join(outDir, rung.name, 'seg000.ts'));
      expect({ width: first.width, height: first.height, profile: first.profile }, rung.name).toEqual({ width: rung.width, height: rung.height, profile: 'High' });
      expect(first.level, rung.name).toBe(Math.round(Number(rung.level) * 10));
      expect(await streamTypes(join(outDir, rung.name, 'seg000.ts')), rung.name).toEqual(['video', 'audio']);
    }
    expect(output.bytes).toBeGreaterThan(1_000_000);
  }, SLOW);

  it('cuts 4-second segments that each start on a keyframe', async () => {
    for (const rung of output.rungs) {
      const playlist = await readFile(join(outDir, rung.name, 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = segmentsOf(playlist);
      expect(segments.length, rung.name).toBe(2);
      expect(segments.reduce((sum, segment) => sum + segment.seconds, 0), rung.name).toBeCloseTo(6, 0);
      for (const segment of segments.slice(0, -1)) expect(Math.abs(segment.seconds - SEGMENT_SECONDS), `${rung.name} ${segment.file}`).toBeLessThanOrEqual(0.5);
      for (const segment of segments) {
        expect((await firstVideoPacket(join(outDir, rung.name, segment.file))).keyFrame, `${rung.name} ${segment.file}`).toBe(true);
      }
    }
  }, SLOW);

  it('writes a master playlist naming each rung with its bandwidth, resolution and codecs, highest first', async () => {
    const master = await readFile(join(outDir, 'master.m3u8'), 'utf8');
    const lines = master.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['#EXTM3U', '#EXT-X-VERSION:3']);
    const variants = lines.slice(2);
    expect(variants).toHaveLength(2 * output.rungs.length);
    output.rungs.forEach((rung, index) => {
      const info = variants[2 * index] ?? '';
      expect(info).toMatch(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=\d+x\d+,CODECS="[^"]+"$/);
      expect(info).toContain(`BANDWIDTH=${(rung.maxrateKbps + rung.audioKbps) * 1000},`);
      expect(info).toContain(`RESOLUTION=${rung.width}x${rung.height},`);
      expect(info).toContain(`CODECS="${rung.codecs}"`);
      expect(rung.codecs).toMatch(/^avc1\.6400[0-9a-f]{2},mp4a\.40\.2$/);
      expect(variants[2 * index + 1]).toBe(`${rung.name}/index.m3u8`);
    });
  });

  it('leaves a poster and three thumbnails, as JPEGs, and no temp folder', async () => {
    expect(output.poster).toBe('poster.jpg');
    expect(output.thumbnails).toEqual(['thumb-1.jpg', 'thumb-2.jpg', 'thumb-3.jpg']);
    const poster = await sharp(join(outDir, output.poster)).metadata();
    expect({ format: poster.format, width: poster.width, height: poster.height }).toEqual({ format: 'jpeg', width: 1280, height: 720 });
    for (const thumbnail of output.thumbnails) {
      const meta = await sharp(join(outDir, thumbnail)).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, thumbnail).toEqual({ format: 'jpeg', width: 320, height: 180 });
    }
    expect(await exists(`${outDir}.part`)).toBe(false);
    expect((await readdir(outDir)).sort()).toEqual(['1080p', '180p', '360p', '480p', '720p', 'master.m3u8', 'poster.jpg', 'thumb-1.jpg', 'thumb-2.jpg', 'thumb-3.jpg']);
  });

  it('reports whole percents that only grow, up to 100', () => {
    expect(percents.length).toBeGreaterThan(3);
    expect(percents.every((percent, index) => Number.isInteger(percent) && (index === 0 || percent > (percents[index - 1] ?? -1)))).toBe(true);
    expect(percents.at(-1)).toBe(100);
  });
});

describe('a small silent source', () => {
  let source: string;
  let probe: SourceProbe;

  beforeAll(async () => {
    source = join(root, 'silent-180.mp4');
    await makeSource(tools, source, { seconds: 2, width: 320, height: 180, audio: false });
    probe = await probeSource(tools, source, DEFAULT_PROBE_LIMITS);
  }, SLOW);

  it('becomes one video-only 180p rung, with no mp4a in its codecs', async () => {
    expect(probe).toMatchObject({ width: 320, height: 180, hasAudio: false });
    const outDir = join(root, 'out-silent');
    const output = await transcodeSource({ tools, input: source, outDir, probe });
    expect(output.rungs.map((rung) => rung.name)).toEqual(['180p']);
    expect(await streamTypes(join(outDir, '180p', 'seg000.ts'))).toEqual(['video']);
    const master = await readFile(join(outDir, 'master.m3u8'), 'utf8');
    expect(master).toContain('BANDWIDTH=250000,AVERAGE-BANDWIDTH=250000,RESOLUTION=320x180,CODECS="avc1.64001e"');
  }, SLOW);

  it('takes a picture past the end of the video track from the start instead', async () => {
    // 2 s of picture in 5 s of sound: the thumbnails at 50% and 75% find no frame where they look.
    const longerSound = join(root, 'longer-sound.mp4');
    const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', source, '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000:duration=5'];
    await runTool(tools.ffmpeg, [...args, '-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy', '-c:a', 'aac', longerSound], { timeoutMs: 60_000 });
    const longerProbe = await probeSource(tools, longerSound, DEFAULT_PROBE_LIMITS);
    expect(longerProbe.durationSeconds).toBeGreaterThan(4);
    const outDir = join(root, 'out-longer-sound');
    const output = await transcodeSource({ tools, input: longerSound, outDir, probe: longerProbe });
    for (const file of [output.poster, ...output.thumbnails]) expect((await sharp(join(outDir, file)).metadata()).format, file).toBe('jpeg');
  }, SLOW);

  it('is refused when too long or too large for lowered limits', async () => {
    expect(await refusalOf(probeSource(tools, source, { ...DEFAULT_PROBE_LIMITS, maxDurationSeconds: 1.8 }))).toEqual({
      reason: 'too-long',
      message: ProbeTexts.tooLong(0.0005),
    });
    const smallerThanSource: ProbeLimits = { maxDurationSeconds: 3600, maxWidth: 256, maxHeight: 144 };
    expect(await refusalOf(probeSource(tools, source, smallerThanSource))).toEqual({
      reason: 'too-large',
      message: ProbeTexts.tooLarge,
    });
    // Either orientation: 320×180 fits a portrait 180×320 limit.
    await expect(probeSource(tools, source, { maxDurationSeconds: 3600, maxWidth: 180, maxHeight: 320 })).resolves.toMatchObject({ width: 320 });
    expect(ProbeTexts.tooLong(4)).toBe('视频时长不能超过4小时');
    expect(ProbeTexts.tooLong(0.5)).toBe('视频时长不能超过0.5小时');
  }, SLOW);

  it('is unreadable when cut short (an mp4 without its index)', async () => {
    const cut = join(root, 'cut.mp4');
    await writeFile(cut, (await readFile(source)).subarray(0, 2000));
    expect(await refusalOf(probeSource(tools, cut, DEFAULT_PROBE_LIMITS))).toEqual({ reason: 'unreadable', message: ProbeTexts.unreadable });
  }, SLOW);

  it('fails as a TranscodeFailure naming the rung, with ffmpeg’s words, when ffmpeg fails', async () => {
    const outDir = join(root, 'out-failing');
    // Told there is sound where there is none: ffmpeg finds no stream for -map 0:a:0.
    const failure: unknown = await transcodeSource({ tools, input: source, outDir, probe: { ...probe, hasAudio: true } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TranscodeFailure);
    expect((failure as TranscodeFailure).message).toBe('转码失败（180p）');
    expect((failure as TranscodeFailure).stderrTail).toMatch(/matches no streams/);
    expect(await exists(outDir)).toBe(false);
    expect(await exists(`${outDir}.part`)).toBe(false);
  }, SLOW);

  it('is not transcoded over an existing folder', async () => {
    const outDir = join(root, 'out-existing');
    await mkdir(outDir);
    await expect(transcodeSource({ tools, input: source, outDir, probe })).rejects.toThrow(/already exists/);
    expect(await readdir(outDir)).toEqual([]);
  });
});

describe('sources that are refused', () => {
  it('a text file named .mp4 is not a video', async () => {
    const file = join(root, 'notes.mp4');
    await writeFile(file, 'These are notes, not a video.\n'.repeat(20));
    expect(await refusalOf(probeSource(tools, file, DEFAULT_PROBE_LIMITS))).toEqual({ reason: 'not-video', message: ProbeTexts.notVideo });
  }, SLOW);

  it('a PNG picture is not a video', async () => {
    const file = join(root, 'picture.mp4');
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toFile(file);
    expect(await refusalOf(probeSource(tools, file, DEFAULT_PROBE_LIMITS))).toEqual({ reason: 'not-video', message: ProbeTexts.notVideo });
  }, SLOW);

  it('a zero-byte file is empty', async () => {
    const file = join(root, 'zero.mp4');
    await writeFile(file, '');
    await truncate(file, 0);
    expect(await refusalOf(probeSource(tools, file, DEFAULT_PROBE_LIMITS))).toEqual({ reason: 'empty', message: ProbeTexts.empty });
  }, SLOW);
});

describe('an abort mid-way', () => {
  it('kills ffmpeg, removes the temp folder and rejects with an AbortError', async () => {
    const source = join(root, 'abort-360.mp4');
    const outDir = join(root, 'out-aborted');
    await makeSource(tools, source, { seconds: 8, width: 640, height: 360 });
    const probe = await probeSource(tools, source, DEFAULT_PROBE_LIMITS);
    const controller = new AbortController();
    const percents: number[] = [];
    const outcome: unknown = await transcodeSource({
      tools,
      input: source,
      outDir,
      probe,
      signal: controller.signal,
      onProgress: (percent) => {
        percents.push(percent);
        if (percent > 0) controller.abort();
      },
    }).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).name).toBe('AbortError');
    expect(percents.at(-1)).toBeLessThan(100);
    expect(await exists(outDir)).toBe(false);
    expect(await exists(`${outDir}.part`)).toBe(false);
    // The rejection came after ffmpeg had exited.
    expect(await processesNaming(outDir)).toEqual([]);
  }, SLOW);
});

describe('the media tools', () => {
  it('are found from FFMPEG_PATH and FFPROBE_PATH together, else from the packages', async () => {
    const both = { FFMPEG_PATH: tools.ffmpeg, FFPROBE_PATH: tools.ffprobe };
    expect(await findMediaTools(both)).toEqual({ ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe, source: 'env' });
    // Without the environment, the tools this machine has come from the packages (or the PATH).
    const fallback = await findMediaTools({});
    expect(fallback?.source).not.toBe('env');
    expect(await findMediaTools({ FFMPEG_PATH: tools.ffmpeg })).toEqual(fallback);
    expect(await findMediaTools({ FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' })).toEqual(fallback);
  }, SLOW);

  it('fail as ToolFailures: a missing binary, a non-zero exit, a run past its time (killed)', async () => {
    const failureOf = (run: Promise<unknown>): Promise<unknown> => run.then(() => undefined, (error: unknown) => error);
    const missing = await failureOf(runTool('/nonexistent/ffmpeg', ['-version'], { timeoutMs: 10_000 }));
    expect(missing).toBeInstanceOf(ToolFailure);
    expect((missing as ToolFailure).reason).toBe('spawn');
    const exit = await failureOf(runTool(tools.ffmpeg, ['-hide_banner', '-i', join(root, 'no-such-file.mp4')], { timeoutMs: 30_000 }));
    expect({ reason: (exit as ToolFailure).reason, exitCode: (exit as ToolFailure).exitCode }).toEqual({ reason: 'exit', exitCode: 1 });
    expect((exit as ToolFailure).stderrTail).toMatch(/No such file or directory/);
    const started = Date.now();
    const endless = ['-hide_banner', '-nostdin', '-f', 'lavfi', '-i', 'nullsrc=s=16x16', '-f', 'null', '-'];
    const timeout = await failureOf(runTool(tools.ffmpeg, endless, { timeoutMs: 500 }));
    expect({ reason: (timeout as ToolFailure).reason, exitCode: (timeout as ToolFailure).exitCode }).toEqual({ reason: 'timeout', exitCode: null });
    expect(Date.now() - started).toBeLessThan(20_000);
  }, SLOW);
});

describe('the ladder of a source', () => {
  it('keeps the rungs at or below a 720p source', () => {
    expect(ladderFor({ width: 1280, height: 720 }).map((rung) => [rung.name, rung.width, rung.height, rung.videoKbps, rung.audioKbps])).toEqual([
      ['720p', 1280, 720, 2200, 128],
      ['480p', 854, 480, 1100, 128],
      ['360p', 640, 360, 700, 128],
      ['180p', 320, 180, 250, 64],
    ]);
  });

  it('gives a source below 180 lines one rung at its own (even) height', () => {
    expect(ladderFor({ width: 256, height: 144 }).map((rung) => [rung.name, rung.width, rung.height])).toEqual([['144p', 256, 144]]);
    expect(ladderFor({ width: 175, height: 99 }).map((rung) => [rung.name, rung.width, rung.height])).toEqual([['98p', 174, 98]]);
  });

  it('keeps the aspect ratio with even widths, and a level that holds the size', () => {
    const portrait = ladderFor({ width: 1080, height: 1920 });
    expect(portrait.map((rung) => rung.name)).toEqual(['1080p', '720p', '480p', '360p', '180p']);
    expect(portrait.every((rung) => rung.width % 2 === 0 && rung.height % 2 === 0)).toBe(true);
    expect(ladderFor({ width: 2560, height: 1080 })[0]).toMatchObject({ width: 2560, level: '5.0', codecs: 'avc1.640032,mp4a.40.2' });
    expect(ladderFor({ width: 1920, height: 1080 }).map((rung) => rung.codecs)).toEqual([
      'avc1.640028,mp4a.40.2',
      'avc1.64001f,mp4a.40.2',
      'avc1.64001f,mp4a.40.2',
      'avc1.64001e,mp4a.40.2',
      'avc1.64001e,mp4a.40.2',
    ]);
  });

  it('drops the audio of a silent source from codecs, arguments and the master playlist', () => {
    const [rung] = ladderFor({ width: 640, height: 360 });
    if (rung === undefined) throw new Error('no rung');
    expect(codecsFor(rung, false)).toBe('avc1.64001e');
    const silent: SourceProbe = { durationSeconds: 10, width: 640, height: 360, frameRate: 60, hasAudio: false, videoCodec: 'h264' };
    const args = renditionArgs('/in/source.mp4', rung, '/out/360p', silent);
    expect(args).toContain('-an');
    expect(args.join(' ')).not.toMatch(/0:a|aac/);
    // 60 fps is made 30, with a keyframe every 4 s.
    expect(args.join(' ')).toContain('-r 30.000');
    expect(args.join(' ')).toContain('-g 120 -keyint_min 120');
    expect(masterPlaylist([rung], false)).not.toContain('mp4a');
  });
});
