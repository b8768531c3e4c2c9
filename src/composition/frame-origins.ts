/**
 * The sites whose pages open inside the app at /iframe (FRAME_ORIGINS at build time, the same list the server puts in
 * the page's frame-src): origins, none by default (core/help/article-links.ts).
 */
export const FrameOrigins = Symbol('FrameOrigins');
