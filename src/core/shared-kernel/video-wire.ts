/**
 * A video as the server's calls answer it (the wire form), shared by the protocols of the features that answer videos
 * (the catalogue's lists, playback's details and related videos). The app reads it into the card's `Video`
 * (video.ts: defaults for what is missing, a malformed item dropped).
 */

/** The uploader of a user's video as the wire carries it. */
interface WireUploader {
  uid: number;
  nickName: string;
  avatar: string;
}

export interface WireVideo {
  mediaKey: string;
  title: string;
  category: string;
  subId: number;
  /** Landscape cover (16:9). */
  cover: string;
  /** Portrait poster (3:4). */
  poster: string;
  /** Seconds. */
  duration: number;
  playCount: number;
  /** Out of 10, one decimal. */
  score: number;
  year: number | null;
  area: string;
  tags: string[];
  description: string;
  /** Unix milliseconds. */
  updatedAt: number;
  /** Null for the catalogue's own videos. */
  uploader: WireUploader | null;
}
