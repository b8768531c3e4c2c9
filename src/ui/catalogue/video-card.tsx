import { formatDuration } from '../../core/display/duration.ts';
import { formatImageUrl } from '../../core/display/image-url.ts';
import type { Video } from '../../core/shared-kernel/video.ts';
import { GRID_COVER_SIZE } from '../../core/catalogue/first-screen.ts';
import { useViewModel } from '../app/container-context.tsx';
import { Count, TimeLabel } from '../common/display.tsx';
import { VideoCardModel } from './video-card-view-model.ts';
import './catalogue.css';

/** Display sizes (CSS pixels) the cover images are requested for. */
const CardSizes = {
  grid: GRID_COVER_SIZE,
  row: { width: 160, height: 90 },
} as const;

function coverUrl(src: string, size: { width: number; height: number }): string {
  const result = formatImageUrl(src, size);
  return result.ok ? result.url : '';
}

/**
 * A video: cover with the duration badge, title, play count and update time. Tapping opens /play/<mediaKey>.
 * Covers load lazily, but for `firstScreen` cards (those a phone shows before any scroll: fetched at once, the
 * largest of them being the page's largest paint, and decoded with the frame that shows them rather than a frame
 * later); width and height come from the display sizes, so nothing shifts.
 */
export function VideoCard({
  video,
  layout = 'grid',
  rank,
  extra,
  firstScreen = false,
}: {
  video: Video;
  layout?: 'grid' | 'row';
  rank?: number;
  extra?: React.ReactNode;
  firstScreen?: boolean;
}) {
  const vm = useViewModel(VideoCardModel);
  const size = CardSizes[layout];
  return (
    <button type="button" className={`video-card video-card--${layout}`} data-testid="video-card" onClick={() => vm.tapped(video)}>
      <span className="video-card__cover">
        <img
          src={coverUrl(video.cover, size)}
          alt=""
          loading={firstScreen ? 'eager' : 'lazy'}
          fetchPriority={firstScreen ? 'high' : 'auto'}
          decoding={firstScreen ? 'sync' : 'async'}
          width={size.width}
          height={size.height}
        />
        {rank !== undefined && <span className={`video-card__rank video-card__rank--${Math.min(rank, 4)}`}>{rank}</span>}
        {video.duration > 0 && <span className="video-card__duration">{formatDuration(video.duration)}</span>}
      </span>
      <span className="video-card__body">
        <span className="video-card__title">{video.title}</span>
        <span className="video-card__meta">
          <span className="video-card__plays">
            <Count value={video.playCount} />次播放
          </span>
          {video.updatedAt > 0 && <TimeLabel time={video.updatedAt} />}
        </span>
        {extra}
      </span>
    </button>
  );
}
