/**
 * Where a finger is on an element of the player, in the player's own axes. The CSS-fullscreen player of a phone
 * held upright is turned a quarter clockwise (player-gestures.css), so its horizontal runs down the screen: the
 * screen's rectangle of a turned element is its layout size swapped.
 */
export function pointInPlayer(element: HTMLElement, clientX: number, clientY: number): { x: number; y: number; width: number; height: number } {
  const rect = element.getBoundingClientRect();
  const width = element.offsetWidth;
  const turned = width > 0 && Math.abs(width - rect.height) < 1 && Math.abs(width - rect.width) >= 1;
  if (turned) return { x: clientY - rect.top, y: rect.right - clientX, width: rect.height, height: rect.width };
  return { x: clientX - rect.left, y: clientY - rect.top, width: rect.width, height: rect.height };
}
