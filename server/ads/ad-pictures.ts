/**
 * An ad's picture as an operator uploads it: read whole (at most 10 MB), checked by its content (JPG, PNG or WebP, as
 * sharp reads it; the name and type sent play no part), turned upright, cropped to its list's size
 * (AD_PICTURE_SIZES) and kept as a JPG under `<MEDIA_DIR>/ads/`, served by /media like every picture.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { ConsoleAdRet } from '../../src/core/admin-ads/admin-ads-protocol.ts';
import { AD_PICTURE_SIZES, ConsoleAdLimits, ConsoleAdTexts } from '../../src/core/admin-ads/admin-ads-texts.ts';
import type { AdPosition } from '../../src/core/ads/ads-protocol.ts';
import { ApiError } from '../http/api-error.ts';

const FOLDER = 'ads';
/** The address of a picture made here: /media/ads/<random>.jpg. */
const OURS = /^\/media\/ads\/([A-Za-z0-9_-]{16,64})\.jpg$/;
const READABLE = new Set(['jpeg', 'png', 'webp']);

const badPicture = (message: string) => new ApiError(ConsoleAdRet.BadPicture, message);

async function readAll(body: Readable, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let bytes = 0;
  for await (const data of body) {
    bytes += (data as Buffer).length;
    if (bytes > limit) {
      body.resume();
      throw badPicture(ConsoleAdTexts.pictureTooLarge);
    }
    parts.push(data as Buffer);
  }
  return Buffer.concat(parts);
}

/** Keeps the picture in `body` for an ad of `position`; its address. */
export async function saveAdPicture(mediaDir: string, position: AdPosition, body: Readable): Promise<string> {
  const bytes = await readAll(body, ConsoleAdLimits.maxPictureBytes);
  const format = await sharp(bytes).metadata().then((meta) => meta.format, () => undefined);
  if (format === undefined || !READABLE.has(format)) throw badPicture(ConsoleAdTexts.pictureInvalid);
  const { width, height } = AD_PICTURE_SIZES[position];
  const name = randomBytes(18).toString('base64url');
  await mkdir(join(mediaDir, FOLDER), { recursive: true });
  await sharp(bytes).rotate().resize(width, height, { fit: 'cover', position: 'attention' }).jpeg({ quality: 85, mozjpeg: true }).toFile(join(mediaDir, FOLDER, `${name}.jpg`));
  return `/media/${FOLDER}/${name}.jpg`;
}

/** Whether `showURL` is a picture saveAdPicture made and kept here. */
export async function isOurAdPicture(mediaDir: string, showURL: string): Promise<boolean> {
  const name = OURS.exec(showURL)?.[1];
  if (name === undefined) return false;
  return stat(join(mediaDir, FOLDER, `${name}.jpg`)).then((found) => found.isFile(), () => false);
}
