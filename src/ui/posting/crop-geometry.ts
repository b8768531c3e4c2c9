/**
 * The poster cropper's geometry: an image laid under a fixed 3:4 frame, moved by dragging and scaled by pinching or
 * the zoom slider, always covering the whole frame. Pure numbers, so the gestures and the final crop agree.
 */

export interface Size {
  width: number;
  height: number;
}

export interface CropState {
  frame: Size;
  image: Size;
  /** 1 = the image just covers the frame; up to CropLimits.maxZoom. */
  zoom: number;
  /** The image's top-left corner relative to the frame's, in frame pixels (≤ 0: the image covers the frame). */
  x: number;
  y: number;
}

export const CropLimits = {
  /** The cover's aspect ratio, width : height. */
  aspect: 3 / 4,
  minZoom: 1,
  maxZoom: 3,
  /** The JPEG made from the crop. */
  outputWidth: 720,
  outputHeight: 960,
  outputQuality: 0.9,
} as const;

/** Frame pixels per image pixel at zoom 1: the smallest scale at which the image covers the frame. */
function coverScale(frame: Size, image: Size): number {
  if (image.width <= 0 || image.height <= 0) return 1;
  return Math.max(frame.width / image.width, frame.height / image.height);
}

export function scaleOf(state: CropState): number {
  return coverScale(state.frame, state.image) * state.zoom;
}

function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return CropLimits.minZoom;
  return Math.min(CropLimits.maxZoom, Math.max(CropLimits.minZoom, zoom));
}

/** Keeps the image over the whole frame: no gap on any side. */
function clamped(state: CropState): CropState {
  const scale = scaleOf(state);
  const minX = state.frame.width - state.image.width * scale;
  const minY = state.frame.height - state.image.height * scale;
  return { ...state, x: Math.min(0, Math.max(minX, state.x)), y: Math.min(0, Math.max(minY, state.y)) };
}

/** The image centred under the frame at zoom 1. */
export function initialCrop(frame: Size, image: Size): CropState {
  const scale = coverScale(frame, image);
  return clamped({
    frame,
    image,
    zoom: 1,
    x: (frame.width - image.width * scale) / 2,
    y: (frame.height - image.height * scale) / 2,
  });
}

/** Moved by a drag of (dx, dy) frame pixels, stopping at the image's edges. */
export function panCrop(state: CropState, dx: number, dy: number): CropState {
  return clamped({ ...state, x: state.x + dx, y: state.y + dy });
}

/** Zoomed to `zoom` (clamped to 1–3) keeping the image point under `focus` (frame pixels; the centre by default) still. */
export function zoomCrop(state: CropState, zoom: number, focus: { x: number; y: number } = { x: state.frame.width / 2, y: state.frame.height / 2 }): CropState {
  const next = clampZoom(zoom);
  const ratio = next / state.zoom;
  return clamped({
    ...state,
    zoom: next,
    x: focus.x - (focus.x - state.x) * ratio,
    y: focus.y - (focus.y - state.y) * ratio,
  });
}

/** The part of the image inside the frame, in image pixels (what is drawn into the cover). */
export function cropRect(state: CropState): { sx: number; sy: number; sw: number; sh: number } {
  const scale = scaleOf(state);
  return { sx: -state.x / scale, sy: -state.y / scale, sw: state.frame.width / scale, sh: state.frame.height / scale };
}

/** The 3:4 frame that fits in an area (the editor's width, and at most the height left for it). */
export function frameFor(available: Size): Size {
  const width = Math.max(1, Math.min(available.width, available.height * CropLimits.aspect));
  return { width, height: width / CropLimits.aspect };
}
