import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BrowserLocalFiles } from '../../adapters/local-files/browser-local-files.ts';
import { MemoryLocalFiles } from '../../adapters/local-files/memory-local-files.ts';
import { NodeLocalFiles } from '../../adapters/local-files/node-local-files.ts';
import { localFilesContract } from './local-files.contract.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

// Node 20 has the browser's File and Blob, so the browser adapter runs here on the same classes.
localFilesContract('BrowserLocalFiles (File, Blob)', () => {
  const files = new BrowserLocalFiles();
  return {
    files,
    make: async (name, bytes, type) => files.adopt(new File([bytes.slice()], name, { type })),
    remove: async (file) => files.release(file),
  };
});

localFilesContract('NodeLocalFiles (a temp folder)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'local-files-'));
  dirs.push(dir);
  const files = new NodeLocalFiles();
  const paths = new Map<string, string>();
  return {
    files,
    async make(name, bytes, type) {
      const path = join(dir, `${paths.size}-${name}`);
      await writeFile(path, bytes);
      const file = await files.open(path, type);
      paths.set(file.id, path);
      return { ...file, name };
    },
    remove: async (file) => unlink(paths.get(file.id) as string),
  };
});

localFilesContract('MemoryLocalFiles', () => {
  const files = new MemoryLocalFiles();
  return { files, make: async (name, bytes, type) => files.add(name, bytes, type), remove: async (file) => files.remove(file) };
});

localFilesContract('MemoryLocalFiles (adopted Blobs, as the screens hand them over)', () => {
  const files = new MemoryLocalFiles();
  return { files, make: async (name, bytes, type) => files.adopt(new Blob([bytes.slice()], { type }), name), remove: async (file) => files.release(file) };
});

describe('BrowserLocalFiles', () => {
  it('names a blob that has none, gives one object URL per file and revokes it on release', () => {
    const files = new BrowserLocalFiles();
    const cover = files.adopt(new Blob([new Uint8Array(3)], { type: 'image/jpeg' }), 'cover.jpg');
    expect(cover).toMatchObject({ name: 'cover.jpg', size: 3, type: 'image/jpeg' });
    const url = files.objectUrl(cover);
    expect(url.startsWith('blob:')).toBe(true);
    expect(files.objectUrl(cover)).toBe(url);
    expect(files.blobOf(cover)?.size).toBe(3);
    files.release(cover);
    expect(files.blobOf(cover)).toBeNull();
    expect(files.objectUrl(cover)).toBe('');
  });
});

describe('NodeLocalFiles', () => {
  it('takes the type from the extension and refuses a path that is no file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'local-files-'));
    dirs.push(dir);
    await writeFile(join(dir, 'a.MOV'), new Uint8Array(4));
    expect(await new NodeLocalFiles().open(join(dir, 'a.MOV'))).toMatchObject({ name: 'a.MOV', size: 4, type: 'video/quicktime' });
    await expect(new NodeLocalFiles().open(dir)).rejects.toThrow();
    await expect(new NodeLocalFiles().open(join(dir, 'missing.mp4'))).rejects.toThrow();
  });
});
