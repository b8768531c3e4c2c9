import type { LocalFile, LocalFiles, PickedFiles } from '../../src/core/ports/local-files.ts';

/**
 * Files held in memory, for tests and headless runs: bytes added by a test, or Blobs adopted as the screens do.
 * remove() makes a file unreadable (a file that went away).
 */
export class MemoryLocalFiles implements LocalFiles, PickedFiles {
  private readonly files = new Map<string, Uint8Array | Blob>();
  private next = 1;
  /** Every read, in order (file id and range). */
  readonly reads: Array<{ id: string; start: number; end: number }> = [];

  add(name: string, bytes: Uint8Array, type = ''): LocalFile {
    const id = `memory-file-${this.next++}`;
    this.files.set(id, bytes.slice());
    return { id, name, size: bytes.length, type };
  }

  adopt(file: Blob, name?: string): LocalFile {
    const id = `memory-file-${this.next++}`;
    this.files.set(id, file);
    const fileName = name ?? (typeof (file as Partial<File>).name === 'string' ? (file as File).name : 'file');
    return { id, name: fileName, size: file.size, type: file.type };
  }

  /** memory://<id> for a file held here, '' otherwise. */
  objectUrl(file: LocalFile): string {
    return this.files.has(file.id) ? `memory://${file.id}` : '';
  }

  release(file: LocalFile): void {
    this.files.delete(file.id);
  }

  remove(file: LocalFile): void {
    this.files.delete(file.id);
  }

  async read(file: LocalFile, start: number, end: number): Promise<Uint8Array> {
    const held = this.files.get(file.id);
    if (!held) throw new Error(`unknown file ${file.id}`);
    this.reads.push({ id: file.id, start, end });
    const size = held instanceof Uint8Array ? held.length : held.size;
    const from = Math.max(0, Math.min(start, size));
    const to = Math.max(from, Math.min(end, size));
    return held instanceof Uint8Array ? held.slice(from, to) : new Uint8Array(await held.slice(from, to).arrayBuffer());
  }
}
