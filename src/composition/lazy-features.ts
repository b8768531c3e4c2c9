import type { Container } from 'inversify';

/**
 * Loads and binds the features outside the start core (feature-bindings.ts); resolves once they are bound. With
 * 'play', also the play features (barrages, gold and the play ads, comments: play-feature-bindings.ts), which only
 * the play screen and /myGold use.
 */
export const LoadFeatures = Symbol('LoadFeatures');
export type FeatureGroup = 'play';
export type LoadFeatures = (group?: FeatureGroup) => Promise<void>;

/**
 * The browser's loader of the feature bindings: `load` fetches the module that binds them (browser-features.ts).
 * The router is made before the container (the container's navigator needs the router), so routes get `ready` at
 * once and the container is attached right after; a failed load (the network) is tried again by the next call.
 */
export function lazyFeatures(load: () => Promise<(container: Container) => void>): { ready: LoadFeatures; attach(container: Container): void } {
  let attach: (container: Container) => void = () => undefined;
  const attached = new Promise<Container>((resolve) => (attach = resolve));
  let loading: Promise<void> | null = null;
  let loadingPlay: Promise<void> | null = null;
  const features = (): Promise<void> =>
    (loading ??= Promise.all([load(), attached])
      .then(([bind, container]) => bind(container))
      .catch((error: unknown) => {
        loading = null;
        throw error;
      }));
  const play = (): Promise<void> =>
    (loadingPlay ??= Promise.all([import('./play-feature-bindings.ts'), attached, features()])
      .then(([module, container]) => module.bindPlayFeatures(container))
      .catch((error: unknown) => {
        loadingPlay = null;
        throw error;
      }));
  const ready: LoadFeatures = (group) => (group === 'play' ? play() : features());
  return {
    ready,
    attach(container) {
      container.bind<LoadFeatures>(LoadFeatures).toConstantValue(ready);
      attach(container);
    },
  };
}
