import { LEVEL_THRESHOLDS, MAX_LEVEL, levelFor } from '../shared-kernel/levels.ts';

/** Where a user stands: the level, and how far along the way to the next one (/myLevel's bar). */
export interface LevelProgress {
  level: number;
  experience: number;
  /** Experience the current level started at. */
  floor: number;
  /** Experience the next level needs; null at the highest level. */
  next: number | null;
  /** 0 to 100: the share of the way from this level to the next (100 at the highest level). */
  percent: number;
}

export function levelProgress(experience: number): LevelProgress {
  const exp = Math.max(0, Math.floor(experience));
  const level = levelFor(exp);
  const floor = LEVEL_THRESHOLDS[level - 1] ?? 0;
  const next = level >= MAX_LEVEL ? null : (LEVEL_THRESHOLDS[level] ?? null);
  const percent = next === null ? 100 : Math.min(100, Math.floor(((exp - floor) * 100) / (next - floor)));
  return { level, experience: exp, floor, next, percent };
}

/** 还需N经验升级到LvM, or 已满级. */
export function nextLevelText(progress: LevelProgress): string {
  if (progress.next === null) return '已达到最高等级';
  return `还需${progress.next - progress.experience}经验升级到Lv${progress.level + 1}`;
}

export interface LevelRow {
  level: number;
  threshold: number;
  /** What the level brings, as the app really does it. */
  perks: readonly string[];
}

/**
 * What each level brings. Every signed-in user may already comment, send barrages and publish posts (nothing in the
 * app is locked by level); a level shows as its own icon beside the name on the user page and the space page.
 */
export const LEVEL_ROWS: readonly LevelRow[] = LEVEL_THRESHOLDS.map((threshold, index) => ({
  level: index + 1,
  threshold,
  perks: index === 0 ? ['发送弹幕', '发表评论和回复', '发布视频动态', `Lv1等级图标`] : [`Lv${index + 1}专属等级图标`],
}));

/** How experience is earned (/myLevel's list). */
export const EXPERIENCE_WAYS: readonly string[] = ['每日签到 +10经验', '完成每日任务 每项+5~15经验', '完成新手任务 每项+10~20经验'];
