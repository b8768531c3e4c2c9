/**
 * Where sources live: `<sources>/<id>.upload` while their chunks arrive (each chunk written in place at its offset,
 * so a whole source needs no joining, however large), then `<sources>/<id>.source`. Paths are made from ids only,
 * never from a name an operator sent.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { MAGIC_HEAD_BYTES, videoExtensionOf, type VideoExtension } from '../upload/video-magic.ts';

/** A chunk's body was longer or shorter than its place in the file asks. */
export class ChunkSizeError extends Error {}

export class SourceFiles {
  constructor(readonly root: string) {}

  private uploadPath(sourceId: number): string {
    return join(this.root, `${sourceId}.upload`);
  }

  /** The whole source's file. */
  wholePath(sourceId: number): string {
    return join(this.root, `${sourceId}.source`);
  }

  /** Makes the file a source's chunks are written into (kept as it is when it exists: a resumed upload). */
  async reserve(sourceId: number): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await (await open(this.uploadPath(sourceId), 'a')).close();
  }

  /**
   * Writes one chunk from `body` at `offset`, which must hold exactly `expectedBytes` (else ChunkSizeError; the chunk
   * is then not held, and whatever part of it was written is written again when it is sent again).
   */
  async writeChunk(sourceId: number, offset: number, body: Readable, expectedBytes: number): Promise<void> {
    let bytes = 0;
    const counter = new Transform({
      transform(data: Buffer, _encoding, done) {
        bytes += data.length;
        if (bytes > expectedBytes) done(new ChunkSizeError('chunk too long'));
        else done(null, data);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(this.uploadPath(sourceId), { flags: 'r+', start: offset }));
      if (bytes !== expectedBytes) throw new ChunkSizeError('chunk too short');
    } catch (error) {
      // The rest of a refused body is read and dropped, so the answer reaches the caller.
      body.resume();
      throw error;
    }
  }

  /**
   * The upload is whole: its container read from its first bytes (the name plays no part) and the file becomes the
   * source; undefined when it is not a video container, and then the file is removed.
   */
  async complete(sourceId: number): Promise<VideoExtension | undefined> {
    const upload = this.uploadPath(sourceId);
    const handle = await open(upload, 'r');
    const head = Buffer.alloc(MAGIC_HEAD_BYTES);
    try {
      await handle.read(head, 0, MAGIC_HEAD_BYTES, 0);
    } finally {
      await handle.close();
    }
    const container = videoExtensionOf(head);
    if (container === undefined) await rm(upload, { force: true });
    else await rename(upload, this.wholePath(sourceId));
    return container;
  }

  /** Everything of a source: the upload and the whole file. */
  async remove(sourceId: number): Promise<void> {
    await rm(this.uploadPath(sourceId), { force: true });
    await rm(this.wholePath(sourceId), { force: true });
  }
}
