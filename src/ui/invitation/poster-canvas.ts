import { drawQrCode } from '../common/qr-code.tsx';
import type { PosterContent } from './invitation-view-models.ts';

const WIDTH = 600;
const HEIGHT = 900;

/** Text centred at y, shrunk until it fits the width. */
function centred(context: CanvasRenderingContext2D, text: string, y: number, size: number, color: string, weight = 'normal'): void {
  let fontSize = size;
  do {
    context.font = `${weight} ${fontSize}px "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif`;
    fontSize -= 2;
  } while (context.measureText(text).width > WIDTH - 80 && fontSize > 12);
  context.fillStyle = color;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, WIDTH / 2, y);
}

/**
 * The share poster as a PNG (data: address), drawn on a canvas: the brand on the app's gradient, the inviter, the
 * code, and a QR code of the invitation link.
 */
export async function renderPosterPng(poster: PosterContent): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  await document.fonts?.ready;

  const background = context.createLinearGradient(0, 0, 0, HEIGHT);
  background.addColorStop(0, '#ff7a45');
  background.addColorStop(1, '#ff2d55');
  context.fillStyle = background;
  context.fillRect(0, 0, WIDTH, HEIGHT);

  centred(context, poster.brand, 90, 52, '#fff', 'bold');
  centred(context, poster.headline, 160, 32, '#fff');

  context.fillStyle = '#fff';
  // roundRect is missing before Safari 16: a square card there.
  if (typeof (context as Partial<CanvasRenderingContext2D>).roundRect === 'function') {
    context.beginPath();
    context.roundRect(50, 220, WIDTH - 100, 620, 24);
    context.fill();
  } else context.fillRect(50, 220, WIDTH - 100, 620);

  centred(context, poster.nickName ? `${poster.nickName} 邀请你加入` : '好友邀请你加入', 275, 28, '#333');
  centred(context, '邀请码', 335, 24, '#999');
  centred(context, poster.code.split('').join(' '), 390, 56, '#ff2d55', 'bold');
  drawQrCode(context, poster.link, (WIDTH - 300) / 2, 450, 300);
  centred(context, poster.offer, 790, 26, '#666');

  return canvas.toDataURL('image/png');
}
