import { fieldsOf } from '../request/answer-values.ts';
/**
 * The viewer's barrage settings (PutBarrageCofig / getBarrageCofig): opacity, speed, size, the part of the
 * picture barrages may use, merging identical barrages, density (the share shown) and the types blocked.
 * Shared by the client and the reference server, so both check the same ranges.
 */

export type BarrageSpeed = 'slow' | 'normal' | 'fast';
export type BarrageSize = 'small' | 'normal' | 'large';
/** The share of the picture's height barrages fly in: a quarter, half, three quarters or all of it. */
export type BarrageArea = 0.25 | 0.5 | 0.75 | 1;

export interface BarrageConfig {
  /** 0.1 to 1 in steps of 0.1. */
  opacity: number;
  speed: BarrageSpeed;
  size: BarrageSize;
  area: BarrageArea;
  /** 合并重复弹幕: identical barrages within a few seconds show once with ×N (barrage-filters.ts). */
  merge: boolean;
  /** The share of barrages shown, 0.1 to 1 in steps of 0.1 (sampled by id). */
  density: number;
  /** 按类型屏蔽: scrolling, top, bottom and coloured barrages hidden. */
  blockScroll: boolean;
  blockTop: boolean;
  blockBottom: boolean;
  blockColor: boolean;
}

/** The settings that are on or off. */
export type BarrageFlag = 'merge' | 'blockScroll' | 'blockTop' | 'blockBottom' | 'blockColor';
export const BARRAGE_TYPE_BLOCKS = ['blockScroll', 'blockTop', 'blockBottom', 'blockColor'] as const satisfies readonly BarrageFlag[];

export const BARRAGE_SPEEDS: readonly BarrageSpeed[] = ['slow', 'normal', 'fast'];
export const BARRAGE_SIZES: readonly BarrageSize[] = ['small', 'normal', 'large'];
export const BARRAGE_AREAS: readonly BarrageArea[] = [0.25, 0.5, 0.75, 1];

export const BarrageOpacity = { min: 0.1, max: 1, step: 0.1 } as const;
export const BarrageDensity = { min: 0.1, max: 1, step: 0.1 } as const;

/** Fully opaque, normal speed and size, the whole picture, identical ones merged, all shown, no type blocked. */
export const DEFAULT_BARRAGE_CONFIG: Readonly<BarrageConfig> = {
  opacity: 1,
  speed: 'normal',
  size: 'normal',
  area: 1,
  merge: true,
  density: 1,
  blockScroll: false,
  blockTop: false,
  blockBottom: false,
  blockColor: false,
};

/** Labels shown in the settings sheet. */
export const BarrageConfigLabels = {
  speed: { slow: '慢', normal: '适中', fast: '快' } satisfies Record<BarrageSpeed, string>,
  size: { small: '小', normal: '标准', large: '大' } satisfies Record<BarrageSize, string>,
  area: { 0.25: '1/4屏', 0.5: '半屏', 0.75: '3/4屏', 1: '全屏' } satisfies Record<BarrageArea, string>,
  merge: '合并重复弹幕',
  density: '弹幕密度',
  blockTypes: '按类型屏蔽',
  blocks: { blockScroll: '滚动', blockTop: '顶部', blockBottom: '底部', blockColor: '彩色' } satisfies Record<(typeof BARRAGE_TYPE_BLOCKS)[number], string>,
} as const;

/** An opacity rounded to a tenth, or null when it is not a number from 0.1 to 1. */
export function readOpacity(value: unknown): number | null {
  return readTenths(value);
}

/** A density (the share of barrages shown) rounded to a tenth, or null when it is not a number from 0.1 to 1. */
function readDensity(value: unknown): number | null {
  return readTenths(value);
}

/** On or off: a boolean, 1 / 0 or 'true' / 'false' (as the wire writes it); null otherwise. */
function readFlag(value: unknown): boolean | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return null;
}

function readTenths(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return null;
  const tenths = Math.round(number * 10);
  if (Math.abs(number * 10 - tenths) > 1e-6) return null;
  if (tenths < BarrageOpacity.min * 10 || tenths > BarrageOpacity.max * 10) return null;
  return tenths / 10;
}

function readSpeed(value: unknown): BarrageSpeed | null {
  return BARRAGE_SPEEDS.find((speed) => speed === value) ?? null;
}

function readSize(value: unknown): BarrageSize | null {
  return BARRAGE_SIZES.find((size) => size === value) ?? null;
}

export function readArea(value: unknown): BarrageArea | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return BARRAGE_AREAS.find((area) => area === number) ?? null;
}

/** Each setting's reader: the value it names, or null when the value is not one the setting takes. */
const BARRAGE_CONFIG_READERS: { readonly [K in keyof BarrageConfig]: (value: unknown) => BarrageConfig[K] | null } = {
  opacity: readOpacity,
  speed: readSpeed,
  size: readSize,
  area: readArea,
  merge: readFlag,
  density: readDensity,
  blockScroll: readFlag,
  blockTop: readFlag,
  blockBottom: readFlag,
  blockColor: readFlag,
};

const BARRAGE_CONFIG_KEYS = Object.keys(BARRAGE_CONFIG_READERS) as (keyof BarrageConfig)[];

function withSetting<K extends keyof BarrageConfig>(config: BarrageConfig, key: K, value: BarrageConfig[K]): void {
  config[key] = value;
}

/** Settings read from storage or an answer: each valid field wins over the default. */
export function parseBarrageConfig(value: unknown): BarrageConfig {
  const raw = fieldsOf(value);
  const config: BarrageConfig = { ...DEFAULT_BARRAGE_CONFIG };
  for (const key of BARRAGE_CONFIG_KEYS) {
    const read = BARRAGE_CONFIG_READERS[key](raw[key]);
    if (read !== null) withSetting(config, key, read);
  }
  return config;
}

/**
 * The settings given (PutBarrageCofig's texts, trimmed) over `current`: null when none is given or one is not a
 * value its setting takes, so a change is all or nothing. The reference server and the fake answer 8051 for null.
 */
export function changedBarrageConfig(current: BarrageConfig, given: Partial<Record<keyof BarrageConfig, string | undefined>>): BarrageConfig | null {
  const next: BarrageConfig = { ...current };
  let count = 0;
  for (const key of BARRAGE_CONFIG_KEYS) {
    const text = given[key];
    if (text === undefined) continue;
    const read = BARRAGE_CONFIG_READERS[key](text.trim());
    if (read === null) return null;
    withSetting(next, key, read);
    count += 1;
  }
  return count === 0 ? null : next;
}
