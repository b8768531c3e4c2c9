import type { CameraOutcome, QrReader } from '../../src/core/ports/qr-reader.ts';

/** The browser's own detector (Chrome on Android and macOS, Safari 17+); absent elsewhere. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource | ImageBitmap): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Reads one frame or picture: its QR code's text, or null. */
type Decode = (source: CanvasImageSource, width: number, height: number) => Promise<string | null>;

/** Camera frames are read this often. */
const FRAME_INTERVAL_MS = 250;
/** Pictures are read at most this many pixels on their longer side (a phone photo is 4000: slow and no better). */
const MAX_PICTURE_SIDE = 1280;

/**
 * The QrReader port in the browser: getUserMedia's back camera into the screen's video element, read a few times a
 * second; pictures drawn once. BarcodeDetector reads when the browser has it with QR codes; otherwise jsQR, loaded on
 * first use (a dynamic import, so it stays out of the app's main bundle), reads the pixels of a canvas.
 */
export class BrowserQrReader implements QrReader {
  private decoder: Promise<Decode> | null = null;

  constructor(private readonly win: Window) {}

  async openCamera(video: unknown, onCode: (text: string) => void): Promise<CameraOutcome> {
    const media = this.win.navigator.mediaDevices as MediaDevices | undefined;
    if (media?.getUserMedia === undefined) return { ok: false, reason: 'unavailable' };
    let stream: MediaStream;
    try {
      stream = await media.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      return { ok: false, reason: name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError' ? 'denied' : 'unavailable' };
    }
    const element = video as HTMLVideoElement;
    element.muted = true;
    element.playsInline = true;
    element.srcObject = stream;
    await element.play().catch(() => undefined);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = (): void => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      element.srcObject = null;
    };
    const readFrame = async (): Promise<void> => {
      if (stopped) return;
      if (element.videoWidth > 0) {
        const text = await (await this.decode())(element, element.videoWidth, element.videoHeight).catch(() => null);
        if (stopped) return;
        if (text !== null) {
          stop();
          onCode(text);
          return;
        }
      }
      timer = setTimeout(() => void readFrame(), FRAME_INTERVAL_MS);
    };
    void readFrame();
    return { ok: true, stop };
  }

  async readPicture(picture: unknown): Promise<string | null> {
    let bitmap: ImageBitmap;
    try {
      bitmap = await this.win.createImageBitmap(picture as Blob);
    } catch {
      // Not a picture the browser can draw.
      return null;
    }
    try {
      return await (await this.decode())(bitmap, bitmap.width, bitmap.height);
    } catch {
      return null;
    } finally {
      bitmap.close();
    }
  }

  private decode(): Promise<Decode> {
    this.decoder ??= this.chooseDecoder();
    return this.decoder;
  }

  private async chooseDecoder(): Promise<Decode> {
    const Detector = (this.win as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
    const formats = Detector === undefined ? [] : await Detector.getSupportedFormats?.().catch(() => []) ?? ['qr_code'];
    if (Detector !== undefined && formats.includes('qr_code')) {
      const detector = new Detector({ formats: ['qr_code'] });
      return async (source) => (await detector.detect(source))[0]?.rawValue ?? null;
    }
    const { default: jsQR } = await import('jsqr');
    const canvas = this.win.document.createElement('canvas');
    return async (source, width, height) => {
      const scale = Math.min(1, MAX_PICTURE_SIDE / Math.max(width, height));
      canvas.width = Math.max(1, Math.round(width * scale));
      canvas.height = Math.max(1, Math.round(height * scale));
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (context === null) return null;
      context.drawImage(source, 0, 0, canvas.width, canvas.height);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
      return jsQR(pixels.data, pixels.width, pixels.height)?.data ?? null;
    };
  }
}
