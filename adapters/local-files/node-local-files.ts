import { open, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { LocalFile, LocalFiles } from '../../src/core/ports/local-files.ts';

const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** Files on disk, for Node (scripts, the bench): each read opens the file and reads just that range. */
export class NodeLocalFiles implements LocalFiles {
  private readonly paths = new Map<string, string>();
  private next = 1;

  /** A file on disk; its type from the extension unless given. Rejects when it does not exist. */
  async open(path: string, type?: string): Promise<LocalFile> {
    const info = await stat(path);
    if (!info.isFile()) throw new Error(`not a file: ${path}`);
    const id = `node-file-${this.next++}`;
    this.paths.set(id, path);
    return { id, name: basename(path), size: info.size, type: type ?? TYPES[extname(path).toLowerCase()] ?? '' };
  }

  async read(file: LocalFile, start: number, end: number): Promise<Uint8Array> {
    const path = this.paths.get(file.id);
    if (!path) throw new Error(`unknown file ${file.id}`);
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      const from = Math.max(0, Math.min(start, size));
      const length = Math.max(0, Math.min(end, size) - from);
      const bytes = new Uint8Array(length);
      let done = 0;
      while (done < length) {
        const { bytesRead } = await handle.read(bytes, done, length - done, from + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return done === length ? bytes : bytes.slice(0, done);
    } finally {
      await handle.close();
    }
  }
}
