import type { LocalFile } from '../ports/local-files.ts';
import { UploadConstants } from './upload-protocol.ts';

/** How many chunks a file of this size is cut into (every chunk but the last is exactly chunkSize bytes). */
export function chunkCount(size: number, chunkSize: number = UploadConstants.chunkSize): number {
  return size > 0 ? Math.ceil(size / chunkSize) : 0;
}

/** The byte range of chunk n (1-based): start inclusive, end exclusive. */
export function chunkRange(chunk: number, size: number, chunkSize: number = UploadConstants.chunkSize): { start: number; end: number } {
  const start = (chunk - 1) * chunkSize;
  return { start, end: Math.min(size, start + chunkSize) };
}

/** The chunks (1-based, ascending) of `total` the server does not hold. Numbers outside 1..total are ignored. */
export function missingChunks(total: number, held: Iterable<number>): number[] {
  const have = new Set(held);
  const missing: number[] = [];
  for (let chunk = 1; chunk <= total; chunk += 1) if (!have.has(chunk)) missing.push(chunk);
  return missing;
}

/**
 * Progress while the video's chunks go up: 1 before any, 1 + round(79·k/n) once k of n are held, so 80 when
 * all are. k counts held chunks (not sends), so a resume never moves the bar back.
 */
export function chunkProgress(held: number, total: number): number {
  const span = UploadConstants.progressChunksDone - UploadConstants.progressStart;
  if (total <= 0) return UploadConstants.progressStart;
  const k = Math.min(Math.max(held, 0), total);
  return UploadConstants.progressStart + Math.round((span * k) / total);
}

const VIDEO_EXTENSIONS = ['mp4', 'mov', 'm4v', 'webm', 'mkv'];
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** A video by its MIME type, or by its extension when the platform gave no type. */
export function looksLikeVideo(file: LocalFile): boolean {
  if (file.type) return file.type.startsWith('video/');
  return VIDEO_EXTENSIONS.includes(extensionOf(file.name));
}

/** A cover image the server takes (jpeg, png, webp), by type or, when there is none, by extension. */
export function looksLikeCoverImage(file: LocalFile): boolean {
  if (file.type) return IMAGE_TYPES.includes(file.type.toLowerCase());
  return IMAGE_EXTENSIONS.includes(extensionOf(file.name));
}

/**
 * The name sent for a picked file (CreateVideoFile's fileName, the parts' file names): no path characters, no
 * '..', no control characters, at most 200 characters, never empty — the server refuses such names (8114).
 */
export function safeFileName(name: string, fallback = 'video.mp4'): string {
  const cleaned = [...name]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/[/\\]/g, '_')
    .replace(/\.{2,}/g, '.')
    .trim();
  const chars = [...cleaned];
  if (chars.length <= 200) return cleaned || fallback;
  // Keep the extension when cutting.
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return chars.slice(0, 200 - [...ext].length).join('') + ext;
}
