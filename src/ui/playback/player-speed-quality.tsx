import { observer } from 'mobx-react-lite';
import { useEffect, type RefObject } from 'react';
import type { KeyFocus } from '../../core/playback/player-controls-rules.ts';
import { useBarrageContext } from '../barrage/barrage-context.ts';
import type { PlayerControlsViewModel } from './player-controls-view-model.ts';
import './player-speed-quality.css';

/** What the keyboard steers of the play screen (PlayViewModel has all of it). */
export interface KeyboardPlayer {
  readonly shownTime: number;
  readonly fullscreen: boolean;
  readonly live: boolean;
  playTapped(): void;
  seekTo(seconds: number): void;
  fullscreenTapped(target: HTMLElement): void;
}

/** A button of the controls bar that opens one of the player's menus. */
function MenuButton({ testId, label, open, text, onTap }: { testId: string; label: string; open: boolean; text: string; onTap: () => void }) {
  return (
    <button type="button" className="player-text-button" data-testid={testId} aria-label={label} aria-expanded={open} onClick={onTap}>
      {text}
    </button>
  );
}

/** One choice of a player's menu (a speed, a rendition). */
function MenuItem({ testId, selected, label, onChoose }: { testId: string; selected: boolean; label: string; onChoose: () => void }) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={selected}
      className={`player-menu-item${selected ? ' player-menu-item--on' : ''}`}
      data-testid={testId}
      onClick={onChoose}
    >
      {label}
    </button>
  );
}

/** The 倍速 and quality buttons of the controls bar (the quality one only when the source has renditions). */
export const PlayerTuningButtons = observer(function PlayerTuningButtons({ controls }: { controls: PlayerControlsViewModel | null }) {
  if (!controls) return null;
  return (
    <>
      {controls.showSpeed && (
        <MenuButton
          testId="play-speed"
          label={controls.texts.speed}
          open={controls.menu === 'speed'}
          text={controls.speedButtonLabel}
          onTap={controls.speedMenuTapped}
        />
      )}
      {controls.showQuality && (
        <MenuButton
          testId="play-quality"
          label={controls.texts.quality}
          open={controls.menu === 'quality'}
          text={controls.qualityButtonLabel}
          onTap={controls.qualityMenuTapped}
        />
      )}
    </>
  );
});

/** Where a key was pressed: a text field or slider takes its keys; on a button the space and Enter are the button's. */
function keyFocus(target: EventTarget | null): KeyFocus {
  if (!(target instanceof HTMLElement)) return 'page';
  if (target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"], [role="slider"]')) return 'text';
  if (target.closest('button, a[href], [role="button"], [role="switch"], [role="menuitemradio"], summary')) return 'control';
  return 'page';
}

/** The keyboard on desktop and TV: one listener on the window while the play screen shows. */
function usePlayerKeys(controls: PlayerControlsViewModel | null, player: KeyboardPlayer, area: RefObject<HTMLDivElement | null>): void {
  const { vm: barrages } = useBarrageContext();
  useEffect(() => {
    if (!controls) return undefined;
    const commands = {
      togglePlay: () => player.playTapped(),
      seekBy: (seconds: number) => {
        if (!player.live) player.seekTo(Math.max(0, player.shownTime + seconds));
      },
      toggleFullscreen: () => {
        if (area.current) player.fullscreenTapped(area.current);
      },
      isFullscreen: () => player.fullscreen,
      toggleBarrages: () => barrages.switchToggled(),
    };
    const pressed = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const modifiers = event.ctrlKey || event.metaKey || event.altKey;
      if (controls.keyPressed(event.key, keyFocus(event.target), modifiers, commands)) event.preventDefault();
    };
    window.addEventListener('keydown', pressed);
    return () => window.removeEventListener('keydown', pressed);
  }, [controls, player, area, barrages]);
}

/**
 * Inside the player area (so they show in fullscreen too): the 倍速 and 清晰度 menus, the "2× 倍速播放中" hint of the
 * long press (the gesture layer calls controls.holdStarted / holdEnded), and the keyboard.
 */
export const PlayerTuningLayer = observer(function PlayerTuningLayer({
  controls,
  player,
  area,
}: {
  controls: PlayerControlsViewModel | null;
  player: KeyboardPlayer;
  area: RefObject<HTMLDivElement | null>;
}) {
  usePlayerKeys(controls, player, area);
  if (!controls) return null;
  return (
    <>
      {controls.holding && (
        <div className="player-hold-hint" data-testid="hold-hint" role="status">
          {controls.texts.holdHint}
        </div>
      )}
      {controls.volumeHint && (
        <div className="player-hold-hint" data-testid="volume-hint" role="status">
          {controls.volumeHint}
        </div>
      )}
      {controls.menu !== 'none' && (
        <div className="player-sheet" data-testid={`${controls.menu}-menu`} onClick={controls.menuClosed}>
          <div className="player-sheet__panel" role="menu" aria-label={controls.menu === 'speed' ? controls.texts.speed : controls.texts.quality} onClick={(event) => event.stopPropagation()}>
            {controls.menu === 'speed'
              ? controls.speeds.map((item) => (
                  <MenuItem key={item.speed} testId={`speed-${item.speed}`} selected={item.selected} label={item.label} onChoose={() => controls.speedChosen(item.speed)} />
                ))
              : controls.qualities.map((item) => (
                  <MenuItem
                    key={String(item.choice)}
                    testId={`quality-${item.choice}`}
                    selected={item.selected}
                    label={item.label}
                    onChoose={() => controls.qualityChosen(item.choice)}
                  />
                ))}
          </div>
        </div>
      )}
    </>
  );
});
