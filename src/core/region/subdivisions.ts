/**
 * The regions (states, provinces, prefectures) inside the countries /countryStateList offers, with their Chinese names:
 * ISO 3166-2 codes (the part after the country's code: GD for CN-GD), in the order mainland apps list them (China's
 * provincial-level divisions in the official order, Japan's prefectures by code, the others by pinyin). The server
 * checks SetUserRegion's `state` against this table; the app loads it only on /countryStateList.
 */
import type { SUBDIVISION_COUNTRIES } from './subdivision-countries.ts';

type Rows = readonly (readonly [code: string, name: string])[];

/** All 34 provincial-level divisions (official order). */
const CN: Rows = [
  ['BJ', '北京市'], ['TJ', '天津市'], ['HE', '河北省'], ['SX', '山西省'], ['NM', '内蒙古自治区'], ['LN', '辽宁省'], ['JL', '吉林省'],
  ['HL', '黑龙江省'], ['SH', '上海市'], ['JS', '江苏省'], ['ZJ', '浙江省'], ['AH', '安徽省'], ['FJ', '福建省'], ['JX', '江西省'],
  ['SD', '山东省'], ['HA', '河南省'], ['HB', '湖北省'], ['HN', '湖南省'], ['GD', '广东省'], ['GX', '广西壮族自治区'], ['HI', '海南省'],
  ['CQ', '重庆市'], ['SC', '四川省'], ['GZ', '贵州省'], ['YN', '云南省'], ['XZ', '西藏自治区'], ['SN', '陕西省'], ['GS', '甘肃省'],
  ['QH', '青海省'], ['NX', '宁夏回族自治区'], ['XJ', '新疆维吾尔自治区'], ['TW', '台湾省'], ['HK', '香港特别行政区'], ['MO', '澳门特别行政区'],
];

/** The 50 states and the District of Columbia. */
const US: Rows = [
  ['AL', '亚拉巴马州'], ['AK', '阿拉斯加州'], ['AZ', '亚利桑那州'], ['AR', '阿肯色州'], ['CA', '加利福尼亚州'], ['CO', '科罗拉多州'],
  ['CT', '康涅狄格州'], ['DE', '特拉华州'], ['DC', '华盛顿哥伦比亚特区'], ['FL', '佛罗里达州'], ['GA', '佐治亚州'], ['HI', '夏威夷州'],
  ['ID', '爱达荷州'], ['IL', '伊利诺伊州'], ['IN', '印第安纳州'], ['IA', '艾奥瓦州'], ['KS', '堪萨斯州'], ['KY', '肯塔基州'],
  ['LA', '路易斯安那州'], ['ME', '缅因州'], ['MD', '马里兰州'], ['MA', '马萨诸塞州'], ['MI', '密歇根州'], ['MN', '明尼苏达州'],
  ['MS', '密西西比州'], ['MO', '密苏里州'], ['MT', '蒙大拿州'], ['NE', '内布拉斯加州'], ['NV', '内华达州'], ['NH', '新罕布什尔州'],
  ['NJ', '新泽西州'], ['NM', '新墨西哥州'], ['NY', '纽约州'], ['NC', '北卡罗来纳州'], ['ND', '北达科他州'], ['OH', '俄亥俄州'],
  ['OK', '俄克拉何马州'], ['OR', '俄勒冈州'], ['PA', '宾夕法尼亚州'], ['RI', '罗得岛州'], ['SC', '南卡罗来纳州'], ['SD', '南达科他州'],
  ['TN', '田纳西州'], ['TX', '得克萨斯州'], ['UT', '犹他州'], ['VT', '佛蒙特州'], ['VA', '弗吉尼亚州'], ['WA', '华盛顿州'],
  ['WV', '西弗吉尼亚州'], ['WI', '威斯康星州'], ['WY', '怀俄明州'],
];

/** The 47 prefectures (都道府県), by code. */
const JP: Rows = [
  ['01', '北海道'], ['02', '青森县'], ['03', '岩手县'], ['04', '宫城县'], ['05', '秋田县'], ['06', '山形县'], ['07', '福岛县'],
  ['08', '茨城县'], ['09', '栃木县'], ['10', '群马县'], ['11', '埼玉县'], ['12', '千叶县'], ['13', '东京都'], ['14', '神奈川县'],
  ['15', '新潟县'], ['16', '富山县'], ['17', '石川县'], ['18', '福井县'], ['19', '山梨县'], ['20', '长野县'], ['21', '岐阜县'],
  ['22', '静冈县'], ['23', '爱知县'], ['24', '三重县'], ['25', '滋贺县'], ['26', '京都府'], ['27', '大阪府'], ['28', '兵库县'],
  ['29', '奈良县'], ['30', '和歌山县'], ['31', '鸟取县'], ['32', '岛根县'], ['33', '冈山县'], ['34', '广岛县'], ['35', '山口县'],
  ['36', '德岛县'], ['37', '香川县'], ['38', '爱媛县'], ['39', '高知县'], ['40', '福冈县'], ['41', '佐贺县'], ['42', '长崎县'],
  ['43', '熊本县'], ['44', '大分县'], ['45', '宫崎县'], ['46', '鹿儿岛县'], ['47', '冲绳县'],
];

