/** The video containers an upload may hold, named by the extension the stored file gets. */
export type VideoExtension = 'mp4' | 'mov' | 'webm' | 'mkv';

export const VIDEO_EXTENSIONS: readonly VideoExtension[] = ['mp4', 'mov', 'webm', 'mkv'];

/** Whether a stored or requested extension is one of the video containers. */
export function isVideoExtension(value: string): value is VideoExtension {
  return (VIDEO_EXTENSIONS as readonly string[]).includes(value);
}

export const VIDEO_CONTENT_TYPES: Readonly<Record<VideoExtension, string>> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

/** Bytes of the head the checks read. */
export const MAGIC_HEAD_BYTES = 64;

const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** The EBML DocType element id (0x4282) followed by a one-byte size of 4 and "webm". */
const WEBM_DOCTYPE = Buffer.from([0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]);
const PRINTABLE_BRAND = /^[\x20-\x7e]{4}$/;

/**
 * What container `head` (the first bytes of a file) starts: an ISO-BMFF file (`ftyp` box at offset 4: mp4, or
 * mov for the QuickTime brand `qt  `) or an EBML file (1A 45 DF A3: webm when its DocType says so, else mkv).
 * Anything else (text renamed to .mp4, images, archives) is undefined. The name of the file plays no part.
 */
export function videoExtensionOf(head: Uint8Array): VideoExtension | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = bytes.readUInt32BE(0);
    const brand = bytes.toString('latin1', 8, 12);
    if ((boxSize !== 1 && boxSize < 16) || !PRINTABLE_BRAND.test(brand)) return undefined;
    return brand === 'qt  ' ? 'mov' : 'mp4';
  }
  if (bytes.length >= 4 && bytes.subarray(0, 4).equals(EBML)) {
    return bytes.subarray(0, MAGIC_HEAD_BYTES).includes(WEBM_DOCTYPE) ? 'webm' : 'mkv';
  }
  return undefined;
}
