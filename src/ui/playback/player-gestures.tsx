import { autorun } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { BarrageInputBar } from '../barrage/barrage-slots.tsx';
import { useBarrageContext } from '../barrage/barrage-context.ts';
import { pointInPlayer } from '../common/player-geometry.ts';
import { PlayerGesturesModel, type GesturePlayer, type HoldIntents } from './player-gestures-view-model.ts';
import './player-gestures.css';

const LockIcon = ({ locked }: { locked: boolean }) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
    <path d={locked ? 'M8 11V8a4 4 0 0 1 8 0v3' : 'M8 11V8a4 4 0 0 1 7.5-2'} fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

const PipIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path d="M3 5h18v14H3z" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M12 11h7v6h-7z" fill="currentColor" />
  </svg>
);

export interface PlayerGestureLayerProps {
  player: GesturePlayer;
  /** The player area (the element that goes fullscreen). */
  area: RefObject<HTMLDivElement | null>;
  /** The controls' long-press intents (2× while held); null until they exist. */
  hold?: HoldIntents | null;
  /** The gold gate or the inserted ad covers the picture: no 小窗 button over them. */
  covered?: boolean;
}

/**
 * The layer over the picture (above the barrages, below the pause ad, the notices and the controls) that reads the
 * finger: tap shows or hides the controls, double tap plays or pauses, a long press plays 2× while held, a
 * horizontal swipe seeks with a preview, a vertical swipe on the right half in fullscreen sets the brightness.
 * Also the 小窗 button (picture-in-picture, where offered) and, in fullscreen, the 🔒 (the picture then takes only a
 * tap, which shows the lock) and the barrage bar inside the player.
 */
export const PlayerGestureLayer = observer(function PlayerGestureLayer({ player, area, hold = null, covered = false }: PlayerGestureLayerProps) {
  const vm = useViewModel(PlayerGesturesModel, { player, hold: () => hold });
  const { overlay } = useBarrageContext();
  useEffect(() => vm.opened(), [vm]);

  // The brightness is a CSS filter on the video alone (the barrages keep theirs); the controls' showing is an
  // attribute of the area (React leaves it alone), which the stylesheet reads.
  useEffect(
    () =>
      autorun(() => {
        const element = area.current;
        if (!element) return;
        const video = element.querySelector('video');
        if (video) video.style.filter = vm.videoFilter;
        element.dataset['controls'] = vm.controlsShown ? 'shown' : 'hidden';
        element.dataset['locked'] = vm.locked ? 'true' : 'false';
      }),
    [vm, area],
  );

  // A portrait video (a short video) is not turned in fullscreen.
  useEffect(() => {
    const video = area.current?.querySelector('video');
    if (!video) return undefined;
    const measured = () => {
      const element = area.current;
      if (element) element.dataset['portraitVideo'] = video.videoHeight > video.videoWidth ? 'true' : 'false';
    };
    video.addEventListener('loadedmetadata', measured);
    return () => video.removeEventListener('loadedmetadata', measured);
  }, [area]);

  // A finger on the controls or the bar keeps them shown (and shows them when hidden).
  useEffect(() => {
    const element = area.current;
    if (!element) return undefined;
    const touched = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('.player-controls, .player-top-controls, .player-fullscreen-bar')) vm.controlsTouched();
    };
    // Typing a barrage in fullscreen: the bar stays shown while its box (or a button of it) has the focus.
    const inBar = (target: EventTarget | null) => target instanceof Element && target.closest('.player-fullscreen-bar') !== null;
    const focusIn = (event: FocusEvent) => {
      if (inBar(event.target)) vm.controlsFocused(true);
    };
    const focusOut = (event: FocusEvent) => {
      if (inBar(event.target) && !inBar(event.relatedTarget)) vm.controlsFocused(false);
    };
    element.addEventListener('pointerdown', touched, true);
    element.addEventListener('focusin', focusIn);
    element.addEventListener('focusout', focusOut);
    return () => {
      element.removeEventListener('pointerdown', touched, true);
      element.removeEventListener('focusin', focusIn);
      element.removeEventListener('focusout', focusOut);
    };
  }, [vm, area]);

  const down = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!event.isPrimary || event.button > 0) return;
    const { x, y, width, height } = pointInPlayer(event.currentTarget, event.clientX, event.clientY);
    // A tap on a flying barrage is the barrage's (its actions open), not the picture's (locked: the picture's).
    if (!vm.locked && overlay.current?.hitTest(x, y)) return;
    // Mouse and pen keep their moves; a finger's moves come while the browser does not scroll (touch-action).
    if (event.pointerType !== 'touch') event.currentTarget.setPointerCapture?.(event.pointerId);
    vm.pointerDown(x, y, width, height);
  };
  const at = (event: ReactPointerEvent<HTMLDivElement>, then: (x: number, y: number) => void) => {
    if (!event.isPrimary) return;
    const { x, y } = pointInPlayer(event.currentTarget, event.clientX, event.clientY);
    then(x, y);
  };

  return (
    <>
      <div
        className="player-gestures"
        data-testid="player-gestures"
        onPointerDown={down}
        onPointerMove={(event) => {
          // A mouse moving over the picture (desktop) shows the controls, as desktop players do.
          if (event.pointerType === 'mouse' && event.buttons === 0) vm.controlsTouched();
          else at(event, vm.pointerMoved);
        }}
        onPointerUp={(event) => at(event, vm.pointerUp)}
        onPointerCancel={vm.pointerCancelled}
        onContextMenu={(event) => event.preventDefault()}
      >
        {vm.seekPreview && (
          <div className="player-hint" data-testid="seek-preview">
            <span className="player-hint__main">{vm.seekPreview.time}</span>
            <span className="player-hint__sub">{vm.seekPreview.delta}</span>
          </div>
        )}
        {vm.brightnessHint && (
          <div className="player-hint" data-testid="brightness-hint">
            <span className="player-hint__main">{vm.brightnessHint}</span>
          </div>
        )}
      </div>
      {vm.pipSupported && !covered && (
        <div className="player-top-controls">
          <button
            type="button"
            className="player-icon"
            data-testid="play-pip"
            aria-label={vm.pipLabel}
            aria-pressed={vm.pipActive}
            onClick={() => {
              const video = area.current?.querySelector('video');
              if (video) void vm.pipTapped(video);
            }}
          >
            <PipIcon />
            <span className="player-top-controls__text">{vm.pipLabel}</span>
          </button>
        </div>
      )}
      {vm.lockOffered && (
        <button type="button" className="player-lock" data-testid="player-lock" aria-label={vm.lockLabel} aria-pressed={vm.locked} onClick={vm.lockTapped}>
          <LockIcon locked={vm.locked} />
        </button>
      )}
      {player.fullscreen && (
        <div className="player-fullscreen-bar" data-testid="fullscreen-barrage-bar">
          <BarrageInputBar />
        </div>
      )}
    </>
  );
});
