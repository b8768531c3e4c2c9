import type { MediaLevel } from '../ports/media-player.ts';
import type { NetworkKind } from '../ports/network-type.ts';
import { PlayerControlsTexts } from './playback-texts.ts';

/** The speeds of the 倍速 menu, as bilibili's: slowest first. */
export const PLAYBACK_SPEEDS: readonly number[] = [0.5, 0.75, 1, 1.25, 1.5, 2];
export const NORMAL_SPEED = 1;
/** The speed while the picture is held (long press). */
export const HOLD_SPEED = 2;

/** A speed as the menu labels it: 0.5X, 0.75X, 1.0X, 1.25X, 1.5X, 2.0X. */
export function speedLabel(speed: number): string {
  const text = Number.isInteger(speed * 10) ? speed.toFixed(1) : String(speed);
  return `${text}X`;
}

/** A stored speed if it is one of the menu's, else 1. */
export function parseSpeed(value: unknown): number {
  return typeof value === 'number' && PLAYBACK_SPEEDS.includes(value) ? value : NORMAL_SPEED;
}

/** A rendition's height when the playlist gives none: guessed from its bandwidth (bits per second). */
export function heightFromBandwidth(bandwidth: number): number {
  if (bandwidth >= 4_000_000) return 1080;
  if (bandwidth >= 2_000_000) return 720;
  if (bandwidth >= 800_000) return 480;
  if (bandwidth >= 250_000) return 360;
  return 180;
}

/** The height a level counts as: its own, else one guessed from its bandwidth. */
function levelHeight(level: MediaLevel): number {
  return level.height > 0 ? level.height : heightFromBandwidth(level.bandwidth);
}

/** A rendition named as viewers know it: 1080P 超清, 720P 高清, 480P 清晰, 360P 流畅, lower 180P 极速; 2160 and up 4K 超高清. */
export function qualityName(level: MediaLevel): string {
  const height = levelHeight(level);
  if (height >= 2160) return '4K 超高清';
  const word = height >= 1080 ? '超清' : height >= 720 ? '高清' : height >= 480 ? '清晰' : height >= 360 ? '流畅' : '极速';
  return `${height}P ${word}`;
}

/** The quality chosen: automatic, or a rendition by its height (kept across videos whose renditions differ). */
export type QualityChoice = 'auto' | number;

export function parseQualityChoice(value: unknown): QualityChoice {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 4320 ? value : 'auto';
}

export interface QualityOption {
  /** The index into the player's levels; -1 for 自动. */
  level: number;
  choice: QualityChoice;
  label: string;
}

/** The menu: each rendition once (by height, highest first; the higher bandwidth of two of one height), then 自动. */
export function qualityOptions(levels: readonly MediaLevel[]): QualityOption[] {
  if (levels.length < 2) return [];
  const byHeight = new Map<number, number>();
  levels.forEach((level, index) => {
    const height = levelHeight(level);
    const kept = byHeight.get(height);
    if (kept === undefined || (levels[kept]?.bandwidth ?? 0) < level.bandwidth) byHeight.set(height, index);
  });
  const options = [...byHeight.entries()]
    .sort(([a], [b]) => b - a)
    .map(([height, index]): QualityOption => ({ level: index, choice: height, label: qualityName(levels[index] ?? { height, bandwidth: 0 }) }));
  return [...options, { level: -1, choice: 'auto', label: PlayerControlsTexts.auto }];
}

