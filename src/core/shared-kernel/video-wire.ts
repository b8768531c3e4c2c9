/**
 * A video as the server's calls answer it, declared once (the catalogue's lists, playback's details and related
 * videos, focus): the schema the app reads every answer's videos through (ApiClient, protocol.ts `answer`) and the
 * type the server builds them as. What is missing gets its empty value; a video without a key or title is dropped
 * from its list.
 */
import { object, optional, pipe, transform, unknown, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';

/** The uploader of a user's video (none for the catalogue's own videos, or without a uid). */
const uploader = object({ uid: wire.positive, nickName: wire.text, avatar: wire.text });

/** A number of 0 or more the answer may leave out (then present but undefined). */
const optionalAmount = optional(pipe(unknown(), transform((value) => wire.amountOf(value))));

export const video = object({
  mediaKey: wire.key,
  title: wire.key,
  category: wire.text,
  subId: wire.amount(),
  /** Landscape cover (16:9). */
  cover: wire.text,
  /** Portrait poster (3:4). */
  poster: wire.text,
  /** Seconds. */
  duration: wire.amount(),
  playCount: wire.amount(),
  /** Out of 10, one decimal. */
  score: wire.amount(),
  year: wire.amountOrNull,
  area: wire.text,
  tags: wire.items(wire.key),
  description: wire.text,
  /** Unix milliseconds; 0 when unknown. */
  updatedAt: wire.amount(),
  /** Null for the catalogue's own videos. */
  uploader: wire.orNull(uploader),
  /** Rank position (ranking only). */
  rank: optionalAmount,
  /** Seconds watched (history, watching list). */
  progress: optionalAmount,
});

/** The card's video, as every call answering videos carries it. */
export type WireVideo = InferOutput<typeof video>;
