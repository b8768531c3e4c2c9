// @vitest-environment happy-dom
import { Container } from 'inversify';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContainerProvider, useViewModel } from '../../../src/ui/app/container-context.tsx';
import { bindViewModel, viewModelToken } from '../../../src/ui/app/view-model-token.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

class EpisodeModel {
  constructor(readonly episode: number) {}
}
const Episode = viewModelToken<EpisodeModel, { episode: number }>('EpisodeModel');

describe('useViewModel', () => {
  it('keeps one view-model for the component’s life, or makes a new one when one of renewOn changes', () => {
    const container = new Container();
    const made: number[] = [];
    bindViewModel(container, Episode, (_c, { episode }) => {
      made.push(episode);
      return new EpisodeModel(episode);
    });
    const seen: { once: number; renewed: number }[] = [];
    function Probe({ episode }: { episode: number }) {
      const once = useViewModel(Episode, { episode });
      const renewed = useViewModel(Episode, { episode }, [episode]);
      seen.push({ once: once.episode, renewed: renewed.episode });
      return null;
    }
    const host = document.createElement('div');
    root = createRoot(host);
    const show = (episode: number) => act(() => root?.render(<ContainerProvider container={container}><Probe episode={episode} /></ContainerProvider>));
    show(1);
    show(1);
    show(2);
    expect(seen.at(-1)).toEqual({ once: 1, renewed: 2 });
    expect(made).toEqual([1, 1, 2]);
  });
});
