import { LIVE_CATEGORY } from '../../src/core/playback/playback-protocol.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { Database, Queryable } from '../db/database.ts';
import { DEMO_CLIP_SECONDS } from '../db/seed.ts';
import { DEMO_AVATAR_URLS, demoCoverUrl, demoPosterUrl } from '../media/demo-images.ts';

/** The channels: long-form categories first (home), then the short-video channels. */
const CATEGORIES: readonly { key: string; name: string; kind: 'long' | 'short' }[] = [
  { key: 'movie', name: '电影', kind: 'long' },
  { key: 'drama', name: '电视剧', kind: 'long' },
  { key: 'variety', name: '综艺', kind: 'long' },
  { key: 'anime', name: '动漫', kind: 'long' },
  { key: 'sport', name: '体育', kind: 'long' },
  { key: 'documentary', name: '纪录片', kind: 'long' },
  { key: 'music', name: '音乐', kind: 'long' },
  { key: 'tvlive', name: '直播', kind: 'long' },
  { key: 'chinese', name: '国风', kind: 'short' },
  { key: 'games', name: '游戏', kind: 'short' },
  { key: 'news', name: '资讯', kind: 'short' },
  { key: 'yule', name: '娱乐', kind: 'short' },
  { key: 'life', name: '生活', kind: 'short' },
  { key: 'fashion', name: '时尚', kind: 'short' },
  { key: 'tech', name: '科技', kind: 'short' },
];

/** Sub-channels (the subID of /miniVideoChannel) of the short-video channels and music. */
export const SUBCHANNELS: Readonly<Record<string, readonly string[]>> = {
  chinese: ['汉服', '国乐', '非遗'],
  games: ['手游', '端游', '电竞'],
  news: ['国内', '国际', '财经'],
  yule: ['明星', '影视', '搞笑'],
  life: ['美食', '旅行', '萌宠'],
  music: ['流行', '古典', '现场'],
  fashion: ['穿搭', '美妆', '潮流'],
  tech: ['数码', '评测', '科普'],
};

/** Demo uploaders (accounts that cannot log in: their password hash matches nothing). */
export const DEMO_UPLOADERS = [
  { userName: 'up_xiaoyu', nickName: '小鱼影视', level: 6, sex: 0, introduce: '每天分享好看的短片和幕后花絮', bigV: true },
  { userName: 'up_laozhou', nickName: '老周玩游戏', level: 4, sex: 1, introduce: '硬核游戏实况，欢迎关注', bigV: false },
] as const;

type Row = readonly [title: string, year: number, area: string, tags: string, description: string];

