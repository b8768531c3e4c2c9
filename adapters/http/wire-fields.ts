/**
 * Query, form and multipart fields as the wire carries them (the real transport and the fake read them alike):
 * undefined and null left out, anything else as text (objects as JSON).
 */
export function wireFields(fields: object): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(fields) as Array<[string, unknown]>) {
    if (value === undefined || value === null) continue;
    out.push([key, typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean)]);
  }
  return out;
}
