import { observer } from 'mobx-react-lite';
import { startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { FIRST_SCREEN_CARDS } from '../../core/catalogue/first-screen.ts';
import { SignInTip } from '../account/sign-in-tip.tsx';
import { BRAND } from '../app/brand.ts';
import { dropFirstScreenMarkup } from '../app/first-screen-markup.ts';
import { useViewModel } from '../app/container-context.tsx';
import { ErrorState, LoadingState } from '../common/list/paged-list-view.tsx';
import { PullRefresh } from '../common/list/pull-refresh.tsx';
import { ChannelTabs } from '../common/tabs/channel-tabs.tsx';
import { VideoCard } from '../catalogue/video-card.tsx';
import { HomeModel } from './home-view-model.ts';
import { HomeTexts } from './home-texts.ts';
import './home.css';

/** The blocks the first render draws: what a phone shows before any scroll. */
const FIRST_SCREEN_BLOCKS = 2;

/**
 * How many of `total` blocks to draw: the first screen's at first, then all of them, drawn by a transition after
 * the first paint (React renders it in slices, so the page stays responsive and no long task holds the first paint).
 */
function useBlocksShown(total: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all && total > FIRST_SCREEN_BLOCKS) startTransition(() => setAll(true));
  }, [all, total]);
  return all ? total : Math.min(total, FIRST_SCREEN_BLOCKS);
}

/** Home (/ and its category aliases such as /movie): channel tabs, recommendation blocks, the watching list. */
export const HomeScreen = observer(function HomeScreen() {
  const { pathname } = useLocation();
  const vm = useViewModel(HomeModel, { pathname });
  useEffect(() => vm.opened(), [vm]);
  // The page's static copy of this screen goes in the commit that draws this one.
  useLayoutEffect(dropFirstScreenMarkup, []);
  const shown = useBlocksShown(vm.blocks.length);
  return (
    <div className="page home-page">
      <header className="home-header">
        <h1 className="home-header__brand">{BRAND}</h1>
        <button type="button" className="home-header__search" onClick={vm.searchTapped}>
          {HomeTexts.search}
        </button>
      </header>
      <ChannelTabs
        className="catalogue-tabs catalogue-tabs--top home-tabs"
        tabs={vm.tabs}
        active={vm.channel}
        onChange={vm.tabTapped}
        end={
          <button type="button" className="channel-tabs__end" aria-label={HomeTexts.allChannels} onClick={vm.allChannelsTapped}>
            <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="currentColor">
              <rect x="1" y="1" width="7" height="7" rx="1.5" />
              <rect x="10" y="1" width="7" height="7" rx="1.5" />
              <rect x="1" y="10" width="7" height="7" rx="1.5" />
              <rect x="10" y="10" width="7" height="7" rx="1.5" />
            </svg>
          </button>
        }
      />
      <SignInTip />
      <PullRefresh onRefresh={vm.load}>
        {vm.showLoading ? (
          <LoadingState skeleton="grid" />
        ) : vm.showError ? (
          <ErrorState onRefresh={() => void vm.load()} />
        ) : (
          <div className="home-feed">
            {vm.watchingList.length > 0 && (
              <section className="home-block" data-testid="watching-list">
                <h2 className="home-block__title">{HomeTexts.watching}</h2>
                <div className="home-watching">
                  {vm.watchingList.map((video) => (
                    <VideoCard key={video.mediaKey} video={video} />
                  ))}
                </div>
              </section>
            )}
            {vm.blocks.slice(0, shown).map((block, blockIndex) => (
              <section key={block.key} className={blockIndex < FIRST_SCREEN_BLOCKS ? 'home-block' : 'home-block home-block--below'} data-testid="home-block">
                <div className="home-block__head">
                  <h2 className="home-block__title">{block.title}</h2>
                  <button type="button" className="home-block__more" onClick={() => vm.moreTapped(block)}>
                    {HomeTexts.more} ›
                  </button>
                </div>
                <div className="video-grid">
                  {block.list.map((video, i) => (
                    <VideoCard key={video.mediaKey} video={video} firstScreen={blockIndex === 0 && vm.watchingList.length === 0 && i < FIRST_SCREEN_CARDS} />
                  ))}
                </div>
              </section>
            ))}
          </div>
        )}
      </PullRefresh>
    </div>
  );
});
