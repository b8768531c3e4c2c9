import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export interface CacheWarning {
  (error: unknown, file: string): void;
}

/** Temporary files older than this at start belong to a writer that died (a live one finishes in seconds). */
const STALE_TEMPORARY_MS = 60_000;
/** A hit writes its time to the file's atime (for the next start's scan) at most this often per file. */
const DISK_TOUCH_INTERVAL_MS = 60_000;

export interface ProcessedImageCacheOptions {
  /** Most bytes the cached files may hold together (file sizes); least recently used files are evicted beyond. */
  maxBytes: number;
  warn?: CacheWarning;
  /** Time source for last use (tests move it); default Date.now. */
  now?: () => number;
}

interface Entry {
  size: number;
  /** Last use written to the disk (atime), to limit those writes. */
  diskTouchedAt: number;
}

/**
 * Processed images on disk, one file per key (`<dir>/<key[0..2]>/<key>.<ext>`), within a byte cap with
 * least-recently-used eviction. Files are written to a temporary name and renamed, so readers (other
 * requests, other processes) never see a half file; identical requests in flight share one computation.
 *
 * The index (size and order of last use of every file) lives in memory: at start it is rebuilt by scanning
 * the folder (order: the later of each file's atime and mtime; dead writers' temporary files are removed),
 * a hit moves the file to the newest end (and writes its atime, at most once a minute per file), and room
 * is made before a file is written: the oldest files are unlinked until the new one fits, so concurrent
 * writes never take the folder over the cap by more than the files being renamed into place. A file
 * larger than the cap is answered but not kept. Readers read a file whole (or hold it open) before
 * answering, and unlinking an open file does not disturb them. The index is per process: several processes
 * sharing the folder each keep it within the cap for what they write (see docs/decisions.md).
 */
export class ProcessedImageCache {
  private readonly pending = new Map<string, Promise<Buffer>>();
  /** Files by path, oldest use first (Map order). */
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private readonly ready: Promise<void>;
  readonly maxBytes: number;
  private readonly warn: CacheWarning;
  private readonly now: () => number;

  constructor(
    readonly dir: string,
    options: ProcessedImageCacheOptions,
  ) {
    this.maxBytes = options.maxBytes;
    this.warn = options.warn ?? (() => undefined);
    this.now = options.now ?? Date.now;
    this.ready = this.scan().catch((error: unknown) => this.warn(error, this.dir));
  }

  fileOf(key: string, extension: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.${extension}`);
  }

  /** Bytes the index counts (the files kept, plus room made for writes under way). */
  bytes(): number {
    return this.total;
  }

  /** The kept files, least recently used first. */
  files(): string[] {
    return [...this.entries.keys()];
  }

  /** Resolves once the folder has been scanned. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /** The cached bytes for `key`, else `produce()` (stored for next time; a failed store is only warned about). */
  async getOrCreate(key: string, extension: string, produce: () => Promise<Buffer>): Promise<{ data: Buffer; hit: boolean }> {
    await this.ready;
    const file = this.fileOf(key, extension);
    const cached = await this.read(file);
    if (cached !== undefined) {
      this.touch(file, cached.length);
      return { data: cached, hit: true };
    }

    const running = this.pending.get(file);
    if (running !== undefined) return { data: await running, hit: false };
    const work = (async () => {
      const data = await produce();
      await this.write(file, data);
      return data;
    })();
    this.pending.set(file, work);
    try {
      return { data: await work, hit: false };
    } finally {
      this.pending.delete(file);
    }
  }

  /** Rebuilds the index from the folder: every kept file with its size, ordered by the later of atime and mtime. */
  private async scan(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir, { recursive: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    const found: { file: string; size: number; usedAt: number }[] = [];
    for (const name of names) {
      const file = join(this.dir, name);
      try {
        const stats = await stat(file);
        if (!stats.isFile()) continue;
        if (file.endsWith('.tmp')) {
          if (this.now() - stats.mtimeMs > STALE_TEMPORARY_MS) await rm(file, { force: true });
          continue;
        }
        found.push({ file, size: stats.size, usedAt: Math.max(stats.atimeMs, stats.mtimeMs) });
      } catch (error) {
        if (!isMissing(error)) this.warn(error, file);
      }
    }
    found.sort((a, b) => a.usedAt - b.usedAt);
    // Nothing else touches the index before the scan ends (getOrCreate waits for it).
    for (const { file, size, usedAt } of found) {
      this.total += size;
      this.entries.set(file, { size, diskTouchedAt: usedAt });
    }
    await this.evict(0);
  }

  /** Marks `file` as just used (newest end); learns of files another process wrote. */
  private touch(file: string, size: number): void {
    const entry = this.entries.get(file);
    const now = this.now();
    if (entry === undefined) {
      this.entries.set(file, { size, diskTouchedAt: now });
      this.total += size;
      void this.evict(0);
      return;
    }
    this.entries.delete(file);
    this.entries.set(file, entry);
    if (now - entry.diskTouchedAt >= DISK_TOUCH_INTERVAL_MS) {
      entry.diskTouchedAt = now;
      const at = new Date(now);
      void stat(file)
        .then((stats) => utimes(file, at, stats.mtime))
        .catch(() => undefined);
    }
  }

  /**
   * Unlinks the least recently used files until `incoming` more bytes fit under the cap. The index is
   * updated at once (synchronously), so concurrent callers never pick the same file or count freed bytes twice.
   */
  private async evict(incoming: number): Promise<void> {
    const victims: string[] = [];
    for (const [file, entry] of this.entries) {
      if (this.total + incoming <= this.maxBytes) break;
      this.entries.delete(file);
      this.total -= entry.size;
      victims.push(file);
    }
    await Promise.all(victims.map((file) => rm(file, { force: true }).catch((error: unknown) => this.warn(error, file))));
  }

  private async read(file: string): Promise<Buffer | undefined> {
    try {
      return await readFile(file);
    } catch (error) {
      if (!isMissing(error)) this.warn(error, file);
      if (isMissing(error)) this.forget(file);
      return undefined;
    }
  }

  /** Drops a file the index counts but the disk lacks (evicted by another process, or emptied by hand). */
  private forget(file: string): void {
    const entry = this.entries.get(file);
    if (entry === undefined) return;
    this.entries.delete(file);
    this.total -= entry.size;
  }

  private async write(file: string, data: Buffer): Promise<void> {
    if (data.length > this.maxBytes) return;
    // Room first: the bytes count from now on, so writes running alongside make room for each other.
    this.forget(file);
    this.total += data.length;
    const reservation: Entry = { size: data.length, diskTouchedAt: this.now() };
    const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await this.evict(0);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(temporary, data);
      await rename(temporary, file);
    } catch (error) {
      this.total -= data.length;
      this.warn(error, file);
      await rm(temporary, { force: true }).catch(() => undefined);
      return;
    }
    this.entries.delete(file);
    this.entries.set(file, reservation);
    // Writes that ran alongside may together have gone past the cap: the oldest files go now.
    await this.evict(0);
  }
}
