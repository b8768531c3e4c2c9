import type { ToastOptions } from '../../core/ports/notifier.ts';

/** The posting routes. */
export const PostingRoutes = {
  publish: '/publishDynamic',
  selectPreview: '/selectVideoPreview',
  preview: '/previewDynamicVideo',
  addPoster: '/dynamicVideoAddPoster',
  editPoster: '/dynamicVideoEditPoster',
  location: '/getUserLocation',
  searchLocation: '/searchUserLocation',
  myPosts: '/myDynamic',
  detail: '/dynamicDetail',
  login: '/login',
} as const;

/** Validation and refusal messages: bottom, 1.5 s (the spec's default toast). */
export const HINT: ToastOptions = { durationMs: 1500, position: 'bottom' };
