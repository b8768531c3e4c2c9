import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

/** The ffmpeg and ffprobe binaries the transcoding runs, and where they were found. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** FFMPEG_PATH/FFPROBE_PATH, the npm packages (@ffmpeg-installer, @ffprobe-installer), or the PATH. */
  source: 'env' | 'package' | 'path';
}

/** How long `<bin> -version` may take for a candidate to count. */
const VERSION_CHECK_MS = 5_000;

/** Whether `bin -version` runs and exits 0 within the check's time (no shell). */
function answersVersion(bin: string): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      execFile(bin, ['-version'], { timeout: VERSION_CHECK_MS, killSignal: 'SIGKILL', windowsHide: true }, (error) => {
        resolve(error === null);
      });
    } catch {
      resolve(false);
    }
  });
}

async function bothWork(ffmpeg: string, ffprobe: string): Promise<boolean> {
  const [a, b] = await Promise.all([answersVersion(ffmpeg), answersVersion(ffprobe)]);
  return a && b;
}

/** The `path` a CommonJS installer package exports, or undefined when the package is absent or throws. */
function packagePath(name: string): string | undefined {
  try {
    const loaded: unknown = createRequire(import.meta.url)(name);
    const path = typeof loaded === 'object' && loaded !== null ? (loaded as { path?: unknown }).path : undefined;
    return typeof path === 'string' && path !== '' ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first pair of binaries that answers `-version` (exit 0 within 5 s): FFMPEG_PATH and FFPROBE_PATH when both
 * are set, else the optional npm packages, else `ffmpeg`/`ffprobe` on the PATH. null when none works.
 */
export async function findMediaTools(env: Record<string, string | undefined>): Promise<MediaTools | null> {
  const ffmpegEnv = env['FFMPEG_PATH']?.trim() ?? '';
  const ffprobeEnv = env['FFPROBE_PATH']?.trim() ?? '';
  if (ffmpegEnv !== '' && ffprobeEnv !== '' && (await bothWork(ffmpegEnv, ffprobeEnv))) {
    return { ffmpeg: ffmpegEnv, ffprobe: ffprobeEnv, source: 'env' };
  }
  const ffmpegPackage = packagePath('@ffmpeg-installer/ffmpeg');
  const ffprobePackage = packagePath('@ffprobe-installer/ffprobe');
  if (ffmpegPackage !== undefined && ffprobePackage !== undefined && (await bothWork(ffmpegPackage, ffprobePackage))) {
    return { ffmpeg: ffmpegPackage, ffprobe: ffprobePackage, source: 'package' };
  }
  if (await bothWork('ffmpeg', 'ffprobe')) return { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', source: 'path' };
  return null;
}

/** Why a tool run failed: a non-zero exit, its time limit, the caller's abort, or no process at all. */
type ToolFailureReason = 'exit' | 'timeout' | 'aborted' | 'spawn';

/** A run of ffmpeg or ffprobe that did not end well; `stderrTail` holds the last lines the tool wrote. */
export class ToolFailure extends Error {
  constructor(
    readonly reason: ToolFailureReason,
    readonly stderrTail: string,
    /** null when the process did not exit by itself (killed, crashed) or never started. */
    readonly exitCode: number | null,
    /** The signal that ended the process ('SIGSEGV' for a crash), if one did. */
    readonly signalName: string | null = null,
    cause?: unknown,
  ) {
    const how = exitCode !== null ? ` (exit code ${exitCode})` : signalName !== null ? ` (${signalName})` : '';
    super(`${reason}${how}${stderrTail === '' ? '' : `: ${stderrTail.slice(-500)}`}`, { cause });
    this.name = 'ToolFailure';
  }
}

/**
 * The static ffmpeg/ffprobe builds of the npm packages carry their own glibc, which crashes (SIGSEGV) loading the
 * host's iconv modules: ffprobe reading any MPEG-TS (its service names are ISO 6937 by default) died so. With
 * GCONV_PATH set, that glibc skips the host's module cache and finds no ISO 6937 module on current distributions
 * (they list it under gconv-modules.d, which it does not read): the conversion is skipped instead. A dynamically
 * linked tool still finds every module (the default folder is searched after GCONV_PATH's).
 */
const NO_GCONV_DIR = '/nonexistent/qiyu-no-gconv';

/** What a run collects: stdout up to this many bytes (the rest is still read, and still given line by line). */
const STDOUT_CAP_BYTES = 4 * 1024 * 1024;
const STDERR_TAIL_LINES = 40;
const STDERR_TAIL_CHARS = 4_000;

/** The last lines of what a process wrote, kept small while it runs. */
class TailBuffer {
  private text = '';

  push(chunk: string): void {
    this.text += chunk;
    if (this.text.length > STDERR_TAIL_CHARS * 4) this.text = this.text.slice(-STDERR_TAIL_CHARS * 2);
  }

  tail(): string {
    const lines = this.text.split(/\r?\n|\r/).filter((line) => line.trim() !== '');
    return lines.slice(-STDERR_TAIL_LINES).join('\n').slice(-STDERR_TAIL_CHARS);
  }
}

/** The niceness ffmpeg and ffprobe run at (0 is normal, 19 the lowest). */
const TOOL_NICENESS = 10;

/**
 * Runs `bin` with `args` (spawned, never through a shell, at a lower priority than the server) and resolves with its stdout (at most 4 MB kept) and the
 * tail of its stderr (last 40 lines, 4000 characters). `onStdoutLine` gets each complete stdout line as it comes.
 * Rejects with a ToolFailure on a non-zero exit, after `timeoutMs`, on abort (the child is killed with SIGKILL,
 * and the promise settles only once it has exited) or when the process cannot start.
 */
export function runTool(
  bin: string,
  args: readonly string[],
  options: { timeoutMs: number; signal?: AbortSignal; onStdoutLine?: (line: string) => void },
): Promise<{ stdout: string; stderrTail: string }> {
  const { timeoutMs, signal, onStdoutLine } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new ToolFailure('aborted', '', null, null, signal.reason));
      return;
    }
    const stderr = new TailBuffer();
    const stdoutChunks: string[] = [];
    let stdoutBytes = 0;
    let pendingLine = '';
    let killedFor: 'timeout' | 'aborted' | undefined;
    let settled = false;

    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(bin, [...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        env: { ...process.env, GCONV_PATH: process.env['GCONV_PATH'] ?? NO_GCONV_DIR },
      });
    } catch (error) {
      reject(new ToolFailure('spawn', '', null, null, error));
      return;
    }

    // Batch work: the server's own requests (and a worker machine's other jobs) come first.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, TOOL_NICENESS);
      } catch {
        // Not allowed here: it runs at the server's priority.
      }
    }

    const kill = (why: 'timeout' | 'aborted'): void => {
      if (killedFor !== undefined) return;
      killedFor = why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('timeout'), timeoutMs);
    const onAbort = (): void => kill('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };

    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      if (stdoutBytes < STDOUT_CAP_BYTES) {
        const bytes = Buffer.byteLength(chunk);
        stdoutChunks.push(bytes + stdoutBytes <= STDOUT_CAP_BYTES ? chunk : chunk.slice(0, STDOUT_CAP_BYTES - stdoutBytes));
        stdoutBytes += bytes;
      }
      if (onStdoutLine === undefined) return;
      const lines = (pendingLine + chunk).split(/\r?\n/);
      pendingLine = lines.pop() ?? '';
      for (const line of lines) onStdoutLine(line);
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => stderr.push(chunk));

    child.on('error', (error) => {
      // No process started (a missing or unusable binary): nothing will exit, so settle now. A failure of a running
      // child (a kill that could not be sent) is followed by its close.
      if (child.pid === undefined) finish(() => reject(new ToolFailure('spawn', stderr.tail(), null, null, error)));
    });
    child.on('close', (code, signalName) => {
      finish(() => {
        if (pendingLine !== '' && onStdoutLine !== undefined && killedFor === undefined) onStdoutLine(pendingLine);
        const stderrTail = stderr.tail();
        if (killedFor !== undefined) reject(new ToolFailure(killedFor, stderrTail, code, signalName));
        else if (code !== 0) reject(new ToolFailure('exit', stderrTail, code, signalName));
        else resolve({ stdout: stdoutChunks.join(''), stderrTail });
      });
    });
  });
}
