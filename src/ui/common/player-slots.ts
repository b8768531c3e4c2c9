/**
 * What the play screen (/play/:mediaKey) hands to the parts other features draw on and under the player:
 * the barrage layer and bar, the gold gate, the pause and inserted ads, the video's social actions and its
 * comments. The play screen owns the <video> element; the parts read it only through a PlayerHandle.
 */

export type PlayerEvent = 'play' | 'pause' | 'seeking' | 'seeked' | 'timeupdate' | 'ended' | 'ratechange' | 'fullscreenchange';

export interface PlayerHandle {
  /** Seconds into the media. For a live stream, seconds into what this page has played. */
  currentTime(): number;
  /** Paused for any reason (by the user, before the first play, at the end). */
  paused(): boolean;
  /** Seconds; Infinity for a live stream, NaN before the metadata is known. */
  duration(): number;
  /** A live stream (no fixed timeline). */
  readonly live: boolean;
  /** The player area (video and overlays) is fullscreen. */
  fullscreen(): boolean;
  playbackRate(): number;
  /** Listens to the player's events; returns the unsubscribe. */
  on(listener: (event: PlayerEvent) => void): () => void;
  play(): Promise<void>;
  pause(): void;
}

/** The barrage parts (BarrageProvider wraps the player area and the bar). Barrages belong to one episode of one video. */
export interface BarrageSlotProps {
  mediaKey: string;
  /** 1-based episode; 1 for a film or a live channel. */
  episode: number;
  /** Null until the player exists (and while a gate or an inserted ad covers it). */
  player: PlayerHandle | null;
}

/** Shown over the player instead of the video while a paid video is locked. */
export interface GoldGateProps {
  mediaKey: string;
  title: string;
  /** Price in gold. */
  price: number;
  /** Called once the video is unlocked; the play screen then asks for the play address again. */
  onUnlocked(): void;
}

/** The pause ad (zanting): `visible` turns true each time the user pauses, false when playback resumes. */
export interface PauseAdProps {
  mediaKey: string;
  visible: boolean;
}

/** The inserted ad (chaBo), shown over the player before playback starts. Calls onFinished exactly once. */
export interface InsertedAdProps {
  mediaKey: string;
  onFinished(): void;
}

/** The uploader, when the video has one (short videos and posts). */
export interface VideoUploader {
  uid: number;
  nickName: string;
  avatar: string;
}

/** Like, dislike, collect, share, follow the uploader and the rating, under the player. */
export interface VideoActionsProps {
  mediaKey: string;
  title: string;
  uploader: VideoUploader | null;
}

/** The comment list with replies and the comment box. */
export interface CommentSectionProps {
  mediaKey: string;
  /** Sent as the optional videoType query of POST /api/Video/Replys (the category key). */
  videoType?: string;
}
