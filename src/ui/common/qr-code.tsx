import { encode } from 'uqr';

/** A QR code's dark modules, row by row (medium error correction, a 2-module quiet zone), drawn with uqr. */
function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 2 }).data;
}

/** The dark modules as one SVG path, one unit per module. */
function qrPath(modules: boolean[][]): string {
  return modules.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
}

/** A QR code of `text` as an SVG image (crisp at any size), on white. */
export function QrCode({ text, size, label }: { text: string; size: number; label: string }) {
  const modules = qrModules(text);
  const count = modules.length;
  return (
    <svg className="qr-code" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges" data-qr-text={text}>
      <rect width={count} height={count} fill="#fff" />
      <path d={qrPath(modules)} fill="#000" />
    </svg>
  );
}

/** Draws a QR code of `text` on a canvas, `size` pixels square at (x, y), on white. */
export function drawQrCode(context: CanvasRenderingContext2D, text: string, x: number, y: number, size: number): void {
  const modules = qrModules(text);
  const cell = size / modules.length;
  context.fillStyle = '#fff';
  context.fillRect(x, y, size, size);
  context.fillStyle = '#000';
  modules.forEach((row, rowIndex) =>
    row.forEach((dark, column) => {
      if (dark) context.fillRect(Math.floor(x + column * cell), Math.floor(y + rowIndex * cell), Math.ceil(cell), Math.ceil(cell));
    }),
  );
}
