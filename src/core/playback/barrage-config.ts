import { boolean, check, fallback, number, object, picklist, pipe, regex, string, transform, union, unknown, type GenericSchema } from 'valibot';
import { fieldsOf, parsed } from '../request/answer-values.ts';
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

/** A number from 0.1 to 1 in tenths (an opacity, a density): a number or a plain decimal text, rounded to its tenth. */
const tenth = pipe(
  union([number(), pipe(string(), regex(/^\s*\d+(\.\d+)?\s*$/), transform(Number))]),
  check((value) => Number.isFinite(value) && Math.abs(value * 10 - Math.round(value * 10)) <= 1e-6, 'not a tenth'),
  transform((value) => Math.round(value * 10)),
  check((tenths) => tenths >= BarrageOpacity.min * 10 && tenths <= BarrageOpacity.max * 10, 'not from 0.1 to 1'),
  transform((tenths) => tenths / 10),
);

/** On or off: a boolean, 1 / 0 or 'true' / 'false' (as the wire writes it). */
const flag = pipe(
  union([boolean(), picklist([1, 0, '1', '0', 'true', 'false'])]),
  transform((value) => value === true || value === 1 || value === '1' || value === 'true'),
);

/** A share of the picture: a number, or a text that is one. */
const area = pipe(
  union([number(), pipe(string(), check((text) => text.trim() !== '', 'empty'), transform(Number))]),
  picklist(BARRAGE_AREAS),
);

/** Each setting's schema: the value it names, or an issue when the value is not one the setting takes. */
const BARRAGE_SETTINGS: { readonly [K in keyof BarrageConfig]: GenericSchema<unknown, BarrageConfig[K]> } = {
  opacity: tenth,
  speed: picklist(BARRAGE_SPEEDS),
  size: picklist(BARRAGE_SIZES),
  area,
  merge: flag,
  density: tenth,
  blockScroll: flag,
  blockTop: flag,
  blockBottom: flag,
  blockColor: flag,
};

const BARRAGE_CONFIG_KEYS = Object.keys(BARRAGE_SETTINGS) as (keyof BarrageConfig)[];

/** The value a setting's schema reads, or null when it is not one the setting takes. */
function settingOf<K extends keyof BarrageConfig>(key: K, value: unknown): BarrageConfig[K] | null {
  return parsed(BARRAGE_SETTINGS[key], value);
}

function withSetting<K extends keyof BarrageConfig>(config: BarrageConfig, key: K, value: BarrageConfig[K]): void {
  config[key] = value;
}

/**
 * The settings read from storage or an answer (getBarrageCofig, PutBarrageCofig): each valid field wins over the
 * default; anything that is no object reads as the defaults.
 */
export const barrageConfig = pipe(
  unknown(),
  transform(fieldsOf),
  object({
    opacity: fallback(tenth, DEFAULT_BARRAGE_CONFIG.opacity),
    speed: fallback(picklist(BARRAGE_SPEEDS), DEFAULT_BARRAGE_CONFIG.speed),
    size: fallback(picklist(BARRAGE_SIZES), DEFAULT_BARRAGE_CONFIG.size),
    area: fallback(area, DEFAULT_BARRAGE_CONFIG.area),
    merge: fallback(flag, DEFAULT_BARRAGE_CONFIG.merge),
    density: fallback(tenth, DEFAULT_BARRAGE_CONFIG.density),
    blockScroll: fallback(flag, DEFAULT_BARRAGE_CONFIG.blockScroll),
    blockTop: fallback(flag, DEFAULT_BARRAGE_CONFIG.blockTop),
    blockBottom: fallback(flag, DEFAULT_BARRAGE_CONFIG.blockBottom),
    blockColor: fallback(flag, DEFAULT_BARRAGE_CONFIG.blockColor),
  }),
);

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
    const read = settingOf(key, text.trim());
    if (read === null) return null;
    withSetting(next, key, read);
    count += 1;
  }
  return count === 0 ? null : next;
}
