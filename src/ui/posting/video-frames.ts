/**
 * What the posting screens read from a picked video in the browser: its duration, and still frames drawn on a
 * canvas (the poster candidates and the automatic first-frame cover). Each step gives up after a while, so a video
 * the browser cannot decode ends in an error the screen can show rather than a spinner forever.
 */

const STEP_TIMEOUT_MS = 15_000;
/** Poster candidates are drawn this wide (they are shown as small tiles, then cropped from the full frame). */
const FRAME_TILE_WIDTH = 360;

function waitFor(video: HTMLVideoElement, event: 'loadedmetadata' | 'loadeddata' | 'seeked'): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`video ${event} timed out`)), STEP_TIMEOUT_MS);
    const onEvent = () => done(null);
    const onError = () => done(new Error('video could not be decoded'));
    function done(error: Error | null) {
      clearTimeout(timer);
      video.removeEventListener(event, onEvent);
      video.removeEventListener('error', onError);
      if (error) reject(error);
      else resolve();
    }
    video.addEventListener(event, onEvent);
    video.addEventListener('error', onError);
  });
}

/** A muted, detached video element with the source loaded to its first frame. */
async function openVideo(url: string): Promise<HTMLVideoElement> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  const loaded = waitFor(video, 'loadeddata');
  video.src = url;
  await loaded;
  return video;
}

function closeVideo(video: HTMLVideoElement): void {
  video.removeAttribute('src');
  video.load();
}

/**
 * A file's duration in seconds (0 when the browser cannot tell, such as some live-recorded webm). Rejects when the
 * file is not a video the browser can open.
 */
export async function readVideoDuration(url: string): Promise<number> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'metadata';
  const loaded = waitFor(video, 'loadedmetadata');
  video.src = url;
  try {
    await loaded;
    return Number.isFinite(video.duration) && video.duration > 0 ? video.duration : 0;
  } finally {
    closeVideo(video);
  }
}

async function seek(video: HTMLVideoElement, time: number): Promise<void> {
  if (Math.abs(video.currentTime - time) < 0.001 && video.readyState >= 2) return;
  const seeked = waitFor(video, 'seeked');
  video.currentTime = time;
  await seeked;
}

function draw(video: HTMLVideoElement, maxWidth: number): Promise<Blob> {
  const width = Math.min(maxWidth, video.videoWidth || maxWidth);
  const height = Math.max(1, Math.round((width * (video.videoHeight || 9)) / (video.videoWidth || 16)));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no canvas'));
  context.drawImage(video, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no frame'))), 'image/jpeg', 0.9));
}

/** The times `count` frames are taken at: the middles of equal slices of the video. */
function frameTimes(duration: number, count: number): number[] {
  if (!(duration > 0) || count <= 0) return [0];
  return Array.from({ length: count }, (_, index) => (duration * (index + 0.5)) / count);
}

/** `count` frames spread over the video, as JPEG blobs twice FRAME_TILE_WIDTH wide (sharp on 2× screens; narrower for a narrow video). */
export async function captureFrames(url: string, count: number, maxWidth = FRAME_TILE_WIDTH * 2): Promise<Blob[]> {
  const video = await openVideo(url);
  try {
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const frames: Blob[] = [];
    for (const time of frameTimes(duration, count)) {
      await seek(video, time);
      frames.push(await draw(video, maxWidth));
    }
    return frames;
  } finally {
    closeVideo(video);
  }
}

/** The video's first picture (a little past 0, where a frame is surely decoded) as a JPEG blob. */
export async function captureFirstFrame(url: string, maxWidth = 1080): Promise<Blob> {
  const video = await openVideo(url);
  try {
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    await seek(video, Math.min(0.1, duration / 2));
    return await draw(video, maxWidth);
  } finally {
    closeVideo(video);
  }
}

/** An image's natural size once loaded; rejects for a file that is not a picture the browser can show. */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image could not be decoded'));
    image.src = url;
  });
}

/** Draws a part of an image into a canvas of the given size and returns it as a JPEG blob. */
export function cropToJpeg(
  image: CanvasImageSource,
  rect: { sx: number; sy: number; sw: number; sh: number },
  output: { width: number; height: number; quality: number },
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no canvas'));
  context.fillStyle = '#000';
  context.fillRect(0, 0, output.width, output.height);
  context.drawImage(image, rect.sx, rect.sy, rect.sw, rect.sh, 0, 0, output.width, output.height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/jpeg', output.quality));
}
