export interface Clipboard {
  /** Resolves when the text is on the clipboard; rejects when it could not be copied. */
  copy(text: string): Promise<void>;
}
export const Clipboard = Symbol('Clipboard');
