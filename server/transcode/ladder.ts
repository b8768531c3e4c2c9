import type { SourceProbe } from './probe.ts';
import type { X264Preset } from '../config.ts';

/** Length of an HLS segment, in seconds; every segment starts on a keyframe. */
export const SEGMENT_SECONDS = 4;

/** One rendition of the ladder: H.264 High with AAC-LC stereo, capped bitrate. */
export interface Rung {
  /** The folder and label: '1080p'. */
  name: string;
  height: number;
  width: number;
  videoKbps: number;
  maxrateKbps: number;
  bufsizeKbps: number;
  audioKbps: number;
  /** The x264 level ('4.0'), for the output's frame rate of at most 30. */
  level: string;
  /** The RFC 6381 codecs of the rendition with audio: 'avc1.640028,mp4a.40.2' (see codecsFor). */
  codecs: string;
}

/** The highest output frame rate: faster sources are halved (or more) to fit, so the levels hold. */
const MAX_OUTPUT_FPS = 30;

/**
 * The ladder's heights and bitrates, modelled on PeerTube's default VOD profile (capped: maxrate = target,
 * buffer = 2 × target).
 */
const STANDARD_RUNGS: readonly { height: number; videoKbps: number; audioKbps: number }[] = [
  { height: 1080, videoKbps: 3800, audioKbps: 128 },
  { height: 720, videoKbps: 2200, audioKbps: 128 },
  { height: 480, videoKbps: 1100, audioKbps: 128 },
  { height: 360, videoKbps: 700, audioKbps: 128 },
  { height: 180, videoKbps: 250, audioKbps: 64 },
];

/** H.264 levels from 3.0 up (Table A-1): macroblocks per second and per frame, High profile's bitrate (kbps). */
const LEVELS: readonly { level: string; idc: number; mbPerSecond: number; mbPerFrame: number; highKbps: number }[] = [
  { level: '3.0', idc: 30, mbPerSecond: 40_500, mbPerFrame: 1_620, highKbps: 12_500 },
  { level: '3.1', idc: 31, mbPerSecond: 108_000, mbPerFrame: 3_600, highKbps: 17_500 },
  { level: '3.2', idc: 32, mbPerSecond: 216_000, mbPerFrame: 5_120, highKbps: 25_000 },
  { level: '4.0', idc: 40, mbPerSecond: 245_760, mbPerFrame: 8_192, highKbps: 25_000 },
  { level: '4.1', idc: 41, mbPerSecond: 245_760, mbPerFrame: 8_192, highKbps: 62_500 },
  { level: '4.2', idc: 42, mbPerSecond: 522_240, mbPerFrame: 8_704, highKbps: 62_500 },
  { level: '5.0', idc: 50, mbPerSecond: 589_824, mbPerFrame: 22_080, highKbps: 168_750 },
  { level: '5.1', idc: 51, mbPerSecond: 983_040, mbPerFrame: 36_864, highKbps: 300_000 },
  { level: '5.2', idc: 52, mbPerSecond: 2_073_600, mbPerFrame: 36_864, highKbps: 300_000 },
];

/** The lowest level that holds `width`×`height` at 30 fps and `maxrateKbps` (3.0 at least, for old players' sake). */
function levelFor(width: number, height: number, maxrateKbps: number): { level: string; idc: number } {
  const mbWide = Math.ceil(width / 16);
  const mbHigh = Math.ceil(height / 16);
  const mbPerFrame = mbWide * mbHigh;
  const fits = LEVELS.find(
    (entry) =>
      mbPerFrame <= entry.mbPerFrame &&
      // Neither side may exceed sqrt(8 × MaxFS) macroblocks.
      Math.max(mbWide, mbHigh) ** 2 <= 8 * entry.mbPerFrame &&
      mbPerFrame * MAX_OUTPUT_FPS <= entry.mbPerSecond &&
      maxrateKbps <= entry.highKbps,
  );
  const chosen = fits ?? LEVELS[LEVELS.length - 1] ?? { level: '5.2', idc: 52 };
  return { level: chosen.level, idc: chosen.idc };
}

/** The nearest even number, at least 2 (yuv420p needs even sizes). */
function even(value: number): number {
  return Math.max(2, 2 * Math.round(value / 2));
}

function rung(height: number, sourceWidth: number, sourceHeight: number, videoKbps: number, audioKbps: number): Rung {
  const width = even((height * sourceWidth) / sourceHeight);
  const { level, idc } = levelFor(width, height, videoKbps);
  return {
    name: `${height}p`,
    height,
    width,
    videoKbps,
    maxrateKbps: videoKbps,
    bufsizeKbps: 2 * videoKbps,
    audioKbps,
    level,
    codecs: `avc1.6400${idc.toString(16).padStart(2, '0')},mp4a.40.2`,
  };
}

