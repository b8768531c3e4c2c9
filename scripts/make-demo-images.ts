/**
 * Draws the demo pictures once with a CJK font and writes them, with their manifest, under demo-media/images/ (committed,
 * so `npm start` copies them and needs no font): every seeded video's poster (360×480) and cover (640×360) with its
 * Chinese title, the seeded ads, the demo posts' covers, the help articles' illustrations and the demo avatars.
 *
 * Usage: npx tsx scripts/make-demo-images.ts   (needs a CJK font: apt-get install -y fonts-noto-cjk)
 * Re-running replaces the files. Pictures are served with `immutable`: a changed picture needs a new path.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { SEED_START_ADS, SEED_PLAY_ADS } from '../server/ads/seed.ts';
import { SEED_VIDEOS, SUBCHANNELS, type SeedVideo } from '../server/catalogue/seed.ts';
import { SEED_GOLD_PRICES } from '../server/gold/seed.ts';
import {
  DEMO_IMAGES_DIR, DEMO_IMAGES_MANIFEST, DEMO_IMAGE_SIZES, demoAdPath, demoCoverPath, demoHelpImagePath, demoPostCoverPath, demoPosterPath,
  type DemoImage,
} from '../server/media/demo-images.ts';
import { mediaFor } from '../server/playback/playback-media.ts';
import { DEMO_POSTS } from '../server/posts/seed.ts';

const FONT = 'Noto Sans CJK SC';

/** Words on the seeded ads' pictures, by the ad's seed key. */
const AD_TEXTS: Readonly<Record<string, { title: string; subtitle: string; badge: string }>> = {
  'kaiping-1': { title: '热播排行榜', subtitle: '看看大家都在追什么', badge: '热门' },
  'kaiping-2': { title: '开通VIP会员', subtitle: '海量大片 免广告畅看', badge: '限时优惠' },
  'kaiping-3': { title: '下载奇遇APP', subtitle: '看片更流畅 追剧不等待', badge: '推荐' },
  'zanting-1': { title: '开通VIP会员', subtitle: '暂停也无广告', badge: '会员' },
  'chabo-1': { title: '下载奇遇APP', subtitle: '看片更流畅', badge: '推荐' },
  'danmu-1': { title: 'VIP', subtitle: '免广告', badge: '' },
};

/** The help articles' illustrations (server/help/seed.ts), by name. */
const HELP_TEXTS: Readonly<Record<string, { title: string; subtitle: string }>> = {
  register: { title: '注册账号', subtitle: '填写账号、密码和昵称即可完成注册' },
  vip: { title: '开通VIP会员', subtitle: '选择套餐和支付方式 · 立即支付' },
};

