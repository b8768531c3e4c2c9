import { realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { extname, join, sep } from 'node:path';

export type SourceKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'svg';

const KINDS: Readonly<Record<string, SourceKind>> = {
  '.jpg': 'jpeg', '.jpeg': 'jpeg', '.png': 'png', '.webp': 'webp', '.gif': 'gif', '.svg': 'svg',
};

export const CONTENT_TYPES: Readonly<Record<SourceKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** Sources served as they are even when a process is asked: animation (gif) and vector (svg). */
export function isPassThrough(kind: SourceKind): kind is 'gif' | 'svg' {
  return kind === 'gif' || kind === 'svg';
}

const MAX_PATH_LENGTH = 512;

/**
 * The relative media path of a request (the decoded part after `/media/`), or undefined when it
 * is not a plain relative path of an image: empty, too long, absolute, NUL, backslash, a segment
 * that is empty or starts with a dot (`.`, `..`, hidden files), or not an image extension.
 */
export function safeMediaPath(raw: string): { path: string; kind: SourceKind } | undefined {
  if (raw === '' || raw.length > MAX_PATH_LENGTH) return undefined;
  if (raw.includes('\0') || raw.includes('\\') || raw.startsWith('/')) return undefined;
  const segments = raw.split('/');
  if (segments.some((segment) => segment === '' || segment.startsWith('.') || segment.includes(':'))) return undefined;
  const kind = KINDS[extname(raw).toLowerCase()];
  return kind === undefined ? undefined : { path: segments.join('/'), kind };
}

export interface MediaFile {
  absolute: string;
  stats: Stats;
}

function isInside(root: string, path: string): boolean {
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * The regular file at `relative` inside `root`, following symbolic links only when they stay
 * inside the (real) root; undefined when there is no such file or it cannot be read.
 */
export async function findMediaFile(root: string, relative: string): Promise<MediaFile | undefined> {
  try {
    const realRoot = await realpath(root);
    const absolute = await realpath(join(realRoot, relative));
    if (!isInside(realRoot, absolute)) return undefined;
    const stats = await stat(absolute);
    return stats.isFile() ? { absolute, stats } : undefined;
  } catch {
    return undefined;
  }
}
