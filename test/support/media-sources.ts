import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { findMediaTools, runTool, type MediaTools } from '../../server/transcode/media-tools.ts';

/** The ffmpeg and ffprobe the tests run (FFMPEG_PATH/FFPROBE_PATH, the npm packages or the PATH); throws when none works. */
export async function testMediaTools(): Promise<MediaTools> {
  const tools = await findMediaTools(process.env);
  if (tools === null) {
    throw new Error(
      'No working ffmpeg/ffprobe: install the optional dependencies @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe ' +
        '(npm install), or set FFMPEG_PATH and FFPROBE_PATH, or put ffmpeg and ffprobe on the PATH.',
    );
  }
  return tools;
}

/** A regular sans font first (DejaVu Sans, Liberation Sans), else any TrueType/OpenType file, of `files`. */
function pickFont(files: readonly string[]): string | undefined {
  const fonts = files.filter((file) => /\.(ttf|otf)$/i.test(file)).sort();
  return fonts.find((file) => /\/(DejaVuSans|LiberationSans-Regular)\.ttf$/.test(file)) ?? fonts[0];
}

/** The font files fontconfig knows (`fc-list`), or none when it is absent. */
function fontconfigFiles(): Promise<string[]> {
  return new Promise((resolve) => {
    try {
      execFile('fc-list', ['-f', '%{file}\n'], { timeout: 5_000, killSignal: 'SIGKILL' }, (error, stdout) => {
        resolve(error === null ? stdout.split('\n').map((line) => line.trim()).filter((line) => line !== '') : []);
      });
    } catch {
      resolve([]);
    }
  });
}

/** The font files under `dir`, a few levels deep. */
async function filesUnder(dir: string, depth = 0): Promise<string[]> {
  if (depth > 4) return [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name), depth + 1) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

let fontLookup: Promise<string | undefined> | undefined;

/** A font file for drawtext (of fontconfig's, else under /usr/share/fonts; a regular sans first), or undefined: no title then. */
function fontFile(): Promise<string | undefined> {
  fontLookup ??= (async () => {
    const found = pickFont(await fontconfigFiles()) ?? pickFont(await filesUnder('/usr/share/fonts'));
    // Only a path the filter graph takes as it is (no quoting or escaping to get wrong).
    return found !== undefined && /^[\w/.+-]+$/.test(found) ? found : undefined;
  })();
  return fontLookup;
}

function even(value: number): number {
  return Math.max(2, 2 * Math.round(value / 2));
}

/**
 * Makes `file`: an H.264 (and, unless `audio: false`, AAC) mp4 of `seconds` at `width`×`height` and `fps`
 * (default 30) that looks like footage rather than bars: a slowly zooming Mandelbrot set blended with the game of
 * life, light grain, a title with the running time when a font is found, and a 440 Hz tone. ultrafast, so cheap.
 */
export async function makeSource(
  tools: MediaTools,
  file: string,
  options: { seconds: number; width: number; height: number; audio?: boolean; fps?: number },
): Promise<void> {
  const { seconds, width, height } = options;
  const fps = options.fps ?? 30;
  const audio = options.audio ?? true;
  // The generators run and blend at a quarter of the size, then are scaled up once: cheap, and soft like a camera's picture.
  const small = `${even(width / 4)}x${even(height / 4)}`;
  const font = await fontFile();
  const title =
    font === undefined
      ? ''
      : `,drawtext=fontfile=${font}:text='Qiyu test %{pts\\:hms}':fontsize=${Math.max(8, Math.round(height / 14))}` +
        ':fontcolor=white:box=1:boxcolor=black@0.45:boxborderw=8:x=(w-tw)/2:y=h*0.78';
  const graph =
    `mandelbrot=s=${small}:r=${fps}:maxiter=64:end_pts=${Math.max(1, seconds) * 4}:end_scale=0.5,format=yuv420p[fractal];` +
    `life=s=${small}:r=${fps}:mold=10:ratio=0.1:death_color=#C83232:life_color=#00FF00,format=yuv420p[cells];` +
    `[fractal][cells]blend=all_mode=screen:all_opacity=0.4,noise=alls=6:allf=t,scale=${width}:${height}:flags=bicubic${title}[video]`;
  const args = [
    '-hide_banner', '-nostdin', '-y', '-v', 'error',
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
    '-filter_complex', graph,
    '-map', '[video]',
    ...(audio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
    '-t', String(seconds),
    // A keyframe a second, as phones record.
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-r', String(fps), '-g', String(Math.max(1, Math.round(fps))),
    file,
  ];
  await runTool(tools.ffmpeg, args, { timeoutMs: 120_000 + seconds * 20_000 });
}