/** Words on the demo posts' covers (in DEMO_POSTS order). */
const POST_TEXTS: readonly string[] = ['外滩晚风', '家常菜', '宽窄巷子'];

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Width of a text in ems (CJK characters one em, others about half). */
const ems = (text: string): number => [...text].reduce((sum, char) => sum + (/[\u2E80-\uFFFF]/.test(char) ? 1 : 0.58), 0);

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ (char.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

/** Two colours apart on the hue circle, darker for films and sport, brighter for anime and short videos. */
function palette(key: string, category: string): { light: string; dark: string; accent: string } {
  const hue = hash(key) % 360;
  const bright = ['anime', 'variety', 'chinese', 'yule', 'life', 'fashion', 'music'].includes(category);
  return {
    light: `hsl(${hue},${bright ? 75 : 60}%,${bright ? 58 : 46}%)`,
    dark: `hsl(${(hue + 150) % 360},${bright ? 60 : 55}%,${bright ? 26 : 14}%)`,
    accent: `hsl(${(hue + 40) % 360},85%,70%)`,
  };
}

/** One of a few backdrops (hills, sun, rings, stripes), chosen by the key. */
function backdrop(key: string, width: number, height: number, accent: string): string {
  const h = hash(`${key}:shape`);
  const variant = h % 4;
  const x = (n: number) => Math.round(width * n);
  const y = (n: number) => Math.round(height * n);
  if (variant === 0) {
    return `<circle cx="${x(0.72)}" cy="${y(0.3)}" r="${x(0.2)}" fill="${accent}" fill-opacity="0.55"/>
<path d="M0 ${y(0.72)} L${x(0.25)} ${y(0.5)} L${x(0.45)} ${y(0.66)} L${x(0.7)} ${y(0.42)} L${width} ${y(0.62)} V${height} H0 Z" fill="#000" fill-opacity="0.35"/>
<path d="M0 ${y(0.82)} L${x(0.3)} ${y(0.64)} L${x(0.6)} ${y(0.8)} L${x(0.85)} ${y(0.68)} L${width} ${y(0.76)} V${height} H0 Z" fill="#000" fill-opacity="0.35"/>`;
  }
  if (variant === 1) {
    const rings = [0.16, 0.26, 0.36, 0.46].map((r, i) => `<circle cx="${x(0.68)}" cy="${y(0.36)}" r="${x(r)}" fill="none" stroke="${accent}" stroke-opacity="${0.5 - i * 0.1}" stroke-width="${Math.max(2, x(0.012))}"/>`);
    return `${rings.join('')}<circle cx="${x(0.68)}" cy="${y(0.36)}" r="${x(0.08)}" fill="${accent}" fill-opacity="0.8"/>`;
  }
  if (variant === 2) {
    const stripes = [0, 1, 2, 3, 4].map((i) => `<rect x="${x(-0.2 + i * 0.28)}" y="${y(-0.3)}" width="${x(0.1)}" height="${y(1.8)}" fill="${accent}" fill-opacity="${0.12 + (i % 2) * 0.1}" transform="rotate(28 ${x(0.5)} ${y(0.5)})"/>`);
    return stripes.join('');
  }
  return `<circle cx="${x(0.2)}" cy="${y(0.25)}" r="${x(0.26)}" fill="${accent}" fill-opacity="0.3"/>
<circle cx="${x(0.85)}" cy="${y(0.5)}" r="${x(0.34)}" fill="#fff" fill-opacity="0.12"/>
<circle cx="${x(0.45)}" cy="${y(0.12)}" r="${x(0.1)}" fill="#fff" fill-opacity="0.2"/>`;
}

/** The title in lines that fit `maxWidth` (at most two; CJK titles break in the middle, spaced ones at the space). */
function titleLines(title: string, maxWidth: number, maxSize: number, minSize: number): { lines: string[]; size: number } {
  const one = Math.floor(maxWidth / ems(title));
  if (one >= minSize || ems(title) <= 4) return { lines: [title], size: Math.min(maxSize, one) };
  const space = title.indexOf(' ');
  const chars = [...title];
  const half = Math.ceil(chars.length / 2);
  const lines = space > 0 ? [title.slice(0, space), title.slice(space + 1)] : [chars.slice(0, half).join(''), chars.slice(half).join('')];
  const widest = Math.max(...lines.map(ems));
  return { lines, size: Math.min(maxSize, Math.floor(maxWidth / widest)) };
}

function svgText(lines: string[], x: number, bottom: number, size: number, anchor: 'start' | 'middle', weight = 900): string {
  const lineHeight = Math.round(size * 1.2);
  return lines
    .map((line, i) => {
      const y = bottom - (lines.length - 1 - i) * lineHeight;
      return `<text x="${x}" y="${y}" font-family="${FONT}" font-weight="${weight}" font-size="${size}" text-anchor="${anchor}" fill="#fff" stroke="#000" stroke-opacity="0.25" stroke-width="${Math.max(1, Math.round(size / 24))}" paint-order="stroke">${escape(line)}</text>`;
    })
    .join('');
}

function badge(text: string, x: number, y: number, size: number, fill: string): string {
  if (text === '') return '';
  const width = Math.round(ems(text) * size + size);
  return `<rect x="${x}" y="${y}" width="${width}" height="${Math.round(size * 1.6)}" rx="${Math.round(size * 0.4)}" fill="${fill}"/>
<text x="${x + width / 2}" y="${y + Math.round(size * 1.15)}" font-family="${FONT}" font-weight="700" font-size="${size}" text-anchor="middle" fill="#fff">${escape(text)}</text>`;
}

/** The corner badge and the line under the title of a seeded video. */
function labelsOf(video: SeedVideo): { badge: string; subtitle: string } {
  const media = mediaFor(video.category, video.index, video.short && video.category !== 'music');
  const tags = video.tags.split(',')[0] ?? '';
  const meta = `${video.year} · ${video.area} · ${tags}`;
  if (SEED_GOLD_PRICES[video.mediaKey] !== undefined) return { badge: '付费', subtitle: meta };
  switch (video.category) {
    case 'movie':
      return { badge: ['独家', '热播', '新片', '高分'][video.index % 4] ?? '热播', subtitle: meta };
    case 'drama':
    case 'anime':
      return { badge: video.index % 2 === 0 ? `更新至第${media.episodeCount}集` : `全${media.episodeCount}集`, subtitle: meta };
    case 'variety':
      return { badge: `更新至第${media.episodeCount}期`, subtitle: meta };
    case 'documentary':
      return { badge: `全${media.episodeCount}集`, subtitle: meta };
    case 'sport':
      return { badge: '赛事回放', subtitle: meta };
    case 'tvlive':
      return { badge: '直播中', subtitle: tags };
    default:
      return { badge: SUBCHANNELS[video.category]?.[video.index % 3] ?? '热播', subtitle: meta };
  }
}

const gradient = (light: string, dark: string, horizontal: boolean) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="${horizontal ? 1 : 0.4}" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.65"/></linearGradient></defs>`;

/**
 * A portrait picture. `inset`: the width kept clear at each side for words and badge. A start ad (9:16) is shown
 * `object-fit: cover` on phones up to 9:19.5, which crops about 9 % of its width at each side, so its words keep
 * to the middle.
 */
function posterSvg(key: string, category: string, title: string, labels: { badge: string; subtitle: string }, width: number, height: number, inset = 0): string {
  const { light, dark, accent } = palette(key, category);
  // Larger pictures (the start ads) scale their words with their width.
  const k = Math.max(1, width / 360);
  const { lines, size } = titleLines(title, width - 2 * inset - 40 * k, 56 * k, 34 * k);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${gradient(light, dark, false)}
<rect width="100%" height="100%" fill="url(#g)"/>${backdrop(key, width, height, accent)}
<rect width="100%" height="100%" fill="url(#shade)"/>
${badge(labels.badge, inset + 16 * k, 16 * k, Math.round(18 * k), '#ff4d4f')}
${svgText(lines, width / 2, height - 64 * k, size, 'middle')}
${labels.subtitle ? svgText([labels.subtitle], width / 2, height - 28 * k, Math.round(18 * k), 'middle', 400) : ''}
</svg>`;
}

function coverSvg(key: string, category: string, title: string, labels: { badge: string; subtitle: string }, width: number, height: number): string {
  const { light, dark, accent } = palette(`${key}:cover`, category);
  const { lines, size } = titleLines(title, width - 64, 64, 40);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${gradient(dark, light, true)}
<rect width="100%" height="100%" fill="url(#g)"/>${backdrop(`${key}:cover`, width, height, accent)}
<rect width="100%" height="100%" fill="url(#shade)"/>
${badge(labels.badge, 24, 22, 22, '#ff4d4f')}
${svgText(lines, 32, height - 62, size, 'start')}
${labels.subtitle ? svgText([labels.subtitle], 34, height - 26, 22, 'start', 400) : ''}
</svg>`;
}

function avatarSvg(number: number, size: number): string {
  const hue = ((number + 20) * 47) % 360;
  const half = size / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},65%,28%)"/></linearGradient>
