import { describe, expect, it } from 'vitest';
import { FILTER_SORTS } from '../../server/catalogue/video-filter.ts';
import { SEED_VIDEOS, seedCatalogue } from '../../server/catalogue/seed.ts';
import { KEFU_ACCOUNT } from '../../server/db/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { DEMO_CUS_SERVICE } from '../../server/shell/config.ts';
import { seedShell } from '../../server/shell/seed.ts';
import { chinaDay, dailyVisits } from '../../server/statistics/statistics-repository.ts';
import { seedVip } from '../../server/vip/vip-seed.ts';
import { DAY, FakeClock, tokenParams } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedCatalogue(db, clock);
    await seedShell(db);
    await seedVip(db);
  },
});

describe('GET /api/home/AccessStatistics', () => {
  it('counts visits per China day: distinct visitors by user, device or address, and every call', async () => {
    await server.db.query('DELETE FROM access_visits');
    const user = await server.registerUser();
    const ok = await server.get('/api/home/AccessStatistics', { cineam: '1', DeviceId: 'device-a' });
    expect(ok.body).toEqual({ ret: Ret.Ok, msg: '成功', data: { day: chinaDay(clock.now()) } });
    await server.get('/api/home/AccessStatistics', { cineam: '1', DeviceId: 'device-a' });
    await server.get('/api/home/AccessStatistics', { cineam: '1', DeviceId: 'device-b' });
    await server.get('/api/home/AccessStatistics', { cineam: '1', ...tokenParams(user.token) });
    await server.get('/api/home/AccessStatistics', { cineam: '1' }, { ip: '10.9.9.9' });
    expect(await dailyVisits(server.db)).toEqual([{ day: chinaDay(clock.now()), visitors: 4, visits: 5, users: 1 }]);

    clock.advance(DAY);
    await server.get('/api/home/AccessStatistics', { cineam: '1', DeviceId: 'device-a' });
    const days = await dailyVisits(server.db);
    expect(days).toHaveLength(2);
    expect(days[0]).toEqual({ day: chinaDay(clock.now()), visitors: 1, visits: 1, users: 0 });
  });

  it('the day is the China day (UTC+8)', () => {
    expect(chinaDay(Date.UTC(2030, 0, 15, 15, 59))).toBe('2030-01-15');
    expect(chinaDay(Date.UTC(2030, 0, 15, 16, 0))).toBe('2030-01-16');
  });

  it('refuses a call without cineam=1', async () => {
    expect((await server.get('/api/home/AccessStatistics')).body.ret).toBe(Ret.MissingParam);
    expect((await server.get('/api/home/AccessStatistics', { cineam: '2' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get('/api/home/AccessStatistics', { cineam: 'x' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get('/api/home/AccessStatistics', { cineam: '1', DeviceId: 'd'.repeat(65) })).body.ret).toBe(Ret.BadParam);
  });
});

describe('GET /api/home/GetCusServiceConfig', () => {
  it('answers the service account, hours, welcome text and fallback contact to visitors', async () => {
    const { status, body } = await server.get<Record<string, unknown>>('/api/home/GetCusServiceConfig');
    expect(status).toBe(200);
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data).toMatchObject({
      account: KEFU_ACCOUNT.userName,
      nickName: KEFU_ACCOUNT.nickName,
      hours: DEMO_CUS_SERVICE.hours,
      welcome: DEMO_CUS_SERVICE.welcome,
      fallbackContact: DEMO_CUS_SERVICE.fallbackContact,
    });
    expect(body.data?.uid).toBeGreaterThan(0);
  });

  it("keeps an operator's edits; an unknown account answers uid 0", async () => {
    await server.db.query("UPDATE app_config SET value = $1 WHERE key = 'CusServiceConfig'", [JSON.stringify({ account: 'nobody-here', hours: '工作日 10:00-18:00' })]);
    try {
      const { body } = await server.get<Record<string, unknown>>('/api/home/GetCusServiceConfig');
      expect(body.data).toMatchObject({ account: 'nobody-here', uid: 0, hours: '工作日 10:00-18:00', welcome: DEMO_CUS_SERVICE.welcome });
    } finally {
      await server.db.query("UPDATE app_config SET value = $1 WHERE key = 'CusServiceConfig'", [JSON.stringify(DEMO_CUS_SERVICE)]);
    }
  });
});

interface FilterAnswer {
  options: { categories: { key: string; name: string }[]; areas: string[]; years: number[]; languages: string[]; sorts: { key: string; name: string }[] };
  filter: { category: string; area: string; year: number; language: string; sort: string };
  list: { mediaKey: string; category: string; playCount: number }[];
  page: number;
  pageSize: number;
  total: number;
}

describe('GET /api/home/filter', () => {
  it('without filters answers the options and every video, most played first', async () => {
    const { body } = await server.get<FilterAnswer>('/api/home/filter');
    expect(body.ret).toBe(Ret.Ok);
    const data = body.data!;
    expect(data.total).toBe(SEED_VIDEOS.length);
    expect(data.options.sorts).toEqual(FILTER_SORTS);
    expect(data.options.categories.length).toBeGreaterThan(3);
    expect(data.options.areas).toEqual(expect.arrayContaining([...new Set(SEED_VIDEOS.map((v) => v.area).filter(Boolean))]));
    expect(data.options.years).toEqual([...new Set(SEED_VIDEOS.map((v) => v.year))].sort((a, b) => b - a));
    expect(data.options.languages.sort()).toEqual([...new Set(SEED_VIDEOS.map((v) => v.language))].sort());
    expect(data.filter).toEqual({ category: '', area: '', year: 0, language: '', sort: 'hot' });
    const plays = data.list.map((v) => v.playCount);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));
  });

  it('combines category, area and year, and pages', async () => {
    const sample = SEED_VIDEOS.find((v) => v.area !== '')!;
    const expected = SEED_VIDEOS.filter((v) => v.category === sample.category && v.area === sample.area && v.year === sample.year);
    const { body } = await server.get<FilterAnswer>('/api/home/filter', { category: sample.category, area: sample.area, year: String(sample.year), sort: 'new' });
    expect(body.data?.total).toBe(expected.length);
    expect(body.data?.list.map((v) => v.mediaKey).sort()).toEqual(expected.map((v) => v.mediaKey).sort());
    const inCategory = SEED_VIDEOS.filter((v) => v.category === sample.category);
    const scoped = (await server.get<FilterAnswer>('/api/home/filter', { category: sample.category, pageSize: '2', page: '2' })).body.data!;
    expect(scoped.total).toBe(inCategory.length);
    expect(scoped.list.length).toBe(Math.min(2, Math.max(0, inCategory.length - 2)));
    expect(scoped.options.areas.sort()).toEqual([...new Set(inCategory.map((v) => v.area).filter(Boolean))].sort());
    const none = (await server.get<FilterAnswer>('/api/home/filter', { category: sample.category, year: '1901' })).body.data!;
    expect(none.total).toBe(0);
    expect(none.list).toEqual([]);
  });

  it('narrows by language (with the other filters), lists the languages of the category, most common first; a language the catalogue lacks matches nothing', async () => {
    const cantonese = SEED_VIDEOS.filter((v) => v.language === '粤语');
    expect(cantonese.length).toBeGreaterThan(0);
    const { body } = await server.get<FilterAnswer>('/api/home/filter', { language: '粤语', pageSize: '50' });
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data?.filter).toEqual({ category: '', area: '', year: 0, language: '粤语', sort: 'hot' });
    expect(body.data?.list.map((v) => v.mediaKey).sort()).toEqual(cantonese.map((v) => v.mediaKey).sort());
    // The journey's video: 电影, 2022, 粤语 is 追风少年 alone (2022's other films speak other languages).
    const films2022 = SEED_VIDEOS.filter((v) => v.category === 'movie' && v.year === 2022);
    expect(new Set(films2022.map((v) => v.language)).size).toBeGreaterThan(1);
    const one = (await server.get<FilterAnswer>('/api/home/filter', { category: 'movie', year: '2022', language: ' 粤语 ' })).body.data!;
    expect(one.filter.language).toBe('粤语');
    expect(one.list.map((v) => v.mediaKey)).toEqual(films2022.filter((v) => v.language === '粤语').map((v) => v.mediaKey));
    expect(one.total).toBe(1);
    const movies = SEED_VIDEOS.filter((v) => v.category === 'movie');
    const count = (language: string) => movies.filter((v) => v.language === language).length;
    const scoped = (await server.get<FilterAnswer>('/api/home/filter', { category: 'movie' })).body.data!;
    expect([...scoped.options.languages].sort()).toEqual([...new Set(movies.map((v) => v.language))].sort());
    expect(scoped.options.languages[0]).toBe('国语');
    expect(scoped.options.languages.map(count)).toEqual(scoped.options.languages.map(count).sort((a, b) => b - a));
    const none = await server.get<FilterAnswer>('/api/home/filter', { language: '世界语' });
    expect(none.body.ret).toBe(Ret.Ok);
    expect(none.body.data?.list).toEqual([]);
    expect(none.body.data?.total).toBe(0);
    expect(none.body.data?.filter.language).toBe('世界语');
  });

  it('every seeded video has a language agreeing with its area (粤语 from Hong Kong, 国语 from the mainland and Taiwan …)', () => {
    const byArea: Record<string, string> = { 中国香港: '粤语', 韩国: '韩语', 日本: '日语', 美国: '英语', 英国: '英语', 法国: '法语' };
    for (const video of SEED_VIDEOS) {
      const expected = video.area === '中国大陆' || video.area === '中国台湾' ? ['国语', '其他'] : [byArea[video.area]];
      expect(expected, `${video.title} (${video.area})`).toContain(video.language);
    }
  });

  it('refuses bad params with 1002', async () => {
    const bad: Record<string, string>[] = [
      { category: 'nope' }, { sort: 'price' }, { year: '1800' }, { year: 'abc' }, { page: '0' }, { pageSize: '51' }, { area: '地'.repeat(21) }, { language: '语'.repeat(11) },
    ];
    for (const fields of bad) {
      const { body } = await server.get('/api/home/filter', fields);
      expect(body.ret, JSON.stringify(fields)).toBe(Ret.BadParam);
    }
    expect((await server.get('/api/home/filter', { language: '语'.repeat(11) })).body).toMatchObject({ msg: '参数格式错误：language' });
    expect((await server.get('/api/home/filter', { language: '语'.repeat(10) })).body.ret).toBe(Ret.Ok);
  });
});
