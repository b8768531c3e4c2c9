/**
 * Barrages: 1,000 flying at once at a phone viewport (390×844, device pixel ratio 2) in headless Chromium, drawn
 * by the app's canvas renderer and, for comparison, as 1,000 absolutely positioned DOM elements moved by
 * transforms. Both follow the same stream of barrages on the same clock; each runs about 5 s and reports the
 * requestAnimationFrame frames per second. Figures, not pass/fail.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launchChromium } from '../test/e2e/support/chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VIEWPORT = { width: 390, height: 844 };
const RUN_MS = 5_000;

/** The page's code: the stream, the canvas run (the app's renderer) and the DOM run. */
const PAGE_ENTRY = `
import { CanvasBarrageRenderer } from './src/ui/barrage/canvas-barrage-renderer.ts';
import { BarrageTimeline } from './src/core/playback/barrage-rules.ts';
import { DEFAULT_BARRAGE_CONFIG } from './src/core/playback/barrage-config.ts';
import { chooseLane, fontPx, laneCount, laneFreeAt, lineHeightPx, speedPxPerSec } from './src/core/playback/barrage-layout.ts';

const PHRASES = ['前排占座', '画面好美', '这里好燃', '哈哈哈哈哈', '太好看了吧', '名场面来了', '演技炸裂', '配乐绝了', '泪目了', '弹幕护体',
  '第一次看', '二刷打卡', '这个镜头厉害', 'awsl', '导演yyds', '笑死我了', '前方高能', '高能预警！', '好有质感', '这段看了十遍'];
/** About 4,000 barrages over 12 s: with ~3.4 s on screen each, the screen holds its capacity of 1,000 throughout. */
function stream() {
  const list = [];
  for (let i = 0; i < 4000; i++) list.push({ id: i + 1, time: (i * 12) / 4000, content: PHRASES[i % PHRASES.length] + (i % 97), uid: 1 + (i % 50) });
  return list;
}
const START_MEDIA = 4;

function clock() {
  const t0 = performance.now();
  return {
    currentTime: () => START_MEDIA + (performance.now() - t0) / 1000,
    paused: () => false,
    playbackRate: () => 1,
    on: () => () => undefined,
  };
}

function countFrames(ms, onFrame) {
  return new Promise((resolve) => {
    let frames = 0;
    let onScreen = 0;
    const start = performance.now();
    const tick = (now) => {
      frames += 1;
      onScreen += onFrame();
      if (now - start < ms) requestAnimationFrame(tick);
      else resolve({ fps: (frames * 1000) / (now - start), onScreen: onScreen / frames });
    };
    requestAnimationFrame(tick);
  });
}

window.runCanvas = async (ms) => {
  const stage = document.getElementById('stage');
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%';
  stage.appendChild(canvas);
  const renderer = new CanvasBarrageRenderer(canvas, { onFlyingChange: () => undefined });
  renderer.resize(stage.clientWidth, stage.clientHeight);
  renderer.setSource(new BarrageTimeline(stream()));
  renderer.setPlayer(clock());
  const result = await countFrames(ms, () => renderer.flyingCount());
  renderer.dispose();
  canvas.remove();
  return result;
};

window.runDom = async (ms) => {
  const stage = document.getElementById('stage');
  const width = stage.clientWidth;
  const size = DEFAULT_BARRAGE_CONFIG.size;
  const line = lineHeightPx(size);
  const speed = speedPxPerSec(DEFAULT_BARRAGE_CONFIG.speed);
  const lanes = laneCount(stage.clientHeight, DEFAULT_BARRAGE_CONFIG.area, line);
  const free = new Float64Array(lanes).fill(-Infinity);
  const timeline = new BarrageTimeline(stream());
  const pool = [];
  const flying = [];
  // Widths from canvas text metrics (cached), so the DOM run never forces a layout in its frame loop.
  const metrics = document.createElement('canvas').getContext('2d');
  metrics.font = '500 ' + fontPx(size) + 'px sans-serif';
  const widths = new Map();
  const measure = (text) => {
    let w = widths.get(text);
    if (w === undefined) widths.set(text, (w = Math.ceil(metrics.measureText(text).width) + 4));
    return w;
  };
  const admit = (item, start) => {
    if (flying.length >= 1000) pool.push(flying.shift().el);
    const el = pool.pop() || stage.appendChild(document.createElement('div'));
    el.className = 'dom-barrage';
    el.textContent = item.content;
    const w = measure(item.content);
    const lane = chooseLane(free, lanes, start);
    free[lane] = Math.max(free[lane], laneFreeAt(start, w, speed));
    el.style.top = lane * line + 'px';
    flying.push({ el, start, w });
  };
  const player = clock();
  let last = player.currentTime() - width / speed;
  const result = await countFrames(ms, () => {
    const now = player.currentTime();
    for (let i = timeline.firstAfter(last); ; i++) {
      const item = timeline.at(i);
      if (!item || item.time > now) break;
      admit(item, item.time);
    }
    last = now;
    let write = 0;
    for (const f of flying) {
      const x = width - (now - f.start) * speed;
      if (x + f.w < 0) {
        f.el.style.transform = 'translate3d(-9999px,0,0)';
        pool.push(f.el);
        continue;
      }
      f.el.style.transform = 'translate3d(' + x.toFixed(1) + 'px,0,0)';
      flying[write++] = f;
    }
    flying.length = write;
    return flying.length;
  });
  stage.replaceChildren();
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

const PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; background: #000; }
  #stage { position: relative; width: 100vw; height: 100vh; overflow: hidden; }
  .dom-barrage { position: absolute; left: 0; white-space: nowrap; color: #fff; font: 500 ${18}px sans-serif; line-height: 27px;
    text-shadow: 0 0 2px #000, 0 0 2px #000; will-change: transform; }
</style></head><body><div id="stage"></div></body></html>`;

export async function benchBarrages(): Promise<void> {
  const script = await pageScript();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.setContent(PAGE_HTML);
    await page.addScriptTag({ content: script });
    const show = (name: string, r: { fps: number; onScreen: number }) =>
      console.log(`barrages, ${name}: ${r.fps.toFixed(1)} fps with ${Math.round(r.onScreen)} on screen (390×844 @2x, ${RUN_MS / 1000} s, headless Chromium)`);
    const canvas = (await page.evaluate((ms) => (window as unknown as { runCanvas(ms: number): Promise<{ fps: number; onScreen: number }> }).runCanvas(ms), RUN_MS));
    show('canvas renderer', canvas);
    const dom = (await page.evaluate((ms) => (window as unknown as { runDom(ms: number): Promise<{ fps: number; onScreen: number }> }).runDom(ms), RUN_MS));
    show('DOM + transforms ', dom);
  } finally {
    await browser.close();
  }
}

const isEntryPoint = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntryPoint) await benchBarrages();