<clipPath id="c"><circle cx="${half}" cy="${half}" r="${half - 4}"/></clipPath>
</defs>
<circle cx="${half}" cy="${half}" r="${half - 4}" fill="url(#g)"/>
<g clip-path="url(#c)" fill="#fff" fill-opacity="0.9">
<circle cx="${half}" cy="${size * 0.4}" r="${size * 0.17}"/>
<ellipse cx="${half}" cy="${size * 0.95}" rx="${size * 0.33}" ry="${size * 0.27}"/>
</g>
</svg>`;
}

interface Job {
  image: Omit<DemoImage, 'url'>;
  svg: string;
}

function jobs(): Job[] {
  const list: Job[] = [];
  const add = (kind: DemoImage['kind'], path: string, size: { width: number; height: number }, text: string, svg: string) =>
    list.push({ image: { kind, path, width: size.width, height: size.height, text }, svg });
  for (const video of SEED_VIDEOS) {
    const labels = labelsOf(video);
    const { poster, cover } = DEMO_IMAGE_SIZES;
    add('poster', demoPosterPath(video.mediaKey), poster, video.title, posterSvg(video.mediaKey, video.category, video.title, labels, poster.width, poster.height));
    add('cover', demoCoverPath(video.mediaKey), cover, video.title, coverSvg(video.mediaKey, video.category, video.title, labels, cover.width, cover.height));
  }
  for (const ad of [...SEED_START_ADS, ...SEED_PLAY_ADS]) {
    const text = AD_TEXTS[ad.key];
    if (text === undefined) throw new Error(`no words for the ad ${ad.key}`);
    const position = 'position' in ad ? ad.position : 'kaiping';
    const size = position === 'kaiping' ? DEMO_IMAGE_SIZES.startAd : position === 'danmu' ? DEMO_IMAGE_SIZES.barrageAd : DEMO_IMAGE_SIZES.playAd;
    const labels = { badge: text.badge, subtitle: text.subtitle };
    const svg = size.height > size.width
      ? posterSvg(ad.key, 'ad', text.title, labels, size.width, size.height, position === 'kaiping' ? Math.round(size.width * 0.12) : 0)
      : size.height === size.width
        ? posterSvg(ad.key, 'ad', text.title, { badge: '', subtitle: text.subtitle }, size.width, size.height)
        : coverSvg(ad.key, 'ad', text.title, labels, size.width, size.height);
    add('ad', demoAdPath(ad.key), size, `${text.title} ${text.subtitle}`, svg);
  }
  DEMO_POSTS.forEach((_, index) => {
    const text = POST_TEXTS[index] ?? '';
    const { post } = DEMO_IMAGE_SIZES;
    add('post', demoPostCoverPath(index + 1), post, text, posterSvg(`post-${index + 1}`, 'life', text, { badge: '', subtitle: '' }, post.width, post.height));
  });
  for (const [name, text] of Object.entries(HELP_TEXTS)) {
    const { help } = DEMO_IMAGE_SIZES;
    add('help', demoHelpImagePath(name), help, `${text.title} ${text.subtitle}`,
      coverSvg(`help-${name}`, 'ad', text.title, { badge: '示意图', subtitle: text.subtitle }, help.width, help.height));
  }
  for (const number of [1, 2, 3]) {
    const { avatar } = DEMO_IMAGE_SIZES;
    add('avatar', `demo/avatar-${number}.png`, avatar, '', avatarSvg(number, avatar.width));
  }
  return list;
}

async function main(): Promise<void> {
  const fonts = execFileSync('fc-list', [`:family=${FONT}`], { encoding: 'utf8' });
  if (fonts.trim() === '') throw new Error(`the font "${FONT}" is missing: apt-get install -y fonts-noto-cjk`);
  await rm(DEMO_IMAGES_DIR, { recursive: true, force: true });
  const all = jobs();
  let bytes = 0;
  for (const { image, svg } of all) {
    const file = join(DEMO_IMAGES_DIR, image.path);
    await mkdir(dirname(file), { recursive: true });
    const pipeline = sharp(Buffer.from(svg));
    await (image.path.endsWith('.png') ? pipeline.png({ compressionLevel: 9, palette: true }) : pipeline.flatten({ background: '#000' }).jpeg({ quality: 72, progressive: true, mozjpeg: true })).toFile(file);
    bytes += (await stat(file)).size;
  }
  await writeFile(DEMO_IMAGES_MANIFEST, `${JSON.stringify({ font: FONT, images: all.map(({ image }) => image) }, null, 1)}\n`);
  console.log(`made ${all.length} pictures under ${DEMO_IMAGES_DIR} (${(bytes / 1024 / 1024).toFixed(2)} MB)`);
}

await main();
