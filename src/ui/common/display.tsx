import { useState } from 'react';
import { formatCount } from '../../core/display/count.ts';
import { avatarBadge, avatarSource, avatarSpaceUid, DEFAULT_AVATAR, levelIcon, sexIcon, type AvatarProps } from '../../core/display/icons.ts';
import { formatImageUrl } from '../../core/display/image-url.ts';
import { timeLabel, type TimeInput } from '../../core/display/time-label.ts';
import { useViewModel } from '../app/container-context.tsx';
import { AvatarModel } from './common-view-models.ts';
import { useNow } from './use-now.ts';

/** A user's avatar: the picture at its display size (placeholder when missing or broken), one badge, and a tap to their space. */
export function Avatar(props: AvatarProps & { size?: number; className?: string }) {
  const size = props.size ?? 40;
  const vm = useViewModel(AvatarModel);
  const formatted = formatImageUrl(avatarSource(props.src), { width: size, height: size });
  const [broken, setBroken] = useState(false);
  const src = broken || !formatted.ok ? DEFAULT_AVATAR : formatted.url;
  const badge = avatarBadge(props);
  const uid = avatarSpaceUid(props.uid);
  const picture = (
    <>
      <img className="avatar__img" src={src} alt="头像" width={size} height={size} onError={() => setBroken(true)} />
      {badge?.kind === 'bigV' && <span className="avatar__badge avatar__badge--bigv" aria-label="认证用户">V</span>}
      {badge?.kind === 'kefu' && <span className="avatar__badge avatar__badge--kefu" aria-label="官方客服">客服</span>}
      {badge?.kind === 'vip' && <span className="avatar__badge avatar__badge--vip" aria-label={`VIP${badge.level}`}>VIP</span>}
    </>
  );
  const style = { width: size, height: size };
  return uid === null ? (
    <span className={`avatar ${props.className ?? ''}`} style={style}>{picture}</span>
  ) : (
    <button type="button" className={`avatar avatar--tappable ${props.className ?? ''}`} style={style} onClick={() => vm.spaceTapped(uid)}>
      {picture}
    </button>
  );
}

/** The level icon (1 to 8; nothing below 1). */
export function LevelIcon({ level }: { level: unknown }) {
  const n = levelIcon(level);
  return n === 0 ? null : <span className={`level-icon level-icon--${n}`} aria-label={`等级${n}`}>Lv{n}</span>;
}

/** ♀ for 0, ♂ otherwise. */
export function SexIcon({ sex }: { sex: unknown }) {
  const kind = sexIcon(sex);
  return <span className={`sex-icon sex-icon--${kind}`} aria-label={kind === 'female' ? '女' : '男'}>{kind === 'female' ? '♀' : '♂'}</span>;
}

/** A relative time label (刚刚, N小时前, N天前, or a date), kept current by the 60 s tick. */
export function TimeLabel({ time }: { time: TimeInput }) {
  const { now, offsetMinutes } = useNow();
  return <span className="time-label">{timeLabel(time, now, offsetMinutes)}</span>;
}

/** A count (play counts, likes): 9999, 1.0万, 12345.7万. */
export function Count({ value }: { value: number | string | null | undefined }) {
  return <span className="count">{formatCount(value)}</span>;
}
