/**
 * Barrages: the app's canvas renderer beside the `danmaku` package's canvas engine and its DOM engine, in one
 * headless Chromium run, on a phone player (390×219 CSS px, device pixel ratio 3, a phone user agent), at 200 and
 * at 1,000 barrages on screen, each with no throttling and with the CPU slowed 4× (CDP
 * Emulation.setCPUThrottlingRate). Every engine follows the same stream of barrages on the same media clock; each
 * warms up for one barrage lifetime (danmaku starts with an empty screen) and is then timed for RUN_MS. A line
 * gives, for one figure and one peer, this app's frames per second, the peer's and their ratio (app / peer), and
 * how many barrages each had on screen on average: the stream's rate is set so that the app and the peers hold
 * about the figure (danmaku's speed is set so that its barrages stay on screen as long as the app's do, on
 * average), and the counts are printed so the comparison can be checked. The stream is a mix as a busy episode has
 * it: one barrage in ten pinned at the top, one in ten at the bottom (the app pins them 4 s, danmaku one scrolling
 * lifetime), the rest scrolling, in six colours, for every engine. Figures, not pass/fail.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launchChromium } from '../test/e2e/support/chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLAYER = { width: 390, height: 219 };
const DPR = 3;
const RUN_MS = 4_000;
const COUNTS = [200, 1000] as const;
const THROTTLES = [1, 4] as const;
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The page's code: the stream, the app run and the danmaku runs. */
const PAGE_ENTRY = `
import Danmaku from 'danmaku';
import { CanvasBarrageRenderer } from './src/ui/barrage/canvas-barrage-renderer.ts';
import { BarrageTimeline } from './src/core/playback/barrage-rules.ts';
import { DEFAULT_BARRAGE_CONFIG } from './src/core/playback/barrage-config.ts';
import { fontPx, speedPxPerSec } from './src/core/playback/barrage-layout.ts';

const FONT_FAMILY = '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';
const FONT = '500 ' + fontPx(DEFAULT_BARRAGE_CONFIG.size) + 'px ' + FONT_FAMILY;
const SPEED = speedPxPerSec(DEFAULT_BARRAGE_CONFIG.speed);
const PHRASES = ['前排占座', '画面好美', '这里好燃', '哈哈哈哈哈', '太好看了吧', '名场面来了', '演技炸裂', '配乐绝了', '泪目了', '弹幕护体',
  '第一次看', '二刷打卡', '这个镜头厉害', 'awsl', '导演yyds', '笑死我了', '前方高能', '高能预警！', '好有质感', '这段看了十遍'];
const text = (i) => PHRASES[i % PHRASES.length] + (i % 97);
/** The mix: one barrage in ten pinned at the top, one in ten at the bottom, the rest scrolling; six colours. */
const modeOf = (i) => (i % 10 === 0 ? 'top' : i % 10 === 5 ? 'bottom' : 'scroll');
const COLORS = ['#FFFFFF', '#FE0302', '#FFD302', '#00CD00', '#00A2FF', '#CC0273'];
const colorOf = (i) => COLORS[i % COLORS.length];

/** Seconds a barrage stays on the app's screen, on average over the stream's texts: (width of the player + its own) / speed. */
function meanLifetime(width) {
  const context = document.createElement('canvas').getContext('2d');
  context.font = FONT;
  let sum = 0;
  for (let i = 0; i < 1940; i++) sum += Math.ceil(context.measureText(text(i)).width + 6);
  return (width + sum / 1940) / SPEED;
}

/** The stream: evenly spaced barrages whose rate keeps about \`count\` on screen, over \`seconds\` of media time. */
function stream(count, lifetime, seconds) {
  const rate = count / lifetime;
  const list = [];
  for (let i = 0; i < rate * seconds; i++) list.push({ time: i / rate, text: text(i), mode: modeOf(i), color: colorOf(i) });
  return list;
}

/** A media clock that starts at 0 now (danmaku reads it as a media element's currentTime). */
function mediaClock() {
  const t0 = performance.now();
  return {
    get currentTime() { return (performance.now() - t0) / 1000; },
    playbackRate: 1,
    paused: false,
    addEventListener() {},
    removeEventListener() {},
  };
}

/** Waits warmMs, then counts animation frames (intervals between them) and the mean count on screen for ms. */
function measure(warmMs, ms, onScreen) {
  return new Promise((resolve) => {
    const started = performance.now();
    let start = -1;
    let frames = 0;
    let shown = 0;
    // performance.now, not the frame's timestamp: under throttling that can lag the wall clock.
    const tick = () => {
      const now = performance.now();
      if (start < 0) {
        if (now - started >= warmMs) start = now;
        requestAnimationFrame(tick);
        return;
      }
      frames += 1;
      shown += onScreen();
      // At least a few frames, so that a very slow engine gets a figure too (up to 4× the time).
      if (now - start < ms || (frames < 4 && now - start < ms * 4)) requestAnimationFrame(tick);
      else resolve({ fps: ((frames - 1) * 1000) / (now - start), onScreen: shown / frames });
    };
    requestAnimationFrame(tick);
  });
}

function stage() {
  const el = document.getElementById('stage');
  el.replaceChildren();
  return el;
}

window.runApp = async (count, ms) => {
  const el = stage();
  const lifetime = meanLifetime(el.clientWidth);
  const list = stream(count, lifetime, lifetime + (ms / 1000) * 4 + 10).map((b, i) => ({ id: i + 1, time: b.time, content: b.text, uid: 1 + (i % 50), mode: b.mode, color: b.color }));
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%';
  el.appendChild(canvas);
  const renderer = new CanvasBarrageRenderer(canvas, { onFlyingChange: () => undefined });
  renderer.resize(el.clientWidth, el.clientHeight);
  renderer.setSource(new BarrageTimeline(list));
  const media = mediaClock();
  renderer.setPlayer({ currentTime: () => media.currentTime, paused: () => false, playbackRate: () => 1, on: () => () => undefined });
  const result = await measure(lifetime * 1000 + 300, ms, () => renderer.flyingCount());
  renderer.dispose();
  canvas.remove();
  return result;
};

window.runDanmaku = async (engine, count, ms) => {
  const el = stage();
  const lifetime = meanLifetime(el.clientWidth);
  const style = (color) => engine === 'canvas'
    ? { font: FONT, fillStyle: color, strokeStyle: 'rgba(0, 0, 0, 0.75)', lineWidth: 3, lineJoin: 'round', textBaseline: 'bottom' }
    : { font: FONT, color, textShadow: '-1px -1px #000, -1px 1px #000, 1px -1px #000, 1px 1px #000' };
  // The same mix: danmaku's modes are rtl (scrolling), top and bottom; its colours are the style's.
  const comments = stream(count, lifetime, lifetime + (ms / 1000) * 4 + 10).map((b) => ({ text: b.text, time: b.time, mode: b.mode === 'scroll' ? 'rtl' : b.mode, style: style(b.color) }));
  // danmaku keeps a barrage for width / speed seconds: that speed makes it the app's mean lifetime.
  const danmaku = new Danmaku({ container: el, media: mediaClock(), comments, engine, speed: el.clientWidth / lifetime });
  const result = await measure(lifetime * 1000 + 300, ms, () => danmaku._.runningList.length);
  danmaku.destroy();
  return result;
};
`;

