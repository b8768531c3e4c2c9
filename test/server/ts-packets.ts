/** Reads MPEG-TS timestamps for tests: the PTS of every PES start, in packet order. */
export function ptsValues(data: Buffer): number[] {
  const values: number[] = [];
  for (let packet = 0; packet + 188 <= data.length; packet += 188) {
    if (data[packet] !== 0x47 || ((data[packet + 1] ?? 0) & 0x40) === 0) continue;
    const adaptation = ((data[packet + 3] ?? 0) >> 4) & 0x03;
    if (adaptation === 2) continue;
    const payload = adaptation === 3 ? packet + 5 + (data[packet + 4] ?? 0) : packet + 4;
    if (data[payload] !== 0 || data[payload + 1] !== 0 || data[payload + 2] !== 1) continue;
    if ((((data[payload + 7] ?? 0) >> 6) & 0x03) < 2) continue;
    const at = payload + 9;
    const b = (i: number) => data[at + i] ?? 0;
    values.push((((b(0) >> 1) & 0x07) * 2 ** 30) + (((b(1) << 8) | b(2)) >> 1) * 2 ** 15 + (((b(3) << 8) | b(4)) >> 1));
  }
  return values;
}

export function firstPts(data: Buffer): number {
  const [first] = ptsValues(data);
  if (first === undefined) throw new Error('no PES with a PTS');
  return first;
}
