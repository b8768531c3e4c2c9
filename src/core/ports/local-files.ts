/**
 * A file the user picked (a video, a poster image): what the core knows of it. The adapter that made it keeps
 * the bytes (a browser File, a path on disk, bytes in memory) under its id.
 */
export interface LocalFile {
  readonly id: string;
  readonly name: string;
  /** Size in bytes. */
  readonly size: number;
  /** MIME type as the platform reported it ('' when unknown). */
  readonly type: string;
}

/** Reads the picked files' bytes, a slice at a time, so a large video never has to be held whole. */
export interface LocalFiles {
  /** The bytes from start (inclusive) to end (exclusive, clamped to the size). Rejects when the file is gone. */
  read(file: LocalFile, start: number, end: number): Promise<Uint8Array>;
}
export const LocalFiles = Symbol('LocalFiles');

/**
 * The screens' side of picked files (the same adapter as LocalFiles): takes what the platform handed over (a
 * browser File, a canvas Blob) and gives the LocalFile the core works with; gives a URL to show or play it.
 */
export interface PickedFiles {
  /** A File keeps its own name unless one is given; a bare Blob is named `name` (or 'file'). */
  adopt(file: Blob, name?: string): LocalFile;
  /** A URL the page can show or play ('' for a file this adapter does not hold). Made once per file. */
  objectUrl(file: LocalFile): string;
  /** Forgets the file and revokes its URL. */
  release(file: LocalFile): void;
}
export const PickedFiles = Symbol('PickedFiles');