/** The level a choice plays: the rendition of that height, else the highest one below it, else the lowest (of one height the higher bandwidth, as the menu lists it); -1 for auto. */
export function levelForChoice(levels: readonly MediaLevel[], choice: QualityChoice): number {
  if (choice === 'auto' || levels.length === 0) return -1;
  const better = (index: number, than: number, fits: (height: number) => boolean, higher: boolean): boolean => {
    const level = levels[index] as MediaLevel;
    const height = levelHeight(level);
    if (!fits(height)) return false;
    if (than < 0) return true;
    const other = levels[than] as MediaLevel;
    const otherHeight = levelHeight(other);
    if (height !== otherHeight) return higher ? height > otherHeight : height < otherHeight;
    return level.bandwidth > other.bandwidth;
  };
  let best = -1;
  let lowest = -1;
  levels.forEach((_level, index) => {
    if (better(index, best, (height) => height <= choice, true)) best = index;
    if (better(index, lowest, () => true, false)) lowest = index;
  });
  return best >= 0 ? best : lowest;
}

/** The menu's item a kept choice stands for on these renditions: the height it plays, or 自动. */
export function shownChoice(levels: readonly MediaLevel[], choice: QualityChoice): QualityChoice {
  const level = levels[levelForChoice(levels, choice)];
  return level ? levelHeight(level) : 'auto';
}

/** Where 自动 starts: on mobile data the lowest rendition (least data before the player measures), else the player decides (-1). */
export function autoStartLevel(levels: readonly MediaLevel[], network: NetworkKind): number {
  if (network !== 'cellular' || levels.length < 2) return -1;
  let lowest = 0;
  levels.forEach((level, index) => {
    const low = levels[lowest] as MediaLevel;
    if (level.bandwidth < low.bandwidth || (level.bandwidth === low.bandwidth && levelHeight(level) < levelHeight(low))) lowest = index;
  });
  return lowest;
}

/** What a key does on the play page (desktop and TV remotes). */
export type PlayerKeyAction =
  | { type: 'toggle-play' }
  | { type: 'seek'; by: number }
  | { type: 'volume'; by: number }
  | { type: 'fullscreen' }
  | { type: 'leave-fullscreen' }
  | { type: 'toggle-barrages' };

/** Seconds a ←/→ moves. */
const SEEK_STEP_S = 5;
/** The share of full volume a ↑/↓ moves. */
const VOLUME_STEP = 0.1;

/** Where the key was pressed: a text field (or a slider, which takes arrows itself), a button or link, or elsewhere. */
export type KeyFocus = 'text' | 'control' | 'page';

/**
 * The action of a key (KeyboardEvent.key), or null: none in a text field; on a focused button the space and
 * Enter are the button's own. Space or Enter (a TV remote's OK) plays and pauses, ←/→ seek 5 s, ↑/↓ change the
 * volume by 10 %, F fullscreen, D barrages on and off, Esc leaves fullscreen; a remote's play/pause, rewind and
 * fast-forward keys too. Modifier chords are not ours.
 */
export function keyAction(key: string, focus: KeyFocus, modifiers = false): PlayerKeyAction | null {
  if (focus === 'text' || modifiers) return null;
  switch (key) {
    case ' ':
    case 'Spacebar':
    case 'Enter':
      return focus === 'control' ? null : { type: 'toggle-play' };
    case 'MediaPlayPause':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
    case 'Left':
    case 'MediaRewind':
      return { type: 'seek', by: -SEEK_STEP_S };
    case 'ArrowRight':
    case 'Right':
    case 'MediaFastForward':
      return { type: 'seek', by: SEEK_STEP_S };
    case 'ArrowUp':
    case 'Up':
      return { type: 'volume', by: VOLUME_STEP };
    case 'ArrowDown':
    case 'Down':
      return { type: 'volume', by: -VOLUME_STEP };
    case 'f':
    case 'F':
      return { type: 'fullscreen' };
    case 'd':
    case 'D':
      return { type: 'toggle-barrages' };
    case 'Escape':
    case 'Esc':
      return { type: 'leave-fullscreen' };
    default:
      return null;
  }
}

/** A volume moved by a step, kept within 0–1 and to whole percents. */
export function steppedVolume(volume: number, by: number): number {
  const base = Number.isFinite(volume) ? volume : 1;
  return Math.min(1, Math.max(0, Math.round((base + by) * 100) / 100));
}
