/**
 * Where sources live while they arrive and once whole: `<sources>/<id>.parts/<n>.part` (one file per chunk, written
 * beside under a hidden name and renamed when complete), then `<sources>/<id>.source` (the chunks joined). Paths are
 * made from ids only, never from a name an operator sent.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { MAGIC_HEAD_BYTES, videoExtensionOf, type VideoExtension } from '../upload/video-magic.ts';

/** A chunk's body was longer or shorter than its place in the file asks. */
export class ChunkSizeError extends Error {}

export class SourceFiles {
  constructor(readonly root: string) {}

  private partsDir(sourceId: number): string {
    return join(this.root, `${sourceId}.parts`);
  }

  /** The whole source's file. */
  wholePath(sourceId: number): string {
    return join(this.root, `${sourceId}.source`);
  }

  /** Writes one chunk from `body`, which must hold exactly `expectedBytes` (else ChunkSizeError, nothing kept). */
  async writeChunk(sourceId: number, chunk: number, body: Readable, expectedBytes: number): Promise<void> {
    const dir = this.partsDir(sourceId);
    await mkdir(dir, { recursive: true });
    const tmp = join(dir, `.${chunk}.${process.pid}.${Date.now()}.tmp`);
    let bytes = 0;
    const counter = new Transform({
      transform(data: Buffer, _encoding, done) {
        bytes += data.length;
        if (bytes > expectedBytes) done(new ChunkSizeError('chunk too long'));
        else done(null, data);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(tmp));
      if (bytes !== expectedBytes) throw new ChunkSizeError('chunk too short');
      await rename(tmp, join(dir, `${chunk}.part`));
    } catch (error) {
      await rm(tmp, { force: true });
      // The rest of a refused body is read and dropped, so the answer reaches the caller.
      body.resume();
      throw error;
    }
  }

  /**
   * Joins the chunks 1…count into the whole file and reads its container from its first bytes (the name plays no
   * part); undefined when it is not a video container, and then the joined file is removed too.
   */
  async assemble(sourceId: number, count: number): Promise<VideoExtension | undefined> {
    const whole = this.wholePath(sourceId);
    const tmp = `${whole}.tmp`;
    const out = createWriteStream(tmp);
    try {
      for (let chunk = 1; chunk <= count; chunk += 1) {
        await pipeline(createReadStream(join(this.partsDir(sourceId), `${chunk}.part`)), out, { end: chunk === count });
      }
    } catch (error) {
      out.destroy();
      await rm(tmp, { force: true });
      throw error;
    }
    const handle = await open(tmp, 'r');
    const head = Buffer.alloc(MAGIC_HEAD_BYTES);
    try {
      await handle.read(head, 0, MAGIC_HEAD_BYTES, 0);
    } finally {
      await handle.close();
    }
    const container = videoExtensionOf(head);
    if (container === undefined) {
      await rm(tmp, { force: true });
      return undefined;
    }
    await rename(tmp, whole);
    await rm(this.partsDir(sourceId), { recursive: true, force: true });
    return container;
  }

  /** Everything of a source: its chunks and its whole file. */
  async remove(sourceId: number): Promise<void> {
    await rm(this.partsDir(sourceId), { recursive: true, force: true });
    await rm(this.wholePath(sourceId), { force: true });
    await rm(`${this.wholePath(sourceId)}.tmp`, { force: true });
  }

  /** Bytes of the whole file (0 when there is none). */
  async wholeBytes(sourceId: number): Promise<number> {
    return (await stat(this.wholePath(sourceId)).catch(() => null))?.size ?? 0;
  }
}