const MOVIES: readonly Row[] = [
  ['长河落日', 2023, '中国大陆', '剧情,历史', '大漠孤烟中的一段守边往事。'],
  ['星海迷航', 2024, '中国大陆', '科幻,冒险', '一支科考队在深空中寻找归途。'],
  ['南城旧事', 2021, '中国大陆', '剧情,家庭', '老城区三代人的悲欢离合。'],
  ['追风少年', 2022, '中国香港', '动作,青春', '赛车少年的热血成长。'],
  ['雾都疑案', 2023, '中国大陆', '悬疑,犯罪', '一场大雾掩盖了真相。'],
  ['山海之间', 2020, '中国大陆', '冒险,奇幻', '少女踏上寻找神兽的旅程。'],
  ['午夜列车', 2022, '韩国', '惊悚', '末班车上的乘客各怀心事。'],
  ['青春派对', 2019, '中国台湾', '喜剧,青春', '毕业前夜的一场荒唐派对。'],
  ['金色麦田', 2021, '中国大陆', '剧情,农村', '返乡青年带领村民种出好日子。'],
  ['无声告白', 2023, '中国大陆', '爱情', '一封迟到十年的信。'],
  ['极地救援', 2024, '美国', '灾难,动作', '冰原上的生死营救。'],
  ['江湖夜雨', 2018, '中国香港', '武侠', '十年灯下，江湖再会。'],
  ['时间的答案', 2022, '中国大陆', '科幻,爱情', '能回到过去的人只有一次机会。'],
  ['猫咪侦探社', 2023, '日本', '喜剧,悬疑', '一只猫和它的主人破解小镇谜案。'],
  ['破晓行动', 2024, '中国大陆', '动作,警匪', '缉毒警察的卧底生涯。'],
  ['城南花已开', 2021, '中国大陆', '爱情,剧情', '花店老板与邮差的故事。'],
  ['深海浮城', 2023, '中国大陆', '科幻', '海底城市的最后一天。'],
  ['小镇医生', 2020, '中国大陆', '剧情', '山区医生坚守三十年。'],
  ['夏日终曲', 2022, '法国', '爱情,文艺', '一个夏天的告别。'],
  ['风起长安', 2023, '中国大陆', '古装,动作', '盛唐长安城里的一场风暴。'],
  ['零号档案', 2024, '中国大陆', '悬疑', '被封存的档案重新被打开。'],
  ['归途如虹', 2019, '中国大陆', '剧情,公路', '父子二人的千里归乡路。'],
  ['熊猫大侠', 2021, '中国大陆', '动画,喜剧', '一只熊猫误入武林大会。'],
  ['逆光飞翔', 2020, '中国台湾', '剧情,音乐', '失明钢琴少年追逐梦想。'],
  ['天际线', 2023, '美国', '动作,科幻', '高空之城的守护者。'],
  ['最后的守林人', 2022, '中国大陆', '纪实,剧情', '林场关停前的最后一个冬天。'],
];
const DRAMAS: readonly Row[] = [
  ['繁花似锦', 2024, '中国大陆', '都市,爱情', '上海弄堂里的奋斗故事。'],
  ['大宋提刑官', 2023, '中国大陆', '古装,悬疑', '提刑官巡案断奇冤。'],
  ['人间烟火', 2022, '中国大陆', '家庭,生活', '一家小面馆里的人生百态。'],
  ['仙剑奇缘', 2024, '中国大陆', '仙侠,爱情', '少年侠客与狐仙的三生之约。'],
  ['急诊室的故事', 2021, '中国大陆', '医疗,剧情', '急诊科医生的日与夜。'],
  ['我的老师', 2023, '中国大陆', '青春,校园', '支教老师和孩子们的一年。'],
  ['谍影重重', 2022, '中国大陆', '谍战', '民国上海的无声较量。'],
  ['咖啡恋人', 2024, '韩国', '爱情,都市', '咖啡师与作家的相遇。'],
];
const VARIETY: readonly Row[] = [
  ['奔跑吧兄弟', 2024, '中国大陆', '真人秀,竞技', '明星团队的城市挑战。'],
  ['中国好声音', 2023, '中国大陆', '音乐,选秀', '导师转身，寻找好声音。'],
  ['向往的生活', 2024, '中国大陆', '慢综艺,生活', '蘑菇屋里的田园时光。'],
  ['脱口秀大会', 2023, '中国大陆', '喜剧,脱口秀', '普通人的脱口秀舞台。'],
  ['极限挑战', 2022, '中国大陆', '真人秀', '六位男人的极限任务。'],
];
const ANIME: readonly Row[] = [
  ['灵笼', 2023, '中国大陆', '科幻,热血', '末世灯塔中的人类余烬。'],
  ['雾山五行', 2022, '中国大陆', '玄幻,战斗', '五行之力守护人间。'],
  ['时光代理人', 2024, '中国大陆', '悬疑,奇幻', '照片里的过去可以改变吗。'],
  ['小猪佩奇', 2020, '英国', '亲子,益智', '佩奇一家的快乐日常。'],
  ['天官赐福', 2023, '中国大陆', '古风,奇幻', '仙乐太子第三次飞升。'],
];
const SPORT: readonly Row[] = [
  ['CBA总决赛 第五场', 2024, '中国大陆', '篮球,CBA', '总决赛生死战全场回放。'],
  ['中超联赛 第12轮', 2024, '中国大陆', '足球,中超', '北京国安主场迎战上海海港。'],
  ['乒乓球世锦赛男单决赛', 2023, '中国大陆', '乒乓球', '国乒包揽冠亚军。'],
  ['马拉松精彩集锦', 2024, '中国大陆', '田径,马拉松', '城市马拉松冲线瞬间。'],
];
const DOCUMENTARIES: readonly Row[] = [
  ['舌尖上的中国', 2022, '中国大陆', '美食,人文', '中国各地的美食与人情。'],
  ['航拍中国', 2023, '中国大陆', '自然,地理', '从空中看中国的山河。'],
  ['我在故宫修文物', 2021, '中国大陆', '人文,历史', '文物修复师的日常。'],
  ['地球脉动', 2020, '英国', '自然', '地球上最壮观的自然景象。'],
];
const MUSIC: readonly Row[] = [
  ['夜空中最亮的星 现场版', 2023, '中国大陆', '现场,流行', '万人合唱的演唱会现场。'],
  ['琵琶行 古风新唱', 2024, '中国大陆', '古典,国风', '千年诗篇的新旋律。'],
  ['夏夜民谣会', 2023, '中国大陆', '民谣,现场', '草地上的吉他与歌声。'],
  ['交响乐团新年音乐会', 2024, '中国大陆', '古典,交响', '新年钟声前的乐章。'],
];
const TVLIVE: readonly Row[] = [
  ['CCTV-1 综合', 2024, '中国大陆', '央视,直播', '中央电视台综合频道直播。'],
  ['湖南卫视', 2024, '中国大陆', '卫视,直播', '湖南卫视直播。'],
  ['体育频道直播', 2024, '中国大陆', '体育,直播', '体育赛事全天直播。'],
];
const CHINESE: readonly Row[] = [
  ['一袭汉服游西湖', 2024, '中国大陆', '汉服,国风', '春日西湖边的汉服游园。'],
  ['古筝版《青花瓷》', 2024, '中国大陆', '国乐,古筝', '一曲古筝弹尽江南烟雨。'],
  ['非遗剪纸的一天', 2023, '中国大陆', '非遗,手艺', '剪纸传承人的工作日常。'],
];
const GAMES: readonly Row[] = [
  ['王者荣耀五杀集锦', 2024, '中国大陆', '手游,集锦', '一波五杀逆转战局。'],
  ['黑神话通关实况', 2024, '中国大陆', '端游,实况', '全流程无伤挑战。'],
  ['英雄联盟全球总决赛', 2023, '中国大陆', '电竞,赛事', '决胜局精彩回放。'],
  ['原神新地图探索', 2024, '中国大陆', '手游,攻略', '新区域宝箱全收集。'],
];
const NEWS: readonly Row[] = [
  ['今日要闻速览', 2024, '中国大陆', '国内,新闻', '三分钟看完今天的大事。'],
  ['国际局势观察', 2024, '中国大陆', '国际,评论', '本周国际热点解读。'],
  ['财经早班车', 2024, '中国大陆', '财经,股市', '开盘前的市场提示。'],
];
const YULE: readonly Row[] = [
  ['明星红毯花絮', 2024, '中国大陆', '明星,花絮', '电影节红毯幕后。'],
  ['新片预告抢先看', 2024, '中国大陆', '影视,预告', '下月上映新片预告合集。'],
  ['爆笑配音合集', 2023, '中国大陆', '搞笑,配音', '方言配音笑到停不下来。'],
];
const LIFE: readonly Row[] = [
  ['十分钟学会红烧肉', 2024, '中国大陆', '美食,教程', '软糯不腻的家常做法。'],
  ['大理旅行日记', 2024, '中国大陆', '旅行,Vlog', '洱海边的慢生活。'],
  ['橘猫的一天', 2023, '中国大陆', '萌宠,日常', '吃了睡睡了吃。'],
];
const FASHION: readonly Row[] = [
  ['秋冬通勤穿搭', 2024, '中国大陆', '穿搭,通勤', '一周不重样的通勤搭配。'],
  ['新手化妆教程', 2024, '中国大陆', '美妆,教程', '五分钟出门妆。'],
];
const TECH: readonly Row[] = [
  ['新款手机深度评测', 2024, '中国大陆', '数码,评测', '影像、续航、性能全测试。'],
  ['量子计算机是什么', 2024, '中国大陆', '科普', '五分钟看懂量子计算。'],
  ['桌面改造计划', 2023, '中国大陆', '数码,桌搭', '打造高效工作台。'],
];