async function pageScript(): Promise<string> {
  const result = await build({
    stdin: { contents: PAGE_ENTRY, resolveDir: root, loader: 'ts', sourcefile: 'barrage-bench-page.ts' },
    absWorkingDir: root,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome100'],
    write: false,
    minify: true,
    logLevel: 'warning',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('barrage bench: no bundle');
  return file.text;
}

const PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>
  body { margin: 0; background: #000; }
  #stage { position: relative; width: ${PLAYER.width}px; height: ${PLAYER.height}px; overflow: hidden; background: #123; }
</style></head><body><div id="stage"></div></body></html>`;

interface Run {
  fps: number;
  onScreen: number;
}

type Engine = 'app' | 'canvas' | 'dom';

export async function benchBarrages(): Promise<void> {
  const script = await pageScript();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      viewport: { width: PLAYER.width, height: 844 },
      deviceScaleFactor: DPR,
      isMobile: true,
      hasTouch: true,
      userAgent: PHONE_UA,
    });
    const page = await context.newPage();
    const cdp = await page.context().newCDPSession(page);
    await page.setContent(PAGE_HTML);
    await page.addScriptTag({ content: script });
    const run = async (engine: Engine, count: number, throttle: number): Promise<Run> => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      try {
        if (engine === 'app') {
          return await page.evaluate(([n, ms]) => (window as unknown as { runApp(n: number, ms: number): Promise<Run> }).runApp(n, ms), [count, RUN_MS] as const);
        }
        return await page.evaluate(
          ([e, n, ms]) => (window as unknown as { runDanmaku(e: string, n: number, ms: number): Promise<Run> }).runDanmaku(e, n, ms),
          [engine, count, RUN_MS] as const,
        );
      } finally {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
    };
    console.log(
      `barrages: the app's canvas renderer beside the danmaku package's engines (${PLAYER.width}×${PLAYER.height} player at DPR ${DPR}, phone UA, ` +
        `headless Chromium, ${RUN_MS / 1000} s timed per run after one barrage lifetime of warm-up; same stream and lifetime for all, ` +
        `80% scrolling, 10% top, 10% bottom, in 6 colours; ratio = app / peer)`,
    );
    const fmt = (r: Run) => `${r.fps.toFixed(r.fps < 1 ? 2 : 1)} fps (${Math.round(r.onScreen)} on screen)`;
    for (const count of COUNTS) {
      for (const throttle of THROTTLES) {
        const app = await run('app', count, throttle);
        const figure = `${count.toLocaleString('en')} barrages, ${throttle === 1 ? 'no throttling' : `CPU ${throttle}× slower`}`;
        for (const [engine, name] of [['canvas', 'danmaku canvas engine'], ['dom', 'danmaku DOM engine']] as const) {
          const peer = await run(engine, count, throttle);
          console.log(`  ${figure}, vs ${name}: this app ${fmt(app)}, peer ${fmt(peer)}, ratio ${(app.fps / peer.fps).toFixed(2)}×`);
        }
      }
    }
  } finally {
    await browser.close();
  }
}

const isEntryPoint = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntryPoint) await benchBarrages();
