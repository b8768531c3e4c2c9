/** The camera as a QR reader: opened into the screen's video element, or refused. */
export type CameraOutcome = { ok: true; stop: () => void } | { ok: false; reason: 'denied' | 'unavailable' };

/**
 * Reading QR codes on the phone (/scanCode): from the camera (getUserMedia, BarcodeDetector when the browser has it,
 * else a decoder loaded on first use) or from a picture the user picked.
 */
export interface QrReader {
  /** Shows the back camera in `video` (a video element) and calls `onCode` with each code read until stop(). */
  openCamera(video: unknown, onCode: (text: string) => void): Promise<CameraOutcome>;
  /** The text of the QR code in a picture (a File or Blob); null when it holds none. */
  readPicture(picture: unknown): Promise<string | null>;
}
export const QrReader = Symbol('QrReader');