const SEED: readonly [string, readonly Row[]][] = [
  ['movie', MOVIES], ['drama', DRAMAS], ['variety', VARIETY], ['anime', ANIME], ['sport', SPORT],
  ['documentary', DOCUMENTARIES], ['music', MUSIC], ['tvlive', TVLIVE], ['chinese', CHINESE], ['games', GAMES],
  ['news', NEWS], ['yule', YULE], ['life', LIFE], ['fashion', FASHION], ['tech', TECH],
];

const HOUR_MS = 60 * 60 * 1000;

/** The language a video of an area speaks (the filter's 语言): Hong Kong's films speak Cantonese, Taiwan's Mandarin. */
const AREA_LANGUAGES: Readonly<Record<string, string>> = {
  中国大陆: '国语', 中国香港: '粤语', 中国台湾: '国语', 韩国: '韩语', 日本: '日语', 美国: '英语', 英国: '英语', 法国: '法语',
};
/** Videos with no words to hear (instrumental music): 其他. */
const WORDLESS = new Set(['古筝版《青花瓷》', '交响乐团新年音乐会']);

/** A seeded video's language: 其他 for the wordless ones, else its area's. */
const seedLanguage = (title: string, area: string): string => (WORDLESS.has(title) ? '其他' : (AREA_LANGUAGES[area] ?? '其他'));

/** A seeded video's media key: `<category>-<nn>`. */
const seedMediaKey = (category: string, index: number): string => `${category}-${String(index + 1).padStart(2, '0')}`;

export interface SeedVideo {
  mediaKey: string;
  title: string;
  category: string;
  /** Index inside its category. */
  index: number;
  /** A short-video channel's or music's video (plays the MP4). */
  short: boolean;
  year: number;
  area: string;
  language: string;
  tags: string;
}

