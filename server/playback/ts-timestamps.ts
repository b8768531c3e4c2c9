/**
 * Moves an MPEG-TS segment later in time: every PES packet's PTS and DTS and every PCR gain `offsetTicks`
 * (90 kHz, modulo 2^33). A live channel loops its clip this way with timestamps that keep rising, so a player
 * sees one continuous stream instead of a discontinuity at every loop.
 */

/** PTS, DTS and the PCR base tick at 90 kHz. */
export const MPEG_TICKS_PER_SECOND = 90_000;
const PACKET_SIZE = 188;
const SYNC_BYTE = 0x47;
/** PTS, DTS and the PCR base are 33-bit counters. */
const WRAP = 2 ** 33;

function readTimestamp(data: Buffer, at: number): number {
  const b0 = data[at] ?? 0;
  const high = (b0 >> 1) & 0x07;
  const mid = (((data[at + 1] ?? 0) << 8) | (data[at + 2] ?? 0)) >> 1;
  const low = (((data[at + 3] ?? 0) << 8) | (data[at + 4] ?? 0)) >> 1;
  return high * 2 ** 30 + mid * 2 ** 15 + low;
}

function writeTimestamp(data: Buffer, at: number, value: number): void {
  const prefix = (data[at] ?? 0) & 0xf0;
  const high = Math.floor(value / 2 ** 30) & 0x07;
  const mid = Math.floor(value / 2 ** 15) & 0x7fff;
  const low = value & 0x7fff;
  data[at] = prefix | (high << 1) | 0x01;
  data[at + 1] = (mid >> 7) & 0xff;
  data[at + 2] = ((mid << 1) & 0xfe) | 0x01;
  data[at + 3] = (low >> 7) & 0xff;
  data[at + 4] = ((low << 1) & 0xfe) | 0x01;
}

/** The PCR: a 33-bit base at 90 kHz like PTS (shifted), 6 reserved bits, a 9-bit extension (left alone). */
function shiftPcr(data: Buffer, at: number, offset: number): void {
  const base = (data[at] ?? 0) * 2 ** 25 + (data[at + 1] ?? 0) * 2 ** 17 + (data[at + 2] ?? 0) * 2 ** 9 + (data[at + 3] ?? 0) * 2 ** 1 + ((data[at + 4] ?? 0) >> 7);
  const shifted = (base + offset) % WRAP;
  data[at] = Math.floor(shifted / 2 ** 25) & 0xff;
  data[at + 1] = Math.floor(shifted / 2 ** 17) & 0xff;
  data[at + 2] = Math.floor(shifted / 2 ** 9) & 0xff;
  data[at + 3] = Math.floor(shifted / 2) & 0xff;
  data[at + 4] = ((shifted & 0x01) << 7) | ((data[at + 4] ?? 0) & 0x7f);
}

/** A copy of `segment` with its timestamps `offsetTicks` later; bytes that are not TS packets are copied as they are. */
export function shiftTimestamps(segment: Buffer, offsetTicks: number): Buffer {
  const data = Buffer.from(segment);
  const offset = ((Math.round(offsetTicks) % WRAP) + WRAP) % WRAP;
  if (offset === 0) return data;
  for (let packet = 0; packet + PACKET_SIZE <= data.length; packet += PACKET_SIZE) {
    if (data[packet] !== SYNC_BYTE) continue;
    const payloadStart = ((data[packet + 1] ?? 0) & 0x40) !== 0;
    const adaptation = ((data[packet + 3] ?? 0) >> 4) & 0x03;
    let payload = packet + 4;
    if (adaptation === 2 || adaptation === 3) {
      const length = data[packet + 4] ?? 0;
      const flags = data[packet + 5] ?? 0;
      if (length > 0 && (flags & 0x10) !== 0 && length >= 7) shiftPcr(data, packet + 6, offset);
      payload = packet + 5 + length;
    }
    if (adaptation === 2 || !payloadStart || payload + 14 > packet + PACKET_SIZE) continue;
    // A PES header: 00 00 01, stream id, length, two flag bytes, header length, then PTS (and DTS).
    if (data[payload] !== 0x00 || data[payload + 1] !== 0x00 || data[payload + 2] !== 0x01) continue;
    const ptsDts = ((data[payload + 7] ?? 0) >> 6) & 0x03;
    if (ptsDts >= 2) writeTimestamp(data, payload + 9, (readTimestamp(data, payload + 9) + offset) % WRAP);
    if (ptsDts === 3 && payload + 19 <= packet + PACKET_SIZE) writeTimestamp(data, payload + 14, (readTimestamp(data, payload + 14) + offset) % WRAP);
  }
  return data;
}