/**
 * The renditions of a source, highest first: each of 1080/720/480/360/180 at or below its height (never enlarged),
 * or, below 180 lines, one rung at its own height (made even). Widths keep the aspect ratio, made even.
 */
export function ladderFor(source: Pick<SourceProbe, 'width' | 'height'>): Rung[] {
  const { width, height } = source;
  const rungs = STANDARD_RUNGS.filter((entry) => entry.height <= height).map((entry) =>
    rung(entry.height, width, height, entry.videoKbps, entry.audioKbps),
  );
  if (rungs.length > 0) return rungs;
  const lowest = STANDARD_RUNGS[STANDARD_RUNGS.length - 1] ?? { videoKbps: 250, audioKbps: 64 };
  return [rung(Math.max(2, 2 * Math.floor(height / 2)), width, height, lowest.videoKbps, lowest.audioKbps)];
}

/** The rung's codecs for a source with or without sound (no mp4a without an audio track). */
export function codecsFor(rung: Rung, hasAudio: boolean): string {
  return hasAudio ? rung.codecs : rung.codecs.split(',').filter((codec) => !codec.startsWith('mp4a')).join(',');
}

/** The output frame rate for a source's: itself up to 30, else divided by the smallest whole number that fits. */
function outputFrameRate(sourceFps: number): number {
  return sourceFps <= MAX_OUTPUT_FPS ? sourceFps : sourceFps / Math.ceil(sourceFps / MAX_OUTPUT_FPS);
}

/** `%` is the segment pattern's: a literal one in a folder name is doubled. */
function escapePattern(path: string): string {
  return path.replaceAll('%', '%%');
}

/**
 * The arguments of the one ffmpeg process that makes `rung` of `input` as HLS in `outDir` (the rung's folder):
 * `index.m3u8` and `seg000.ts`…, a keyframe at every segment start, progress as key=value lines on stdout.
 * Without audio in the source, video only. Sources faster than 30 fps are halved (60 → 30, 50 → 25).
 */
export function renditionArgs(input: string, rung: Rung, outDir: string, probe: SourceProbe, preset: X264Preset = 'veryfast'): string[] {
  const dir = outDir.replace(/\/+$/, '');
  const fps = outputFrameRate(probe.frameRate);
  const gop = String(Math.max(1, Math.round(fps * SEGMENT_SECONDS)));
  const audio = probe.hasAudio
    ? ['-map', '0:a:0', '-c:a', 'aac', '-ac', '2', '-ar', '48000', '-b:a', `${rung.audioKbps}k`]
    : ['-an'];
  return [
    '-hide_banner', '-nostdin', '-y',
    '-protocol_whitelist', 'file',
    '-i', input,
    '-map', '0:v:0',
    '-vf', `scale=${rung.width}:${rung.height}`,
    ...(fps === probe.frameRate ? [] : ['-r', fps.toFixed(3)]),
    '-c:v', 'libx264', '-preset', preset, '-profile:v', 'high', '-level', rung.level, '-pix_fmt', 'yuv420p',
    '-b:v', `${rung.videoKbps}k`, '-maxrate', `${rung.maxrateKbps}k`, '-bufsize', `${rung.bufsizeKbps}k`,
    '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0', '-g', gop, '-keyint_min', gop,
    ...audio,
    '-sn', '-dn', '-map_metadata', '-1',
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod',
    '-hls_segment_filename', `${escapePattern(dir)}/seg%03d.ts`,
    '-progress', 'pipe:1', '-nostats',
    `${dir}/index.m3u8`,
  ];
}

/**
 * The master playlist of `rungs` (highest first), in the shape of demo-media's: each variant's peak (maxrate +
 * audio) and average bandwidth in bits per second, resolution and codecs, then `<name>/index.m3u8`.
 */
export function masterPlaylist(rungs: readonly Rung[], hasAudio: boolean): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const entry of [...rungs].sort((a, b) => b.height - a.height)) {
    const audioKbps = hasAudio ? entry.audioKbps : 0;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${(entry.maxrateKbps + audioKbps) * 1000},AVERAGE-BANDWIDTH=${(entry.videoKbps + audioKbps) * 1000},` +
        `RESOLUTION=${entry.width}x${entry.height},CODECS="${codecsFor(entry, hasAudio)}"`,
      `${entry.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}
