import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UploadConstants } from '../../src/core/upload/upload-protocol.ts';
import { MAGIC_HEAD_BYTES, VIDEO_EXTENSIONS } from './video-magic.ts';
import type { VideoExtension } from './video-magic.ts';

/** URL prefix of the saved videos (`/uploads/videos/xw-<unique>.<ext>`). */
export const VIDEO_URL_PREFIX = '/uploads/videos/';

/** The server-made token naming an upload's chunk folder, video file and cover file. */
export const UNIQUE_FILE_NAME = /^[A-Za-z0-9_-]{8,64}$/;

/** A stored video's file name: `xw-<uniqueFileName>.<ext>`. */
export const STORED_VIDEO_NAME = new RegExp(`^${UploadConstants.prefix}[A-Za-z0-9_-]{8,64}\\.(?:${VIDEO_EXTENSIONS.join('|')})$`);

/** Longest device file name CreateVideoFile takes. */
const MAX_FILE_NAME_LENGTH = 200;

/** Cover formats (sharp's names) and the extension the stored cover gets. */
export const COVER_EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
export type CoverFormat = keyof typeof COVER_EXTENSIONS;

export function newUniqueFileName(): string {
  return randomBytes(24).toString('base64url');
}

export function storedVideoName(uniqueFileName: string, extension: VideoExtension): string {
  return `${UploadConstants.prefix}${uniqueFileName}.${extension}`;
}

/**
 * Whether a file name as a device or a multipart part gives it is unusable: empty, longer than 200 characters,
 * a path (`/`, `\`, `..`), NUL or another control character. Such names are refused (8114); accepted ones are
 * still never used as paths.
 */
export function isBadFileName(name: string): boolean {
  return name.length === 0
    || [...name].length > MAX_FILE_NAME_LENGTH
    || name.includes('/')
    || name.includes('\\')
    || name.includes('..')
    // eslint-disable-next-line no-control-regex
    || /[\u0000-\u001f\u007f]/.test(name);
}

/** Joins only checked names below `root`; anything that would land elsewhere throws (a bug, never user input). */
function below(root: string, ...names: string[]): string {
  const path = join(root, ...names);
  const base = resolve(root);
  if (!resolve(path).startsWith(base.endsWith(sep) ? base : base + sep)) throw new Error(`path escapes its folder: ${names.join('/')}`);
  return path;
}

const PART = /^(\d{1,6})\.part$/;

export interface ReceivedPart {
  /** Temporary file holding the part (inside the part folder, hidden name). */
  tmp: string;
  size: number;
}

/**
 * The upload folders: UPLOAD_DIR/parts/<unique>/<n>.part (video chunks), UPLOAD_DIR/videos/xw-<unique>.<ext>
 * (assembled videos), UPLOAD_DIR/cover-parts/<unique>-<chunks>/<n>.part (cover chunks) and the covers in
 * MEDIA_DIR/uploads/covers/<unique>.<ext>, served by /media. Folders are made on first use.
 */
export class UploadFiles {
  readonly videosDir: string;
  readonly coversDir: string;

  constructor(
    readonly root: string,
    readonly mediaDir: string,
  ) {
    this.videosDir = join(root, 'videos');
    this.coversDir = join(mediaDir, 'uploads', 'covers');
  }

  private checked(uniqueFileName: string): string {
    if (!UNIQUE_FILE_NAME.test(uniqueFileName)) throw new Error('not an upload name');
    return uniqueFileName;
  }

  partsDir(uniqueFileName: string): string {
    return below(this.root, 'parts', this.checked(uniqueFileName));
  }

  coverPartsDir(uniqueFileName: string, chunks: number): string {
    return below(this.root, 'cover-parts', `${this.checked(uniqueFileName)}-${Math.trunc(chunks)}`);
  }

  videoPath(uniqueFileName: string, extension: VideoExtension): string {
    return below(this.videosDir, storedVideoName(this.checked(uniqueFileName), extension));
  }

  coverPath(uniqueFileName: string, extension: string): string {
    return below(this.coversDir, `${this.checked(uniqueFileName)}.${extension}`);
  }

  /** The /media URL of a cover. */
  coverUrl(uniqueFileName: string, format: CoverFormat): string {
    return `/media/uploads/covers/${this.checked(uniqueFileName)}.${COVER_EXTENSIONS[format]}`;
  }

