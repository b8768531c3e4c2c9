import { makeAutoObservable, runInAction } from 'mobx';
import type { CatalogueService } from '../../core/catalogue/catalogue-service.ts';
import { channelTiles, type ChannelTile } from '../../core/catalogue/channels.ts';
import type { Navigator, RouteLocation } from '../../core/ports/navigator.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** /navigation (频道导航): every channel as a tile leading to its page, and the short-video channels' sub-channels. */
export class ChannelGridViewModel {
  tiles: ChannelTile[] = [];
  loading = false;
  failed = false;

  constructor(
    private readonly service: Pick<CatalogueService, 'channels'>,
    private readonly navigator: Navigator,
  ) {
    makeAutoObservable<ChannelGridViewModel, 'service' | 'navigator'>(this, { service: false, navigator: false }, { autoBind: true });
  }

  /** The channels that have sub-channel tags. */
  get tagged(): ChannelTile[] {
    return this.tiles.filter((tile) => tile.tags.length > 0);
  }

  opened(): void {
    if (this.tiles.length === 0 && !this.loading) void this.refresh();
  }

  async refresh(): Promise<void> {
    this.loading = true;
    try {
      const channels = await this.service.channels();
      runInAction(() => {
        this.tiles = channelTiles(channels);
        this.failed = false;
      });
    } catch {
      runInAction(() => (this.failed = this.tiles.length === 0));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** A tile or a tag: its page (a channel's tab replaces nothing: back returns here). */
  tileTapped(location: RouteLocation): void {
    this.navigator.push(location.path, location.query);
  }
}

/** /navigation's view-model, bound with the catalogue screens (catalogue-screen-bindings.ts). */
export const ChannelGridModel = viewModelToken<ChannelGridViewModel>('ChannelGridViewModel');
