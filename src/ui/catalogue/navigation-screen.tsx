import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { ErrorState, LoadingState } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { ChannelGridModel } from './channel-grid-view-model.ts';
import { ChannelGridTexts } from '../../core/catalogue/catalogue-texts.ts';
import './navigation.css';

/** /navigation — 频道导航: every channel as a tile (to its page), then the short-video channels' sub-channels. */
export const NavigationScreen = observer(function NavigationScreen() {
  const vm = useViewModel(ChannelGridModel);
  useEffect(() => vm.opened(), [vm]);
  return (
    <div className="page channel-grid-page">
      <NavBar title={ChannelGridTexts.title} />
      {vm.failed ? (
        <ErrorState onRefresh={() => void vm.refresh()} />
      ) : vm.loading && vm.tiles.length === 0 ? (
        <LoadingState />
      ) : (
        <>
          <h2 className="channel-grid__title">{ChannelGridTexts.channels}</h2>
          <nav className="channel-grid" aria-label={ChannelGridTexts.channels}>
            {vm.tiles.map((tile) => (
              <button key={tile.key} type="button" className="channel-grid__tile" data-testid="channel-tile" onClick={() => vm.tileTapped(tile.location)}>
                {tile.name}
              </button>
            ))}
          </nav>
          <h2 className="channel-grid__title">{ChannelGridTexts.tags}</h2>
          {vm.tagged.map((tile) => (
            <section key={tile.key} className="channel-tags" aria-label={tile.name}>
              <h3 className="channel-tags__name">{tile.name}</h3>
              <div className="channel-tags__list">
                {tile.tags.map((tag) => (
                  <button key={tag.name} type="button" className="channel-tags__tag" onClick={() => vm.tileTapped(tag.location)}>
                    {tag.name}
                  </button>
                ))}
              </div>
            </section>
          ))}
        </>
      )}
    </div>
  );
});
