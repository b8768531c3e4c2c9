/**
 * Movie requests' rules: when two titles are the same request, and how a request reads. Framework-free; the app, the
 * fake and the reference server all compare titles with {@link titleKey}.
 */
import { type MovieKind, type MovieRequestState } from './movie-requests-protocol.ts';
import { MovieRequestLimits, MovieRequestTexts } from './movie-requests-texts.ts';

/** Spaces, punctuation, symbols and control characters: left out when titles are compared. */
const IGNORED = /[\p{P}\p{S}\p{Z}\p{C}\s]/gu;

/**
 * The title as compared: full-width and other compatibility forms folded to their plain ones (ＡＢＣ → abc, １ → 1),
 * case folded, spaces, punctuation and symbols left out. 《流浪地球 2》, 流浪地球2 and 流浪 地球-2 are one key.
 */
export function titleKey(title: string): string {
  const folded = title.normalize('NFKC').toLowerCase().replace(IGNORED, '');
  // Folding again after the strip composes what the strip brought together (e + ◌́ → é).
  return folded.normalize('NFKC').replace(IGNORED, '');
}

/** A title's length as a person counts it (code points). */
const lengthOf = (text: string): number => [...text].length;

/** What to fill in: the request form as typed. */
export interface MovieRequestDraft {
  title: string;
  /** As typed: '' for none. */
  year: string;
  kind: MovieKind;
  note: string;
}

/** The form's request once checked: the title and note trimmed, the year a number (absent when not given). */
export interface CheckedRequest {
  title: string;
  year?: number;
  kind: MovieKind;
  note?: string;
}

/** The form checked as the server checks it: the request to send, or what is wrong. */
export function checkDraft(draft: MovieRequestDraft): { ok: true; request: CheckedRequest } | { ok: false; problem: string } {
  const title = draft.title.trim();
  if (titleKey(title) === '') return { ok: false, problem: MovieRequestTexts.TitleInvalid };
  if (lengthOf(title) > MovieRequestLimits.maxTitle) return { ok: false, problem: MovieRequestTexts.TitleLong };
  const note = draft.note.trim();
  if (lengthOf(note) > MovieRequestLimits.maxNote) return { ok: false, problem: MovieRequestTexts.NoteLong };
  const yearText = draft.year.trim();
  let year: number | undefined;
  if (yearText !== '') {
    year = /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
    if (!(year >= MovieRequestLimits.minYear && year <= MovieRequestLimits.maxYear)) return { ok: false, problem: MovieRequestTexts.YearInvalid };
  }
  return { ok: true, request: { title, kind: draft.kind, ...(year === undefined ? {} : { year }), ...(note === '' ? {} : { note }) } };
}

export const MOVIE_KIND_LABELS: Readonly<Record<MovieKind, string>> = {
  movie: '电影',
  drama: '电视剧',
  variety: '综艺',
  anime: '动漫',
  documentary: '纪录片',
  other: '其他',
};

export const MOVIE_REQUEST_STATE_LABELS: Readonly<Record<MovieRequestState, string>> = {
  pending: '待处理',
  online: '已上线',
  unavailable: '暂无片源',
};

/** 电影 · 2019, or 电影 alone when no year was given. */
export function kindYearText(kind: MovieKind, year: number): string {
  return year > 0 ? `${MOVIE_KIND_LABELS[kind]} · ${year}` : MOVIE_KIND_LABELS[kind];
}

/** 3人想看 */
export const wantsText = (wants: number): string => `${wants}人想看`;
