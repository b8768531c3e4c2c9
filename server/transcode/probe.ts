import { open, stat } from 'node:fs/promises';
import { runTool, ToolFailure, type MediaTools } from './media-tools.ts';
import { ProbeTexts } from './transcode-texts.ts';

export { ProbeTexts } from './transcode-texts.ts';

/** What the transcoding needs to know of a source video. */
export interface SourceProbe {
  durationSeconds: number;
  width: number;
  height: number;
  /** Frames per second (the stream's average rate, else its base rate, else 25). */
  frameRate: number;
  hasAudio: boolean;
  /** ffprobe's codec name of the video stream ('h264', 'hevc', …). */
  videoCodec: string;
}

/** The largest source the transcoding takes. Sizes hold in either orientation: the longer side against maxWidth. */
export interface ProbeLimits {
  maxDurationSeconds: number;
  maxWidth: number;
  maxHeight: number;
}

/** Four hours, 4K (3840×2160, portrait or landscape). */
export const DEFAULT_PROBE_LIMITS: ProbeLimits = { maxDurationSeconds: 4 * 3600, maxWidth: 3840, maxHeight: 2160 };

export type ProbeRefusalReason = 'not-video' | 'empty' | 'too-long' | 'too-large' | 'unreadable';

/** A source the transcoding will not take; `message` is the operator's text (ProbeTexts). */
export class ProbeRefusal extends Error {
  constructor(
    readonly reason: ProbeRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'ProbeRefusal';
  }
}

const PROBE_TIMEOUT_MS = 30_000;

/** Demuxers of single pictures and picture sequences: a still, not a video. */
const IMAGE_FORMAT = /^(image2|\w+_pipe)$/;
/** Picture codecs: a stream of one of these with one frame, or no duration, is a still. */
const PICTURE_CODECS = new Set(['png', 'mjpeg', 'bmp', 'gif', 'webp', 'tiff', 'jpeg2000', 'jpegls', 'ljpeg', 'ppm', 'pgm', 'pam', 'qoi']);
/**
 * Formats that are not media but point at other files or make pictures of text (playlists, concat lists, terminal
 * text): never transcoded, whatever they point at.
 */
const REFERENCE_FORMATS = new Set(['hls', 'applehttp', 'concat', 'dash', 'tty', 'ffmetadata']);

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A positive finite number from ffprobe's JSON (numbers come as text), else undefined. */
function positive(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** A frame rate written as a fraction ('30000/1001') or a number; undefined when unknown ('0/0') or absurd. */
function rate(value: unknown): number | undefined {
  const [numerator, denominator = '1'] = text(value).split('/');
  const result = Number(numerator) / Number(denominator);
  return Number.isFinite(result) && result > 0 && result <= 1000 ? result : undefined;
}

/** Whether the file starts like a video container (ISO-BMFF `ftyp`, EBML): damaged rather than not a video. */
async function looksLikeContainer(file: string): Promise<boolean> {
  try {
    const handle = await open(file, 'r');
    try {
      const head = Buffer.alloc(12);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      if (bytesRead >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return true;
      return bytesRead >= 4 && head.readUInt32BE(0) === 0x1a45dfa3;
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}

function abortError(signal: AbortSignal | undefined, cause: unknown): Error {
  const error = new Error('aborted', { cause: signal?.reason ?? cause });
  error.name = 'AbortError';
  return error;
}

/** ffprobe's JSON of `file`; a failure of ffprobe is a refusal (not a video, or unreadable). */
async function ffprobeJson(tools: MediaTools, file: string, signal: AbortSignal | undefined): Promise<Json> {
  let stdout: string;
  try {
    const args = ['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json', '-show_format', '-show_streams', file];
    ({ stdout } = await runTool(tools.ffprobe, args, { timeoutMs: PROBE_TIMEOUT_MS, ...(signal ? { signal } : {}) }));
  } catch (error) {
    if (!(error instanceof ToolFailure)) throw error;
    if (error.reason === 'aborted') throw abortError(signal, error);
    if (error.reason === 'spawn') throw error;
    // ffprobe found no format it can read: text or some other file, unless it starts like a video container.
    if (error.reason === 'exit' && /Invalid data found when processing input/i.test(error.stderrTail) && !(await looksLikeContainer(file))) {
      throw new ProbeRefusal('not-video', ProbeTexts.notVideo);
    }
    throw new ProbeRefusal('unreadable', ProbeTexts.unreadable);
  }
  try {
    const parsed: unknown = JSON.parse(stdout);
    if (isObject(parsed)) return parsed;
  } catch {
    // Below.
  }
  throw new ProbeRefusal('unreadable', ProbeTexts.unreadable);
}

/**
 * Reads `file` with ffprobe (30 s at most) and tells what the transcoding needs, or refuses it with a ProbeRefusal:
 * no video picture (a text file, audio only, a still image) → not-video; a zero-byte file, no frames or no
 * duration → empty; beyond `limits` → too-long or too-large; a file ffprobe cannot read → unreadable. An abort
 * rejects with an error named AbortError. Rotation metadata is not applied.
 */
export async function probeSource(tools: MediaTools, file: string, limits: ProbeLimits, signal?: AbortSignal): Promise<SourceProbe> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw new ProbeRefusal('unreadable', ProbeTexts.unreadable);
  }
  if (size === 0) throw new ProbeRefusal('empty', ProbeTexts.empty);

  const json = await ffprobeJson(tools, file, signal);
  const format = isObject(json['format']) ? json['format'] : {};
  const streams = Array.isArray(json['streams']) ? json['streams'].filter(isObject) : [];
  const formatNames = text(format['format_name']).split(',');
  if (formatNames.some((name) => REFERENCE_FORMATS.has(name))) throw new ProbeRefusal('not-video', ProbeTexts.notVideo);

  // A cover picture attached to an audio file is no video.
  const video = streams.find((stream) => text(stream['codec_type']) === 'video' && !(isObject(stream['disposition']) && stream['disposition']['attached_pic'] === 1));
  if (video === undefined) throw new ProbeRefusal('not-video', ProbeTexts.notVideo);
  const videoCodec = text(video['codec_name']);
  const streamDuration = positive(video['duration']);
  const frames = text(video['nb_frames']);
  const still =
    formatNames.some((name) => IMAGE_FORMAT.test(name)) ||
    (PICTURE_CODECS.has(videoCodec) && (frames === '1' || streamDuration === undefined));
  if (still) throw new ProbeRefusal('not-video', ProbeTexts.notVideo);

  const durationSeconds = positive(format['duration']) ?? streamDuration;
  if (durationSeconds === undefined || frames === '0') throw new ProbeRefusal('empty', ProbeTexts.empty);

  const width = positive(video['width']);
  const height = positive(video['height']);
  if (width === undefined || height === undefined) throw new ProbeRefusal('unreadable', ProbeTexts.unreadable);

  if (durationSeconds > limits.maxDurationSeconds) {
    throw new ProbeRefusal('too-long', ProbeTexts.tooLong(limits.maxDurationSeconds / 3600));
  }
  const longer = Math.max(width, height);
  const shorter = Math.min(width, height);
  if (longer > Math.max(limits.maxWidth, limits.maxHeight) || shorter > Math.min(limits.maxWidth, limits.maxHeight)) {
    throw new ProbeRefusal('too-large', ProbeTexts.tooLarge);
  }

  return {
    durationSeconds,
    width,
    height,
    frameRate: rate(video['avg_frame_rate']) ?? rate(video['r_frame_rate']) ?? 25,
    hasAudio: streams.some((stream) => text(stream['codec_type']) === 'audio'),
    videoCodec,
  };
}