/** 10 provinces and 3 territories. */
const CA: Rows = [
  ['AB', '艾伯塔省'], ['BC', '不列颠哥伦比亚省'], ['MB', '马尼托巴省'], ['NB', '新不伦瑞克省'], ['NL', '纽芬兰与拉布拉多省'],
  ['NS', '新斯科舍省'], ['ON', '安大略省'], ['PE', '爱德华王子岛省'], ['QC', '魁北克省'], ['SK', '萨斯喀彻温省'],
  ['NT', '西北地区'], ['NU', '努纳武特地区'], ['YT', '育空地区'],
];

/** 6 states and 2 territories. */
const AU: Rows = [
  ['NSW', '新南威尔士州'], ['VIC', '维多利亚州'], ['QLD', '昆士兰州'], ['WA', '西澳大利亚州'], ['SA', '南澳大利亚州'],
  ['TAS', '塔斯马尼亚州'], ['ACT', '澳大利亚首都领地'], ['NT', '北领地'],
];

/** 13 states and 3 federal territories, as Malaysian Chinese name them. */
const MY: Rows = [
  ['01', '柔佛州'], ['02', '吉打州'], ['03', '吉兰丹州'], ['04', '马六甲州'], ['05', '森美兰州'], ['06', '彭亨州'], ['07', '槟城州'],
  ['08', '霹雳州'], ['09', '玻璃市州'], ['10', '雪兰莪州'], ['11', '登嘉楼州'], ['12', '沙巴州'], ['13', '砂拉越州'],
  ['14', '吉隆坡'], ['15', '纳闽'], ['16', '布城'],
];

/** The four countries of the United Kingdom. */
const GB: Rows = [['ENG', '英格兰'], ['SCT', '苏格兰'], ['WLS', '威尔士'], ['NIR', '北爱尔兰']];

/** The 16 Länder. */
const DE: Rows = [
  ['BW', '巴登-符腾堡州'], ['BY', '巴伐利亚州'], ['BE', '柏林'], ['BB', '勃兰登堡州'], ['HB', '不来梅'], ['HH', '汉堡'],
  ['HE', '黑森州'], ['MV', '梅克伦堡-前波莫瑞州'], ['NI', '下萨克森州'], ['NW', '北莱茵-威斯特法伦州'], ['RP', '莱茵兰-普法尔茨州'],
  ['SL', '萨尔州'], ['SN', '萨克森州'], ['ST', '萨克森-安哈尔特州'], ['SH', '石勒苏益格-荷尔斯泰因州'], ['TH', '图林根州'],
];

/** Countries whose official or code order is the one people expect; the others are listed by pinyin. */
const KEEP_ORDER = new Set(['CN', 'JP', 'MY']);

const TABLE: Readonly<Record<(typeof SUBDIVISION_COUNTRIES)[number], Rows>> = { CN, US, JP, CA, AU, MY, GB, DE };

/** One region inside a country. */
export interface Subdivision {
  /** ISO 3166-2 code without the country: GD for CN-GD. */
  code: string;
  name: string;
}

let pinyin: Intl.Collator | undefined;

/** A country's regions in the order shown; empty for a country without a list. */
export function subdivisionsOf(country: string): readonly Subdivision[] {
  const rows = (TABLE as Readonly<Record<string, Rows | undefined>>)[country] ?? [];
  const list = rows.map(([code, name]) => ({ code, name }));
  if (KEEP_ORDER.has(country)) return list;
  pinyin ??= new Intl.Collator('zh-Hans-u-co-pinyin');
  const collator = pinyin;
  return list.sort((a, b) => collator.compare(a.name, b.name));
}

/** The region of `country` with that code (any case), or undefined. */
export function subdivisionOf(country: string, code: string): Subdivision | undefined {
  const wanted = code.trim().toUpperCase();
  return subdivisionsOf(country).find((each) => each.code === wanted);
}
