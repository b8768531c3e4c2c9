import { FooterState } from './list-state.ts';

export const FooterTexts: Record<FooterState, string> = {
  [FooterState.Loading]: '加载中...',
  [FooterState.NoMore]: '没有更多了哦~',
  [FooterState.Failed]: '加载失败',
};
