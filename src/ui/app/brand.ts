/** The product's Chinese brand, used as the page title suffix. */
export const BRAND = '奇遇视频';

export function pageTitle(title: string | undefined): string {
  return title ? `${title} - ${BRAND}` : BRAND;
}
