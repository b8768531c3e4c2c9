export type Unsubscribe = () => void;

export interface PageVisibility {
  /** False where the page-visibility API is unavailable. */
  supported(): boolean;
  isVisible(): boolean;
  onChange(listener: (visible: boolean) => void): Unsubscribe;
}
export const PageVisibility = Symbol('PageVisibility');
