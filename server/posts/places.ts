import type { Queryable } from '../db/database.ts';
import { distanceMetres } from '../../src/core/ports/geolocation.ts';
import type { Place } from '../../src/core/ports/place-search.ts';
import { allPlaces, insertPlaces, type SeedPlace } from './posts-repository.ts';

/** Most places SearchPlace answers. */
const MAX_PLACE_RESULTS = 20;

/** The reference server's places: landmarks of a few cities, in the order an empty search lists them. */
export const SEED_PLACES: readonly SeedPlace[] = [
  { id: 'sh-bund', name: '外滩', address: '上海市黄浦区中山东一路', city: '上海', lat: 31.2400, lng: 121.4900 },
  { id: 'sh-oriental-pearl', name: '东方明珠广播电视塔', address: '上海市浦东新区世纪大道1号', city: '上海', lat: 31.2397, lng: 121.4998 },
  { id: 'sh-yuyuan', name: '豫园', address: '上海市黄浦区福佑路168号', city: '上海', lat: 31.2272, lng: 121.4921 },
  { id: 'sh-nanjing-road', name: '南京路步行街', address: '上海市黄浦区南京东路', city: '上海', lat: 31.2355, lng: 121.4800 },
  { id: 'sh-xintiandi', name: '新天地', address: '上海市黄浦区太仓路181弄', city: '上海', lat: 31.2190, lng: 121.4750 },
  { id: 'sh-tianzifang', name: '田子坊', address: '上海市黄浦区泰康路210弄', city: '上海', lat: 31.2100, lng: 121.4690 },
  { id: 'sh-jingan-temple', name: '静安寺', address: '上海市静安区南京西路1686号', city: '上海', lat: 31.2236, lng: 121.4456 },
  { id: 'sh-disney', name: '上海迪士尼乐园', address: '上海市浦东新区川沙新镇黄赵路310号', city: '上海', lat: 31.1434, lng: 121.6580 },
  { id: 'bj-tiananmen', name: '天安门广场', address: '北京市东城区东长安街', city: '北京', lat: 39.9055, lng: 116.3976 },
  { id: 'bj-forbidden-city', name: '故宫博物院', address: '北京市东城区景山前街4号', city: '北京', lat: 39.9163, lng: 116.3972 },
  { id: 'bj-temple-of-heaven', name: '天坛公园', address: '北京市东城区天坛东里甲1号', city: '北京', lat: 39.8822, lng: 116.4066 },
  { id: 'bj-summer-palace', name: '颐和园', address: '北京市海淀区新建宫门路19号', city: '北京', lat: 39.9999, lng: 116.2755 },
  { id: 'bj-sanlitun', name: '三里屯太古里', address: '北京市朝阳区三里屯路19号', city: '北京', lat: 39.9340, lng: 116.4540 },
  { id: 'bj-798', name: '798艺术区', address: '北京市朝阳区酒仙桥路4号', city: '北京', lat: 39.9840, lng: 116.4950 },
  { id: 'gz-canton-tower', name: '广州塔', address: '广州市海珠区阅江西路222号', city: '广州', lat: 23.1064, lng: 113.3245 },
  { id: 'gz-shamian', name: '沙面岛', address: '广州市荔湾区沙面大街', city: '广州', lat: 23.1075, lng: 113.2437 },
  { id: 'gz-beijing-road', name: '北京路步行街', address: '广州市越秀区北京路', city: '广州', lat: 23.1248, lng: 113.2690 },
  { id: 'gz-chimelong', name: '长隆欢乐世界', address: '广州市番禺区汉溪大道东299号', city: '广州', lat: 23.0050, lng: 113.3290 },
  { id: 'sz-window-of-world', name: '世界之窗', address: '深圳市南山区深南大道9037号', city: '深圳', lat: 22.5365, lng: 113.9730 },
  { id: 'sz-bay-park', name: '深圳湾公园', address: '深圳市南山区滨海大道', city: '深圳', lat: 22.5080, lng: 113.9450 },
  { id: 'sz-dongmen', name: '东门老街', address: '深圳市罗湖区解放路', city: '深圳', lat: 22.5450, lng: 114.1190 },
  { id: 'hz-west-lake', name: '西湖', address: '杭州市西湖区龙井路1号', city: '杭州', lat: 30.2431, lng: 120.1500 },
  { id: 'hz-lingyin', name: '灵隐寺', address: '杭州市西湖区法云弄1号', city: '杭州', lat: 30.2410, lng: 120.1017 },
  { id: 'hz-hefang', name: '河坊街', address: '杭州市上城区河坊街', city: '杭州', lat: 30.2430, lng: 120.1690 },
  { id: 'cd-kuanzhai', name: '宽窄巷子', address: '成都市青羊区长顺上街127号', city: '成都', lat: 30.6630, lng: 104.0530 },
  { id: 'cd-panda-base', name: '成都大熊猫繁育研究基地', address: '成都市成华区熊猫大道1375号', city: '成都', lat: 30.7330, lng: 104.1460 },
  { id: 'cd-chunxi', name: '春熙路', address: '成都市锦江区春熙路', city: '成都', lat: 30.6570, lng: 104.0800 },
  { id: 'cd-jinli', name: '锦里古街', address: '成都市武侯区武侯祠大街231号', city: '成都', lat: 30.6460, lng: 104.0480 },
  { id: 'kl-petronas', name: '吉隆坡石油双塔', address: '马来西亚吉隆坡城中城', city: '吉隆坡', lat: 3.1579, lng: 101.7116 },
  { id: 'kl-bukit-bintang', name: '武吉免登', address: '马来西亚吉隆坡武吉免登路', city: '吉隆坡', lat: 3.1466, lng: 101.7113 },
  { id: 'kl-central-market', name: '中央艺术坊', address: '马来西亚吉隆坡谐街', city: '吉隆坡', lat: 3.1456, lng: 101.6955 },
  { id: 'kl-batu-caves', name: '黑风洞', address: '马来西亚雪兰莪州鹳山', city: '吉隆坡', lat: 3.2379, lng: 101.6840 },
];

export async function seedPlaces(db: Queryable): Promise<void> {
  await insertPlaces(db, SEED_PLACES);
}

/**
 * Places matching `keyword` (in the name, address or city, ignoring case; '' matches all), nearest first when a
 * point is given (each with distanceM), else in the seeded order; at most MAX_PLACE_RESULTS.
 */
export async function searchPlaces(db: Queryable, keyword: string, near: { lat: number; lng: number } | null): Promise<Place[]> {
  const rows = await allPlaces(db);
  const needle = keyword.trim().toLowerCase();
  const matching = rows.filter((row) => needle === '' || [row.name, row.address, row.city].some((text) => text.toLowerCase().includes(needle)));
  const places: Place[] = matching.map((row) => ({
    id: row.id,
    name: row.name,
    address: row.address,
    lat: Number(row.lat),
    lng: Number(row.lng),
    ...(near ? { distanceM: distanceMetres(near, { lat: Number(row.lat), lng: Number(row.lng) }) } : {}),
  }));
  if (near) places.sort((a, b) => (a.distanceM ?? 0) - (b.distanceM ?? 0));
  return places.slice(0, MAX_PLACE_RESULTS);
}
