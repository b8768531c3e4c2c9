/**
 * TV help (/tvhelpCenter, /tvdeal): the remote's keys and a pure focus machine over a list of categories and
 * questions (left) and a content pane (right). Focus is always on an item of the list (never off screen); in the
 * content zone up/down scroll the pane by 300 per key press (spec section 9), never below 0 or past its end.
 */

export type TvKey = 'up' | 'down' | 'left' | 'right' | 'enter' | 'back' | 'pageUp' | 'pageDown';

/** The content pane's scroll step per key press (spec section 9). */
export const TV_SCROLL_STEP = 300;

/** Key codes of common TV browsers and remotes. */
const TvKeyCode = {
  Left: 37,
  Up: 38,
  Right: 39,
  Down: 40,
  Enter: 13,
  Backspace: 8,
  Escape: 27,
  /** LG webOS back. */
  WebOsBack: 461,
  /** Samsung Tizen back (tizen.tvinputdevice "Return"). */
  TizenBack: 10009,
  /** Android TV webviews that pass KEYCODE_BACK through. */
  AndroidBack: 4,
  /** The browser back key (some Android TV boxes and keyboards). */
  BrowserBack: 166,
  PageUp: 33,
  PageDown: 34,
  /** Samsung Tizen channel up / down. */
  TizenChannelUp: 427,
  TizenChannelDown: 428,
} as const;

const BY_CODE: ReadonlyMap<number, TvKey> = new Map<number, TvKey>([
  [TvKeyCode.Left, 'left'],
  [TvKeyCode.Up, 'up'],
  [TvKeyCode.Right, 'right'],
  [TvKeyCode.Down, 'down'],
  [TvKeyCode.Enter, 'enter'],
  [TvKeyCode.Backspace, 'back'],
  [TvKeyCode.Escape, 'back'],
  [TvKeyCode.WebOsBack, 'back'],
  [TvKeyCode.TizenBack, 'back'],
  [TvKeyCode.AndroidBack, 'back'],
  [TvKeyCode.BrowserBack, 'back'],
  [TvKeyCode.PageUp, 'pageUp'],
  [TvKeyCode.PageDown, 'pageDown'],
  [TvKeyCode.TizenChannelUp, 'pageUp'],
  [TvKeyCode.TizenChannelDown, 'pageDown'],
]);

/** KeyboardEvent.key names, for browsers that no longer fill keyCode. */
const BY_NAME: ReadonlyMap<string, TvKey> = new Map<string, TvKey>([
  ['ArrowLeft', 'left'],
  ['ArrowUp', 'up'],
  ['ArrowRight', 'right'],
  ['ArrowDown', 'down'],
  ['Left', 'left'],
  ['Up', 'up'],
  ['Right', 'right'],
  ['Down', 'down'],
  ['Enter', 'enter'],
  ['Select', 'enter'],
  ['Accept', 'enter'],
  ['Backspace', 'back'],
  ['Escape', 'back'],
  ['GoBack', 'back'],
  ['BrowserBack', 'back'],
  ['XF86Back', 'back'],
  ['PageUp', 'pageUp'],
  ['PageDown', 'pageDown'],
  ['ChannelUp', 'pageUp'],
  ['ChannelDown', 'pageDown'],
]);

/** The remote key of a key event (its key name first, then its key code), or null for any other key. */
export function tvKeyOf(event: { key?: string; keyCode?: number }): TvKey | null {
  const named = event.key === undefined ? undefined : BY_NAME.get(event.key);
  if (named) return named;
  return event.keyCode === undefined ? null : (BY_CODE.get(event.keyCode) ?? null);
}

export type TvItemKind = 'category' | 'question';
export type TvZone = 'list' | 'content';

/** What the machine runs over: the list's items in order and how far the content pane can scroll. */
export interface TvLayout {
  kinds: readonly TvItemKind[];
  /** The pane's scrollable distance (content height minus pane height), 0 or more; measured by the screen. */
  maxScroll: number;
  /** /tvdeal: one article and nothing to choose, so back and left leave the page from the content pane. */
  single?: boolean;
}

export interface TvFocusState {
  zone: TvZone;
  /** Index of the focused list item (0 when the list is empty). */
  focus: number;
  /** Index of the item whose article the pane shows, or null. */
  opened: number | null;
  /** The pane's scroll position. */
  scroll: number;
}

type TvEffect = { kind: 'none' } | { kind: 'open'; index: number } | { kind: 'leave' };

export interface TvStep {
  state: TvFocusState;
  effect: TvEffect;
}

const NONE: TvEffect = { kind: 'none' };

export function initialTvState(options: { focus?: number; opened?: number | null; zone?: TvZone } = {}): TvFocusState {
  return { zone: options.zone ?? 'list', focus: options.focus ?? 0, opened: options.opened ?? null, scroll: 0 };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), Math.max(low, high));
}

/** The state made consistent with a layout (after the list or the pane's size changed). */
export function fitTvState(state: TvFocusState, layout: TvLayout): TvFocusState {
  const last = layout.kinds.length - 1;
  const focus = clamp(state.focus, 0, last);
  const opened = state.opened !== null && state.opened >= 0 && state.opened <= last ? state.opened : null;
  const zone: TvZone = state.zone === 'content' && opened !== null ? 'content' : 'list';
  return { zone, focus, opened, scroll: clamp(state.scroll, 0, Math.max(0, layout.maxScroll)) };
}

/** One key press. */
export function tvStep(previous: TvFocusState, key: TvKey, layout: TvLayout): TvStep {
  const state = fitTvState(previous, layout);
  const last = layout.kinds.length - 1;
  const maxScroll = Math.max(0, layout.maxScroll);
  const scrollBy = (delta: number): TvStep => ({ state: { ...state, scroll: clamp(state.scroll + delta, 0, maxScroll) }, effect: NONE });

  if (state.zone === 'content') {
    switch (key) {
      case 'up':
      case 'pageUp':
        return scrollBy(-TV_SCROLL_STEP);
      case 'down':
      case 'pageDown':
        return scrollBy(TV_SCROLL_STEP);
      case 'left':
      case 'back':
        if (layout.single) return key === 'back' ? { state, effect: { kind: 'leave' } } : { state, effect: NONE };
        return { state: { ...state, zone: 'list', focus: state.opened ?? state.focus }, effect: NONE };
      case 'right':
      case 'enter':
        return { state, effect: NONE };
    }
  }

  switch (key) {
    case 'up':
      return { state: { ...state, focus: clamp(state.focus - 1, 0, last) }, effect: NONE };
    case 'down':
      return { state: { ...state, focus: clamp(state.focus + 1, 0, last) }, effect: NONE };
    case 'pageUp':
      return scrollBy(-TV_SCROLL_STEP);
    case 'pageDown':
      return scrollBy(TV_SCROLL_STEP);
    case 'right':
      return state.opened === null ? { state, effect: NONE } : { state: { ...state, zone: 'content' }, effect: NONE };
    case 'back':
      return { state, effect: { kind: 'leave' } };
    case 'left':
      return { state, effect: NONE };
    case 'enter': {
      const kind = layout.kinds[state.focus];
      if (kind === 'question') {
        return { state: { ...state, zone: 'content', opened: state.focus, scroll: 0 }, effect: { kind: 'open', index: state.focus } };
      }
      // A category: focus its first question when it has one.
      if (kind === 'category' && layout.kinds[state.focus + 1] === 'question') {
        return { state: { ...state, focus: state.focus + 1 }, effect: NONE };
      }
      return { state, effect: NONE };
    }
  }
}
