import type { PageVisibility, Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/** The parts of a document the page-visibility API uses. */
export interface VisibilityDocument {
  readonly visibilityState?: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** document.visibilityState and the visibilitychange event. */
export class DocumentPageVisibility implements PageVisibility {
  constructor(private readonly doc: VisibilityDocument) {}

  supported(): boolean {
    return this.doc.visibilityState !== undefined;
  }

  /** True unless the document says it is hidden (always true where the API is missing). */
  isVisible(): boolean {
    return this.doc.visibilityState !== 'hidden';
  }

  onChange(listener: (visible: boolean) => void): Unsubscribe {
    const handler = () => listener(this.isVisible());
    this.doc.addEventListener('visibilitychange', handler);
    return () => this.doc.removeEventListener('visibilitychange', handler);
  }
}
