import type { CatalogueService } from './catalogue-service.ts';
import type { HomeData } from '../shared-kernel/video.ts';

/** A home load started before the home screen: its promise, and its data once it has arrived. */
export interface StartedHomeLoad {
  readonly promise: Promise<HomeData>;
  /** The data, once arrived (set before the promise's own callbacks run). */
  readonly data: HomeData | undefined;
}

/**
 * The home route's data, asked for as the app starts rather than after the home screen's first render: the app
 * starts it for the channel of the page it opens on, and the first home screen of that channel takes it (once;
 * later loads and refreshes ask the server). Data that arrived before the screen is built is shown by its first
 * render. A load no screen takes (the visitor left for another channel first) is never used.
 */
export class HomePreload {
  private started: { channel: string; load: StartedHomeLoad } | null = null;

  constructor(private readonly service: CatalogueService) {}

  start(channel: string): void {
    const load: { promise: Promise<HomeData>; data: HomeData | undefined } = {
      promise: this.service.home(channel, { suppressTips: true }).then((data) => {
        load.data = data;
        return data;
      }),
      data: undefined,
    };
    // A failure is the home screen's to show when it takes the load; nobody taking it is no error.
    load.promise.catch(() => undefined);
    this.started = { channel, load };
  }

  /** The load started for `channel`, handed out once; null when none was started for it. */
  take(channel: string): StartedHomeLoad | null {
    const started = this.started;
    this.started = null;
    return started && started.channel === channel ? started.load : null;
  }
}
