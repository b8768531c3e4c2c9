/**
 * A place as answers give it (the reference server's place search, SearchPlace; a post's location is the same
 * shape): the schema the app reads it through. Without an id or a name it is unreadable (left off a list); the
 * distance is there only when the answer gives one (a search near a point).
 */
import { object, optional, pipe, transform, unknown } from 'valibot';
import type { Place } from '../ports/place-search.ts';
import * as wire from '../request/answer-values.ts';

export const place = pipe(
  object({
    id: wire.key,
    name: wire.key,
    address: wire.text,
    lat: wire.number(),
    lng: wire.number(),
    distanceM: optional(pipe(unknown(), transform((value) => (value === null ? undefined : wire.numberOf(value))))),
  }),
  transform(({ distanceM, ...read }): Place => (distanceM === undefined ? read : { ...read, distanceM })),
);
