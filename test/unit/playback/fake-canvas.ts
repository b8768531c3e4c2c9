/** The barrage renderer's tests draw on these: a canvas and 2D context that measure text and count draws, nothing more. */

/** A 2D context that measures every character 10 px wide and counts what is drawn. */
export function fakeContext() {
  const counts = { drawImage: 0, fillText: 0, clearRect: 0 };
  const context = {
    counts,
    font: '',
    textBaseline: '',
    lineJoin: '',
    lineWidth: 1,
    strokeStyle: '',
    fillStyle: '',
    globalAlpha: 1,
    measureText: (text: string) => ({ width: [...text].length * 10 }),
    setTransform: () => undefined,
    save: () => undefined,
    restore: () => undefined,
    clearRect: () => void (counts.clearRect += 1),
    drawImage: () => void (counts.drawImage += 1),
    fillText: () => void (counts.fillText += 1),
    strokeText: () => undefined,
    fillRect: () => undefined,
    strokeRect: () => undefined,
  };
  return context;
}

/** A canvas whose 2D context is {@link fakeContext}. */
export function fakeCanvas() {
  const context = fakeContext();
  const canvas = { width: 0, height: 0, getContext: () => context } as unknown as HTMLCanvasElement;
  return { canvas, context };
}