  /** The chunk numbers held in `dir`, from 1 to `chunks`, sorted. */
  async held(dir: string, chunks: number): Promise<number[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    return names
      .map((name) => PART.exec(name)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .filter((n) => n >= 1 && n <= chunks)
      .sort((a, b) => a - b);
  }

  partPath(dir: string, chunk: number): string {
    return below(dir, `${Math.trunc(chunk)}.part`);
  }

  /** Writes a streamed part to a temporary file in `dir` (made if missing). */
  async receive(dir: string, chunk: number, stream: Readable): Promise<ReceivedPart> {
    await mkdir(dir, { recursive: true });
    const tmp = below(dir, `.${Math.trunc(chunk)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await pipeline(stream, createWriteStream(tmp, { flags: 'wx' }));
      return { tmp, size: (await stat(tmp)).size };
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  /** Makes a received part chunk `chunk` of `dir` (replacing one held). */
  async keep(part: ReceivedPart, dir: string, chunk: number): Promise<void> {
    await rename(part.tmp, this.partPath(dir, chunk));
  }

  async discard(part: ReceivedPart): Promise<void> {
    await rm(part.tmp, { force: true });
  }

  /** The first bytes of a file. */
  async head(path: string, bytes: number = MAGIC_HEAD_BYTES): Promise<Buffer> {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** The start of the names of `uniqueFileName`'s temporary assembled files (`.assemble-<unique>.<random>.tmp`). */
  private assemblyPrefix(uniqueFileName: string): string {
    return `.assemble-${this.checked(uniqueFileName)}.`;
  }

  /**
   * Appends chunks 1..chunks of `dir` in order into a temporary file in the videos folder (flushed to the disk);
   * answers the temporary file and its size (the caller checks it, then `publish`es or discards it). Only the
   * rename in `publish` makes it the video, so a file half written when the process died never counts.
   * `pauseMs` (tests only) waits after each chunk, so a test can kill the process mid-assembly.
   */
  async assemble(dir: string, chunks: number, uniqueFileName: string, pauseMs = 0): Promise<ReceivedPart> {
    await mkdir(this.videosDir, { recursive: true });
    const tmp = below(this.videosDir, `${this.assemblyPrefix(uniqueFileName)}${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(tmp, 'wx');
    try {
      for (let chunk = 1; chunk <= chunks; chunk += 1) {
        await handle.write(await readFile(this.partPath(dir, chunk)));
        if (pauseMs > 0) await sleep(pauseMs);
      }
      await handle.datasync();
    } catch (error) {
      await handle.close();
      await rm(tmp, { force: true });
      throw error;
    }
    await handle.close();
    return { tmp, size: (await stat(tmp)).size };
  }

  /** Removes the temporary assembled files of `uniqueFileName` (left by a process that died mid-assembly). */
  async removeAssemblyLeftovers(uniqueFileName: string): Promise<void> {
    const prefix = this.assemblyPrefix(uniqueFileName);
    for (const name of await this.videoFolderNames()) {
      if (name.startsWith(prefix) && name.endsWith('.tmp')) await this.removeFile(below(this.videosDir, name));
    }
  }

  /** Removes temporary assembled files not written to for `olderThanMs` (their writer died); answers how many. */
  async removeStaleAssemblies(olderThanMs: number, nowMs: number = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await this.videoFolderNames()) {
      if (!name.startsWith('.assemble-') || !name.endsWith('.tmp')) continue;
      const path = below(this.videosDir, name);
      const modified = await stat(path).then((stats) => stats.mtimeMs, () => undefined);
      if (modified !== undefined && nowMs - modified > olderThanMs) {
        await this.removeFile(path);
        removed += 1;
      }
    }
    return removed;
  }

  private async videoFolderNames(): Promise<string[]> {
    try {
      return await readdir(this.videosDir);
    } catch {
      return [];
    }
  }

  /** Moves an assembled file to its place (atomic rename). */
  async publish(part: ReceivedPart, target: string): Promise<void> {
    await rename(part.tmp, target);
  }

  /** Writes `bytes` to `target` through a temporary file beside it. */
  async writeAtomically(target: string, bytes: Uint8Array): Promise<void> {
    const folder = join(target, '..');
    await mkdir(folder, { recursive: true });
    const tmp = below(folder, `.write-${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(tmp, 'wx');
    try {
      await handle.write(bytes);
    } finally {
      await handle.close();
    }
    await rename(tmp, target);
  }

  async readParts(dir: string, chunks: number): Promise<Buffer> {
    const buffers: Buffer[] = [];
    for (let chunk = 1; chunk <= chunks; chunk += 1) buffers.push(await readFile(this.partPath(dir, chunk)));
    return Buffer.concat(buffers);
  }

  async removeDir(dir: string): Promise<void> {
    await rm(dir, { recursive: true, force: true });
  }

  async removeFile(path: string): Promise<void> {
    await rm(path, { force: true });
  }

  /** Every cover-part folder of an upload (any chunk count). */
  async removeCoverParts(uniqueFileName: string): Promise<void> {
    const base = join(this.root, 'cover-parts');
    let names: string[];
    try {
      names = await readdir(base);
    } catch {
      return;
    }
    const prefix = `${this.checked(uniqueFileName)}-`;
    for (const name of names) {
      if (name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length))) await this.removeDir(below(base, name));
    }
  }

  /** Every file of an upload: chunk parts, cover parts, the video (any extension) and the cover (any format). */
  async removeAll(uniqueFileName: string): Promise<void> {
    await this.removeDir(this.partsDir(uniqueFileName));
    await this.removeCoverParts(uniqueFileName);
    for (const extension of VIDEO_EXTENSIONS) await this.removeFile(this.videoPath(uniqueFileName, extension));
    for (const extension of Object.values(COVER_EXTENSIONS)) await this.removeFile(this.coverPath(uniqueFileName, extension));
  }
}

/** Runs tasks for one key one after another (chunk completion and assembly of one upload), per process. */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}
