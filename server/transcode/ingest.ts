/**
 * Ingest as the server composes it: the console's ingest routes and, when this process transcodes (ffmpeg found and
 * TRANSCODE_CONCURRENCY above 0), a worker started with the server and stopped with it.
 */
import type { AppServices } from '../app-services.ts';
import { ingestOf } from '../config.ts';
import type { ApiRouter } from '../http/api-router.ts';
import type { ConsoleGuard } from '../http/console-route.ts';
import { registerConsoleMediaRoutes } from './console-routes.ts';
import type { MediaTools } from './media-tools.ts';
import { SourceFiles } from './source-files.ts';
import { TranscodeWorker, type TranscodeWorkerOptions } from './transcode-worker.ts';

export interface IngestOptions {
  /** ffmpeg and ffprobe as found (findMediaTools), or null: sources are still taken, and wait for a worker that has them. */
  tools: MediaTools | null;
  /** Whether this process transcodes (a worker with TRANSCODE_CONCURRENCY jobs at once). */
  runWorker: boolean;
  /** Worker timings (tests shorten them). */
  timings?: Pick<TranscodeWorkerOptions, 'heartbeatMs' | 'pollMs'>;
}

export function registerIngest(api: ApiRouter, services: AppServices, guard: ConsoleGuard, options: IngestOptions): TranscodeWorker | null {
  const settings = ingestOf(services.config);
  const sources = new SourceFiles(settings.sourcesDir);
  const worker = options.tools !== null && options.runWorker && settings.concurrency > 0
    ? new TranscodeWorker({
      db: services.db,
      clock: services.clock,
      tools: options.tools,
      sources,
      renditionsDir: settings.renditionsDir,
      concurrency: settings.concurrency,
      staleMs: settings.staleMs,
      limits: { maxDurationSeconds: settings.maxSourceSeconds },
      preset: settings.preset,
      log: api.app.log,
      ...options.timings,
    })
    : null;
  registerConsoleMediaRoutes(api, services, guard, { settings, sources, toolsFound: options.tools !== null, queued: () => worker?.wake() });
  if (worker) {
    api.app.addHook('onReady', async () => worker.start());
    api.app.addHook('onClose', async () => worker.stop());
  }
  return worker;
}
