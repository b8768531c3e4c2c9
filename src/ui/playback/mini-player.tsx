import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, type PointerEvent } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { MiniPlayerModel } from './mini-player-view-model.ts';
import './mini-player.css';

/**
 * The floating mini player (bottom right, or left once dragged there, above the tab bar): the picture returns to the play page, ▶/❚❚, ×. It sits
 * in a dock, a strip across the bottom that takes no taps itself (pointer-events: none): like the tab bar, content
 * passes under that strip while the page scrolls, and the page keeps room under its end so that its last content
 * comes out from under the player. A finger drags it anywhere; let go, it glides back into the dock at the nearer
 * side (the view-model's pressed / moved / released).
 */
export const MiniPlayer = observer(function MiniPlayer() {
  const vm = useViewModel(MiniPlayerModel);
  const box = useRef<HTMLElement | null>(null);
  useEffect(() => {
    document.body.dataset['miniPlayer'] = 'shown';
    return () => void delete document.body.dataset['miniPlayer'];
  }, []);
  // Let go after a drag: once its let-go position is laid out, it glides to its resting place.
  const letGo = vm.letGo;
  useLayoutEffect(() => {
    if (!letGo || !box.current) return;
    void box.current.offsetWidth;
    vm.glideStarted();
  });
  const released = (event: PointerEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    vm.released({ left: rect.left, width: rect.width }, window.innerWidth);
  };
  const className = `mini-player mini-player--${vm.side}${vm.gliding ? ' mini-player--gliding' : ''}${vm.dragging ? ' mini-player--dragging' : ''}`;
  return (
    <div className="mini-player-dock">
      <aside
        ref={box}
        className={className}
        style={vm.offset ? { transform: `translate(${vm.offset.x}px, ${vm.offset.y}px)` } : undefined}
        data-testid="mini-player"
        data-side={vm.side}
        aria-label={`小窗播放：${vm.title}`}
        onPointerDown={(event) => {
          if (event.isPrimary && event.button === 0) vm.pressed(event.clientX, event.clientY);
        }}
        onPointerMove={(event) => {
          if (vm.moved(event.clientX, event.clientY) && !event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerUp={released}
        onPointerCancel={released}
        onTransitionEnd={vm.glideEnded}
      >
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
