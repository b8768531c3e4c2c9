import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export interface CacheWarning {
  (error: unknown, file: string): void;
}

/**
 * Processed images on disk, one file per key (`<dir>/<key[0..2]>/<key>.<ext>`). Files are written
 * to a temporary name and renamed, so readers (other requests, other processes) never see a half
 * file; identical requests in flight share one computation. Nothing is ever evicted: a changed
 * source gets a new key, and the stale file stays until someone empties the folder.
 */
export class ProcessedImageCache {
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(
    readonly dir: string,
    private readonly warn: CacheWarning = () => undefined,
  ) {}

  fileOf(key: string, extension: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.${extension}`);
  }

  /** The cached bytes for `key`, else `produce()` (stored for next time; a failed store is only warned about). */
  async getOrCreate(key: string, extension: string, produce: () => Promise<Buffer>): Promise<{ data: Buffer; hit: boolean }> {
    const file = this.fileOf(key, extension);
    const cached = await this.read(file);
    if (cached !== undefined) return { data: cached, hit: true };

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

  private async read(file: string): Promise<Buffer | undefined> {
    try {
      return await readFile(file);
    } catch (error) {
      if (!isMissing(error)) this.warn(error, file);
      return undefined;
    }
  }

  private async write(file: string, data: Buffer): Promise<void> {
    const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(temporary, data);
      await rename(temporary, file);
    } catch (error) {
      this.warn(error, file);
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }
}
