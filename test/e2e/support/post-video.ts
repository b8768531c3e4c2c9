import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UploadConstants } from '../../../src/core/upload/upload-protocol.ts';

const CLIP = fileURLToPath(new URL('../../../demo-media/clip-d.mp4', import.meta.url));
/** The video the posting journeys publish: 7 MB, so 4 chunks of 2 MiB (the last one shorter). */
export const POST_VIDEO_BYTES = 7_000_000;

export interface PostVideo {
  /** The file on disk (name post-video.mp4), for setInputFiles. */
  path: string;
  bytes: Buffer;
  sha256: string;
  /** How many chunks the upload cuts it into. */
  chunks: number;
  remove(): Promise<void>;
}

/**
 * A 7 MB MP4 that plays: demo-media/clip-d.mp4 (20 s, faststart) followed by a top-level `free` box of zeros, which
 * players skip. Written to a temporary folder.
 */
export async function makePostVideo(size = POST_VIDEO_BYTES): Promise<PostVideo> {
  const clip = await readFile(CLIP);
  const padding = size - clip.length;
  if (padding < 8) throw new Error(`the post video must be larger than the clip (${clip.length} bytes)`);
  const box = Buffer.alloc(padding);
  box.writeUInt32BE(padding, 0);
  box.write('free', 4, 'latin1');
  const bytes = Buffer.concat([clip, box]);
  const folder = await mkdtemp(path.join(tmpdir(), 'qiyu-post-video-'));
  const file = path.join(folder, 'post-video.mp4');
  await writeFile(file, bytes);
  return {
    path: file,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    chunks: Math.ceil(bytes.length / UploadConstants.chunkSize),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The chunk number of an UploadVideoChunk request, read from its multipart body (the `chunk` field). */
export function chunkNumberOf(body: Buffer | null): number | null {
  if (!body) return null;
  const text = body.subarray(0, Math.min(body.length, 8192)).toString('latin1');
  const match = /name="chunk"\r\n\r\n(\d+)\r\n/.exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * Records the data-progress values of the upload overlay in the page (window.__progress), from before it appears.
 * Installed with a string: functions passed to page.evaluate hit tsx's __name helper.
 */
export const RECORD_PROGRESS = `(() => {
  const seen = [];
  window.__progress = seen;
  const read = () => {
    const overlay = document.querySelector('[data-testid="upload-progress"]');
    const value = overlay ? overlay.getAttribute('data-progress') : null;
    if (value !== null && seen[seen.length - 1] !== Number(value)) seen.push(Number(value));
  };
  new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-progress'] });
  read();
})()`;

export const READ_PROGRESS = 'window.__progress || []';
