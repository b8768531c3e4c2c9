import type { LocalFile, LocalFiles, PickedFiles } from '../../src/core/ports/local-files.ts';

/**
 * Files the user picked in the page (an <input type=file>, a canvas blob): the core gets a LocalFile, this
 * adapter keeps the Blob and reads slices of it, so a large video is never read whole. Works wherever Blob and
 * URL.createObjectURL exist (browsers, Node 20).
 */
export class BrowserLocalFiles implements LocalFiles, PickedFiles {
  private readonly blobs = new Map<string, Blob>();
  private readonly urls = new Map<string, string>();
  private next = 1;

  /** Takes a picked File (or a Blob with a name, e.g. a cropped cover from canvas.toBlob). */
  adopt(file: Blob, name?: string): LocalFile {
    const id = `local-file-${this.next++}`;
    this.blobs.set(id, file);
    const fileName = name ?? (typeof (file as Partial<File>).name === 'string' ? (file as File).name : 'file');
    return { id, name: fileName, size: file.size, type: file.type };
  }

  /** The Blob behind a LocalFile this adapter made, or null. */
  blobOf(file: LocalFile): Blob | null {
    return this.blobs.get(file.id) ?? null;
  }

  /** A blob: URL to show or play the file (made once per file; revoked by release). '' when the file is unknown. */
  objectUrl(file: LocalFile): string {
    const made = this.urls.get(file.id);
    if (made) return made;
    const blob = this.blobs.get(file.id);
    if (!blob) return '';
    const url = URL.createObjectURL(blob);
    this.urls.set(file.id, url);
    return url;
  }

  /** Forgets the file and revokes its URL. */
  release(file: LocalFile): void {
    const url = this.urls.get(file.id);
    if (url) URL.revokeObjectURL(url);
    this.urls.delete(file.id);
    this.blobs.delete(file.id);
  }

  async read(file: LocalFile, start: number, end: number): Promise<Uint8Array> {
    const blob = this.blobs.get(file.id);
    if (!blob) throw new Error(`unknown file ${file.id}`);
    const from = Math.max(0, Math.min(start, blob.size));
    const to = Math.max(from, Math.min(end, blob.size));
    return new Uint8Array(await blob.slice(from, to).arrayBuffer());
  }
}
