import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { useEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import type { BarrageSlotProps } from '../common/player-slots.ts';
import { pointInPlayer } from '../common/player-geometry.ts';
import { BarrageContext, useBarrageContext, type OverlayHandle } from './barrage-context.ts';
import { BarrageSheets } from './barrage-sheets.tsx';
import { BarrageStyleButton, BarrageStylePanel } from './barrage-style-panel.tsx';
import { BarrageUiTexts } from './barrage-texts.ts';
import { AD_BARRAGE_AT_SECONDS } from '../../core/playback/barrage-ad.ts';
import { BarrageModel } from './barrage-view-model.ts';
import { isAdDrawable } from './barrage-timeline-view-model.ts';
import type { Drawable } from './barrage-drawable.ts';
import { CanvasBarrageRenderer } from './canvas-barrage-renderer.ts';
import './barrage.css';

/** Elements a tap goes to even when a barrage flies over them (the player's controls, links, inputs). */
const PASS_THROUGH = 'button, a, input, textarea, select, label, [role="button"], [role="switch"], [role="slider"], [data-barrage-pass]';

/** Holds the barrages of one episode for the overlay and the bar below it; a tap on a flying barrage opens its actions. */
export function BarrageProvider(props: BarrageSlotProps & { children: ReactNode }) {
  const { mediaKey, episode, player, children } = props;
  const overlay = useRef<OverlayHandle | null>(null);
  // One view-model per episode: the next episode's barrages get a new one (the previous one is disposed below).
  const vm = useViewModel(BarrageModel, { mediaKey, episode }, [mediaKey, episode]);
  useEffect(() => {
    vm.opened(window.location.pathname, mediaKey);
    return () => vm.dispose();
  }, [vm, mediaKey]);
  useEffect(() => vm.timeline.playerChanged(player), [vm, player]);
  const value = useMemo(() => ({ vm, overlay }), [vm]);

  const onClickCapture = (event: MouseEvent) => {
    const handle = overlay.current;
    const target = event.target;
    if (!handle || !(target instanceof Element) || target.closest(PASS_THROUGH)) return;
    // In the player's own axes (the CSS fullscreen of an upright phone turns the player).
    const { x, y, width, height } = pointInPlayer(handle.canvas, event.clientX, event.clientY);
    if (x < 0 || y < 0 || x > width || y > height) return;
    const hit = handle.hitTest(x, y);
    if (!hit) return;
    event.stopPropagation();
    event.preventDefault();
    vm.barrageTapped(hit);
  };

  return (
    <BarrageContext.Provider value={value}>
      <div className="barrage-scope" onClickCapture={onClickCapture}>
        {children}
      </div>
      <BarrageSheets vm={vm} />
    </BarrageContext.Provider>
  );
}

/**
 * The canvas over the picture where barrages fly (inside the player area, so it follows it into fullscreen), and
 * the visually hidden list of what flies now (barrage-a11y), kept in step with the canvas a few times a second.
 */
export const BarrageOverlay = observer(function BarrageOverlay() {
  const { vm, overlay } = useBarrageContext();
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const renderer = new CanvasBarrageRenderer<Drawable>(canvas, {
      onFlyingChange: (flying) => vm.timeline.flyingChanged(flying),
      onShown: (item) => {
        if (isAdDrawable(item)) vm.timeline.adShown();
        else vm.filters.shown(item, vm.timeline.player?.currentTime() ?? 0);
      },
    });
    overlay.current = { canvas, hitTest: (x, y) => renderer.hitTest(x, y) };

    const measure = () => {
      // The layout size (a turned fullscreen player's screen rectangle is swapped).
      renderer.resize(canvas.clientWidth, canvas.clientHeight);
    };
    measure();
    const resizes = new ResizeObserver(measure);
    resizes.observe(canvas);
    window.addEventListener('resize', measure);

    const offEvents = vm.timeline.onSessionEvent((event) => {
      if (event.type === 'show') {
        // A live twin of one on screen merges into it (×N) instead of flying again.
        const now = vm.timeline.player?.currentTime() ?? 0;
        const leader = vm.filters.liveArrived(event.item, now, (id) => renderer.positionOf(id) !== null);
        if (leader === null) renderer.showNow(event.item);
        else renderer.relabel(leader);
      } else if (event.type === 'remove') {
        renderer.remove(event.id);
      } else {
        renderer.setSource(vm.timeline.session.timeline);
        vm.filters.timelineLoaded();
      }
    });
    if (vm.timeline.session.loaded) {
      renderer.setSource(vm.timeline.session.timeline);
      vm.filters.timelineLoaded();
    }

    // The barrage ad flies in once, when playback has passed a few seconds with barrages on.
    let adDone = false;
    let offAdClock: (() => void) | null = null;
    const tryAd = () => {
      const player = vm.timeline.player;
      if (adDone || !vm.timeline.ad || !vm.danmuOpen || !player || player.currentTime() < AD_BARRAGE_AT_SECONDS) return;
      adDone = true;
      renderer.showNow(vm.timeline.ad);
    };

    const disposers = [
      reaction(() => vm.filters.viewerFilter, (filter) => renderer.setFilter(filter), { fireImmediately: true }),
      reaction(() => vm.config, (config) => renderer.setConfig(config), { fireImmediately: true }),
      reaction(() => vm.danmuOpen, (open) => renderer.setEnabled(open), { fireImmediately: true }),
      reaction(
        () => vm.timeline.player,
        (player) => {
          renderer.setPlayer(player);
          offAdClock?.();
          offAdClock = player ? player.on((event) => event === 'timeupdate' && tryAd()) : null;
        },
        { fireImmediately: true },
      ),
      reaction(() => [vm.timeline.ad, vm.danmuOpen] as const, tryAd),
    ];
    return () => {
      disposers.forEach((dispose) => dispose());
      offAdClock?.();
      offEvents();
      resizes.disconnect();
      window.removeEventListener('resize', measure);
      overlay.current = null;
      renderer.dispose();
      vm.timeline.flyingChanged([]);
    };
  }, [vm, overlay]);

  return (
    <>
      <canvas ref={canvasRef} className="barrage-canvas" data-testid="barrage-canvas" aria-hidden="true" />
      <ul className="barrage-a11y" data-testid="barrage-a11y" aria-label={BarrageUiTexts.danmu}>
        {vm.timeline.flying.map(({ item, left, top, width, height }) => (
          <li
            key={item.id}
            data-barrage-id={item.id}
            data-own={item.own ? 'true' : undefined}
            data-ad={item.adMark ? 'true' : undefined}
            data-mode={item.mode ?? 'scroll'}
            data-color={item.color ?? '#FFFFFF'}
            data-left={left}
            data-top={top}
            data-width={width}
            data-height={height}
          >
            {/* Out of the tab order (the list is not visible); a screen reader's cursor can still press it. */}
            <button type="button" tabIndex={-1} onClick={() => vm.barrageTapped(item)}>
              {item.adMark ? `${BarrageUiTexts.adMark}：${item.content}` : vm.filters.label(item)}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
});

/** The bar under the player: the danmu switch, the send box, the settings and blocking sheets. */
export const BarrageInputBar = observer(function BarrageInputBar() {
  const { vm } = useBarrageContext();
  return (
    <>
    <BarrageStylePanel />
    <div className="barrage-bar" data-testid="barrage-bar">
      <button
        type="button"
        role="switch"
        aria-checked={vm.danmuOpen}
        aria-label={BarrageUiTexts.danmu}
        className={`barrage-bar__switch ${vm.danmuOpen ? 'barrage-bar__switch--on' : ''}`}
        data-testid="danmu-switch"
        onClick={vm.switchToggled}
      >
        {BarrageUiTexts.danmuShort}
      </button>
      <BarrageStyleButton />
      <form
        className="barrage-bar__form"
        onSubmit={(event) => {
          event.preventDefault();
          void vm.sendBox.sendTapped();
        }}
      >
        <input
          className="barrage-bar__input"
          data-testid="barrage-input"
          type="text"
          enterKeyHint="send"
          value={vm.sendBox.input}
          placeholder={vm.sendBox.placeholder}
          aria-label={BarrageUiTexts.placeholder}
          disabled={!vm.danmuOpen}
          onChange={(event) => vm.sendBox.inputChanged(event.target.value)}
        />
        <button type="submit" className="barrage-bar__send" data-testid="barrage-send" disabled={!vm.sendBox.sendEnabled}>
          {BarrageUiTexts.send}
        </button>
      </form>
      <button type="button" className="barrage-bar__icon" data-testid="barrage-settings" aria-label={BarrageUiTexts.settings} onClick={vm.settingsTapped}>
        ⚙
      </button>
      <button type="button" className="barrage-bar__icon" data-testid="barrage-blocking" aria-label={BarrageUiTexts.blocking} onClick={vm.blockingTapped}>
        ⊘
      </button>
    </div>
    </>
  );
});
