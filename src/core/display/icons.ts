/** The picture shown while an avatar is missing or fails to load. */
export const DEFAULT_AVATAR = '/assets/avatar-default.svg';
/** Level icons exist for levels 1 to 8. */
const MAX_LEVEL = 8;

/** The level icon to show: capped at 8; 0 (no icon) for a level below 1 or unreadable. */
export function levelIcon(level: unknown): number {
  const n = Math.floor(Number(level));
  if (!Number.isFinite(n) || n < 1) return 0;
  return Math.min(n, MAX_LEVEL);
}

export type Sex = 'female' | 'male';

/** Sex icon: 0 is female, anything else male. */
export function sexIcon(sex: unknown): Sex {
  return sex === 0 || sex === '0' ? 'female' : 'male';
}

export interface AvatarProps {
  src?: unknown;
  bigV?: unknown;
  kefu?: unknown;
  uid?: unknown;
  vipLevel?: unknown;
}

export type AvatarBadge = { kind: 'bigV' } | { kind: 'kefu' } | { kind: 'vip'; level: number } | null;

const truthy = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

/** One badge at most: big-V, else customer service (kefu), else the VIP level (above 0). */
export function avatarBadge(props: AvatarProps): AvatarBadge {
  if (truthy(props.bigV)) return { kind: 'bigV' };
  if (truthy(props.kefu)) return { kind: 'kefu' };
  const level = Math.floor(Number(props.vipLevel));
  return Number.isFinite(level) && level > 0 ? { kind: 'vip', level } : null;
}

/** The avatar picture: the given one, or the placeholder. */
export function avatarSource(src: unknown): string {
  return typeof src === 'string' && src.trim() !== '' ? src.trim() : DEFAULT_AVATAR;
}

/** The uid an avatar opens the space of when tapped, or null. */
export function avatarSpaceUid(uid: unknown): number | null {
  const n = Number(uid);
  return Number.isInteger(n) && n > 0 ? n : null;
}