const isShort = (category: string): boolean => CATEGORIES.find((c) => c.key === category)?.kind === 'short' || category === 'music';

/** Every seeded video in seed order (the demo pictures are drawn from this list: scripts/make-demo-images.ts). */
export const SEED_VIDEOS: readonly SeedVideo[] = SEED.flatMap(([category, rows]) =>
  rows.map(([title, year, area, tags], index) => ({
    mediaKey: seedMediaKey(category, index), title, category, index, short: isShort(category), year, area, language: seedLanguage(title, area), tags,
  })),
);

async function ensureUploaders(db: Queryable): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, up] of DEMO_UPLOADERS.entries()) {
    await db.query(
      `INSERT INTO users (user_name, password_hash, nick_name, avatar) VALUES ($1, '!', $2, $3) ON CONFLICT DO NOTHING`,
      [up.userName, up.nickName, DEMO_AVATAR_URLS[(index + 1) % DEMO_AVATAR_URLS.length]],
    );
    const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(user_name) = lower($1)', [up.userName]);
    const id = rows[0]?.id;
    if (id === undefined) continue;
    await db.query(
      `INSERT INTO user_profiles (user_id, level, sex, introduce, big_v) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO NOTHING`,
      [id, up.level, up.sex, up.introduce, up.bigV],
    );
    ids.push(id);
  }
  return ids;
}

/**
 * Seeds the channels, sub-channels, two demo uploaders and about 80 videos, each with its own cover and poster (its
 * title drawn on them), the real length of the clip it plays and its language. Idempotent: existing rows (by key,
 * user name or media key) are left alone, except that videos still on the old shared demo pictures get their own
 * pictures and real lengths, and videos seeded before languages get theirs. Update times are spread back from now, so the
 * list shows 刚刚, N小时前, N天前 and dates.
 */
export async function seedCatalogue(db: Database, clock: Clock = systemClock): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [sort, category] of CATEGORIES.entries()) {
      await tx.query('INSERT INTO catalogue_categories (key, name, kind, sort) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING', [
        category.key, category.name, category.kind, sort,
      ]);
    }
    for (const [category, names] of Object.entries(SUBCHANNELS)) {
      for (const [index, name] of names.entries()) {
        await tx.query('INSERT INTO catalogue_subchannels (category, sub_id, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [category, index + 1, name]);
      }
    }
    const uploaders = await ensureUploaders(tx);
    const now = clock.now();
    let n = 0;
    let shortN = 0;
    for (const [category, rows] of SEED) {
      const short = CATEGORIES.find((c) => c.key === category)?.kind === 'short' || category === 'music';
      for (const [index, [title, year, area, tags, description]] of rows.entries()) {
        n += 1;
        // What plays is a demo clip (a live channel has no length): the list shows its real length.
        const duration = category === LIVE_CATEGORY ? 0 : DEMO_CLIP_SECONDS;
        // Varied counts: some in the hundreds, many over 10000 (shown in 万).
        const big = ((n * 7919) % 97) * ((n % 3) + 1) * 4321 + ((n * 131) % 900);
        const plays = n % 7 === 0 ? big % 9000 : big;
        const score = 60 + ((n * 17) % 39);
        // Spread back from now: the first ones minutes ago, then hours, days and weeks.
        // Short videos (the newest works of discovery) are all from the last few days.
        if (short) shortN += 1;
        const ageMs = short ? shortN * 3 * HOUR_MS + 20 * 60 * 1000 : n < 4 ? n * 10 * 60 * 1000 : n < 20 ? (n - 3) * 5 * HOUR_MS : (n - 15) * 26 * HOUR_MS;
        const uploader = short && uploaders.length > 0 ? uploaders[n % uploaders.length] : null;
        await tx.query(
          `INSERT INTO videos (media_key, title, category, sub_id, cover, poster, duration_seconds, play_count, score_tenths,
             year, area, tags, description, updated_at, uploader_uid, language)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
           ON CONFLICT (media_key) DO UPDATE SET cover = EXCLUDED.cover, poster = EXCLUDED.poster, duration_seconds = EXCLUDED.duration_seconds
           WHERE videos.cover ~ '^/media/demo/cover-[0-9]+[.]jpg$'`,
          [
            seedMediaKey(category, index), title, category, short ? (index % 3) + 1 : 0,
            demoCoverUrl(seedMediaKey(category, index)), demoPosterUrl(seedMediaKey(category, index)),
            duration, plays, score, year, area, tags, description, new Date(now - ageMs), uploader, seedLanguage(title, area),
          ],
        );
        await tx.query("UPDATE videos SET language = $2 WHERE media_key = $1 AND language = ''", [seedMediaKey(category, index), seedLanguage(title, area)]);
      }
    }
  });
}
