import { describe, expect, it } from 'vitest';
import type { LocalFile, LocalFiles } from '../../src/core/ports/local-files.ts';

export interface LocalFilesHarness {
  files: LocalFiles;
  /** Makes a file with these bytes the adapter can read (as the platform would hand it over). */
  make(name: string, bytes: Uint8Array, type: string): Promise<LocalFile>;
  /** Makes the file go away (deleted, released). */
  remove(file: LocalFile): Promise<void>;
}

const pattern = (size: number) => new Uint8Array(size).map((_, i) => (i * 13 + 5) & 0xff);

export function localFilesContract(name: string, makeHarness: () => LocalFilesHarness | Promise<LocalFilesHarness>): void {
  describe(`LocalFiles contract: ${name}`, () => {
    it('describes the file: a stable id, its name, size in bytes and type', async () => {
      const h = await makeHarness();
      const a = await h.make('clip.mp4', pattern(1000), 'video/mp4');
      const b = await h.make('cover.jpg', pattern(10), 'image/jpeg');
      expect(a).toMatchObject({ name: 'clip.mp4', size: 1000, type: 'video/mp4' });
      expect(b).toMatchObject({ name: 'cover.jpg', size: 10, type: 'image/jpeg' });
      expect(a.id).not.toBe(b.id);
    });

    it('reads any range, byte for byte, and clamps the end to the size', async () => {
      const h = await makeHarness();
      const bytes = pattern(5 * 1024 * 1024 + 17);
      const file = await h.make('big.mp4', bytes, 'video/mp4');
      const chunk = 2 * 1024 * 1024;
      const parts: Uint8Array[] = [];
      for (let start = 0; start < file.size; start += chunk) parts.push(await h.files.read(file, start, start + chunk));
      expect(parts.map((p) => p.length)).toEqual([chunk, chunk, 1024 * 1024 + 17]);
      const joined = new Uint8Array(file.size);
      let at = 0;
      for (const part of parts) {
        joined.set(part, at);
        at += part.length;
      }
      expect(Buffer.compare(joined, bytes)).toBe(0);
      expect([...(await h.files.read(file, 3, 7))]).toEqual([...bytes.subarray(3, 7)]);
      expect((await h.files.read(file, file.size - 2, file.size + 100)).length).toBe(2);
    });

    it('answers an empty range past the end or backwards', async () => {
      const h = await makeHarness();
      const file = await h.make('a.bin', pattern(10), '');
      expect((await h.files.read(file, 20, 30)).length).toBe(0);
      expect((await h.files.read(file, 5, 5)).length).toBe(0);
      expect((await h.files.read(file, 6, 2)).length).toBe(0);
    });

    it('hands back copies: changing what was read changes nothing for the next read', async () => {
      const h = await makeHarness();
      const file = await h.make('a.bin', pattern(8), '');
      const first = await h.files.read(file, 0, 8);
      first.fill(0);
      expect([...(await h.files.read(file, 0, 8))]).toEqual([...pattern(8)]);
    });

    it('rejects reading a file that went away, or one it never made', async () => {
      const h = await makeHarness();
      const file = await h.make('a.bin', pattern(8), '');
      await h.remove(file);
      await expect(h.files.read(file, 0, 8)).rejects.toThrow();
      await expect(h.files.read({ id: 'nobody-made-this', name: 'x', size: 1, type: '' }, 0, 1)).rejects.toThrow();
    });
  });
}
