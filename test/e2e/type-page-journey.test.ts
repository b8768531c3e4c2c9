import { beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { useJourney } from './support/journey.ts';

/**
 * /typePage on an iPhone: the chips of 分类, 地区, 年份 and 语言 narrow the demo catalogue down to one film (追风少年, the
 * only Cantonese film of 2022), 全部 brings the others back, and the one left opens its play page.
 */
const { page, app } = useJourney();
const sent: Request[] = [];

beforeAll(async () => {
  page.on('request', (request) => sent.push(request));
});

/** The demo's films of 2022 (server/catalogue/seed.ts); 追风少年 (中国香港) alone speaks 粤语. */
const FILMS_2022 = ['追风少年', '午夜列车', '时间的答案', '夏日终曲', '最后的守林人'].sort();
const ONE = { title: '追风少年', mediaKey: 'movie-04' };

const cards = () => page.getByTestId('video-card');
const titles = async () => (await cards().locator('.video-card__title').allTextContents()).sort();
const row = (label: string) => page.getByRole('radiogroup', { name: label });
/** The params of the latest filter call. */
const lastFilter = () => {
  const calls = sent.filter((r) => new URL(r.url()).pathname === '/api/home/filter');
  return Object.fromEntries(new URL(calls[calls.length - 1]?.url() ?? 'http://x/').searchParams);
};

/** Taps a chip of a row and waits until it is the chosen one. */
async function tap(label: string, chip: string): Promise<void> {
  await row(label).getByRole('radio', { name: chip, exact: true }).click();
  await expect.poll(() => row(label).getByRole('radio', { checked: true }).textContent()).toBe(chip);
}

describe('the catalogue filter (/typePage) on an iPhone', () => {
  it('narrows by type, year, language and region to one film, 全部 brings the others back, and the film opens its play page', async () => {
    await page.goto(`${app.url}/typePage`);
    await cards().first().waitFor();
    expect(await page.getByRole('radiogroup').evaluateAll((groups) => groups.map((g) => g.getAttribute('aria-label')))).toEqual(['分类', '地区', '年份', '语言', '排序']);
    await row('语言').getByRole('radio', { name: '粤语', exact: true }).waitFor();
    expect(await row('语言').getByRole('radio').first().textContent()).toBe('全部');

    await tap('分类', '电影');
    await tap('年份', '2022');
    await expect.poll(titles).toEqual(FILMS_2022);
    await tap('语言', '粤语');
    await expect.poll(titles).toEqual([ONE.title]);
    expect(lastFilter()).toMatchObject({ category: 'movie', year: '2022', language: '粤语', sort: 'hot', page: '1' });
    await tap('地区', '中国香港');
    await expect.poll(() => lastFilter()['area']).toBe('中国香港');
    await expect.poll(titles).toEqual([ONE.title]);
    expect(await cards().count()).toBe(1);

    // 全部 of 地区: still the one Cantonese film of 2022; 全部 of 语言: the other films of 2022 come back.
    await tap('地区', '全部');
    await expect.poll(() => 'area' in lastFilter()).toBe(false);
    await expect.poll(titles).toEqual([ONE.title]);
    await tap('语言', '全部');
    await expect.poll(titles).toEqual(FILMS_2022);
    expect(lastFilter()).not.toHaveProperty('language');

    await tap('语言', '粤语');
    await expect.poll(titles).toEqual([ONE.title]);
    expect(await cards().count()).toBe(1);
    await cards().first().click();
    await page.waitForURL(new RegExp(`/play/${ONE.mediaKey}$`));
    await expect.poll(() => page.getByTestId('play-title').textContent()).toBe(ONE.title);
  });
});
