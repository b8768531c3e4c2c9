/** Region codes (ISO 3166-1 alpha-2) and their Chinese names. */

export interface Region {
  /** Two-letter upper-case code, e.g. CN. */
  code: string;
  /** Chinese display name, e.g. 中国. */
  country: string;
}

export const MALAYSIA = 'MY';

/** Names the product shows as they are (CLDR's differ for some, e.g. 中国香港特别行政区). */
const PREFERRED_NAMES: Readonly<Record<string, string>> = {
  CN: '中国', HK: '中国香港', TW: '中国台湾', MO: '中国澳门',
  MY: '马来西亚', SG: '新加坡', US: '美国', JP: '日本', KR: '韩国', TH: '泰国',
  VN: '越南', PH: '菲律宾', ID: '印度尼西亚', KH: '柬埔寨', MM: '缅甸', LA: '老挝', BN: '文莱',
  IN: '印度', AU: '澳大利亚', NZ: '新西兰', CA: '加拿大', GB: '英国', DE: '德国', FR: '法国',
  IT: '意大利', ES: '西班牙', NL: '荷兰', RU: '俄罗斯', AE: '阿联酋', BR: '巴西', MX: '墨西哥',
};

/** Every assigned ISO 3166-1 alpha-2 code, and XK (Kosovo, the user-assigned code everyone uses). */
const ISO_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ '
  + 'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR '
  + 'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP '
  + 'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT '
  + 'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW '
  + 'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG '
  + 'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

const KNOWN = new Set(ISO_CODES);

let displayNames: Intl.DisplayNames | null | undefined;

function cldrName(code: string): string | undefined {
  if (displayNames === undefined) {
    try {
      displayNames = new Intl.DisplayNames(['zh-Hans'], { type: 'region', fallback: 'none' });
    } catch {
      displayNames = null;
    }
  }
  return displayNames?.of(code) ?? undefined;
}

/** Normalises user input ("my", " MY ") to a code; does not check that it exists. */
export function normalizeRegionCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isKnownRegion(code: string): boolean {
  return KNOWN.has(code);
}

/** The region for an upper-case code, or undefined when the code is not an assigned ISO code. */
export function regionByCode(code: string): Region | undefined {
  if (!KNOWN.has(code)) return undefined;
  return { code, country: PREFERRED_NAMES[code] ?? cldrName(code) ?? code };
}

export function allRegionCodes(): readonly string[] {
  return ISO_CODES;
}
