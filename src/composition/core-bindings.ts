import type { Container } from 'inversify';
import { bindFeatures } from './feature-bindings.ts';
import { bindStartCore } from './start-bindings.ts';

/**
 * The whole core at once, for the headless entry and Node tests: what the browser binds at start and what it
 * binds when the first screen needing it loads. Barrages, gold and comments: bindPlayFeatures.
 */
export function bindCore(container: Container): void {
  bindStartCore(container);
  bindFeatures(container);
}
