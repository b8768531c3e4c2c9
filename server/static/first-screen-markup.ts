import { FIRST_SCREEN_CARDS, FIRST_SCREEN_MARKUP_ID, GRID_COVER_SIZE } from '../../src/core/catalogue/first-screen.ts';
import { formatCount } from '../../src/core/display/count.ts';
import { formatDuration } from '../../src/core/display/duration.ts';
import { formatImageUrl } from '../../src/core/display/image-url.ts';
import { timeLabel } from '../../src/core/display/time-label.ts';
import { parsed } from '../../src/core/request/answer-values.ts';
import { homeData as homeDataAnswer, type Video } from '../../src/core/shared-kernel/video.ts';

/**
 * The words of the home screen's first screen as the app draws them (src/ui/home/home-view-model.ts HomeTexts,
 * src/ui/app/brand.ts BRAND); the first-load journey compares the copy with the app's screen.
 */
const TEXTS = { brand: '奇遇视频', search: '搜索片名', recommend: '推荐', more: '更多', plays: '次播放' } as const;

const text = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attribute = (value: string): string => text(value).replace(/"/g, '&quot;');

function card(video: Video, eager: boolean, now: number, offsetMinutes: number): string {
  const cover = formatImageUrl(video.cover, GRID_COVER_SIZE);
  const src = cover.ok ? cover.url : '';
  const loading = eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"';
  const duration = video.duration > 0 ? `<span class="video-card__duration">${text(formatDuration(video.duration))}</span>` : '';
  const time = video.updatedAt !== null ? `<span class="time-label">${text(timeLabel(video.updatedAt, now, offsetMinutes))}</span>` : '';
  return (
    `<button type="button" class="video-card video-card--grid" tabindex="-1"><span class="video-card__cover">` +
    `<img alt="" ${loading} decoding="async" width="${GRID_COVER_SIZE.width}" height="${GRID_COVER_SIZE.height}" src="${attribute(src)}">${duration}</span>` +
    `<span class="video-card__body"><span class="video-card__title">${text(video.title)}</span><span class="video-card__meta">` +
    `<span class="video-card__plays"><span class="count">${text(formatCount(video.playCount))}</span>${TEXTS.plays}</span>${time}</span></span></button>`
  );
}

/**
 * A static copy of the home route's first screen for a visitor (header, channel tabs, the first block's cards), in
 * the app's own markup and classes, from the GetHomeData answer the page carries: the browser paints it, covers
 * included, as soon as the stylesheet and the covers have arrived, instead of after the app's code has been
 * downloaded and run. Inert and hidden from assistive technology (it cannot be used, only seen); the home screen
 * removes it in the commit that draws the real one (src/ui/app/first-screen-markup.ts), so the two are never both
 * on screen. Empty when the answer has no block to show.
 */
export function firstScreenMarkup(homeData: unknown, now: number): string {
  const home = parsed(homeDataAnswer, homeData);
  const first = home?.blocks[0];
  if (!home || !first || first.list.length === 0) return '';
  const offsetMinutes = -new Date(now).getTimezoneOffset();
  const tabs = [TEXTS.recommend, ...home.channels.map((channel) => channel.name)]
    .map((name, i) => `<button type="button" role="tab" tabindex="-1" class="${i === 0 ? 'channel-tabs__tab channel-tabs__tab--active' : 'channel-tabs__tab'}">${text(name)}</button>`)
    .join('');
  const cards = first.list.map((video, i) => card(video, i < FIRST_SCREEN_CARDS, now, offsetMinutes)).join('');
  return (
    `<div id="${FIRST_SCREEN_MARKUP_ID}" class="app app--tab-bar" aria-hidden="true" inert><div class="page home-page">` +
    `<header class="home-header"><h1 class="home-header__brand">${TEXTS.brand}</h1><button type="button" class="home-header__search" tabindex="-1">${TEXTS.search}</button></header>` +
    `<div class="channel-tabs catalogue-tabs catalogue-tabs--top home-tabs">${tabs}</div>` +
    `<div class="home-feed"><section class="home-block"><div class="home-block__head"><h2 class="home-block__title">${text(first.title)}</h2>` +
    `<button type="button" class="home-block__more" tabindex="-1">${TEXTS.more} ›</button></div><div class="video-grid">${cards}</div></section></div>` +
    `</div></div>\n`
  );
}
