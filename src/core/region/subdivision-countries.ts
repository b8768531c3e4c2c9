/**
 * The countries whose regions /countryStateList lists (src/core/region/subdivisions.ts holds the regions): small, so
 * /selectArea knows where a tap leads without loading the table.
 */
export const SUBDIVISION_COUNTRIES = ['CN', 'US', 'JP', 'CA', 'AU', 'MY', 'GB', 'DE'] as const;

const WITH_SUBDIVISIONS: ReadonlySet<string> = new Set(SUBDIVISION_COUNTRIES);

/** Whether choosing this country goes on to its regions (/countryStateList). */
export function hasSubdivisions(country: string): boolean {
  return WITH_SUBDIVISIONS.has(country);
}
