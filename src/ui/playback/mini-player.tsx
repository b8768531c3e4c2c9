import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { MiniPlayerModel } from './mini-player-view-model.ts';
import './mini-player.css';

/**
 * The floating mini player (bottom right, above the tab bar): the picture returns to the play page, ▶/❚❚, ×. It sits
 * in a dock, a strip across the bottom that takes no taps itself (pointer-events: none): like the tab bar, content
 * passes under that strip while the page scrolls, and the page keeps room under its end so that its last content
 * comes out from under the player.
 */
export const MiniPlayer = observer(function MiniPlayer() {
  const vm = useViewModel(MiniPlayerModel);
  useEffect(() => {
    document.body.dataset['miniPlayer'] = 'shown';
    return () => void delete document.body.dataset['miniPlayer'];
  }, []);
  return (
    <div className="mini-player-dock">
      <aside className="mini-player" data-testid="mini-player" aria-label={`小窗播放：${vm.title}`}>
        <button type="button" className="mini-player__picture" data-testid="mini-player-return" aria-label={`返回播放页：${vm.title}`} onClick={vm.returnTapped}>
          <video ref={vm.videoMounted} className="mini-player__video" data-testid="mini-player-video" playsInline preload="auto" />
        </button>
        <div className="mini-player__bar">
          <button type="button" className="mini-player__icon" data-testid="mini-player-toggle" aria-label={vm.playLabel} onClick={vm.playTapped}>
            {vm.playing ? '❚❚' : '▶'}
          </button>
          {vm.muted && (
            <button type="button" className="mini-player__icon" data-testid="mini-player-unmute" aria-label="打开声音" onClick={vm.unmuteTapped}>
              🔇
            </button>
          )}
          <span className="mini-player__title">{vm.title}</span>
          <button type="button" className="mini-player__icon" data-testid="mini-player-close" aria-label="关闭小窗" onClick={vm.closeTapped}>
            ×
          </button>
        </div>
      </aside>
    </div>
  );
});
