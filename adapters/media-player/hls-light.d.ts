// hls.js ships no declaration for its light build (no alternate audio, subtitles or DRM): it has the full build's API.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
  export * from 'hls.js';
}
