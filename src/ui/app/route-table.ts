import type { ComponentType } from 'react';

/** A screen module: loaded on the first visit to its route. */
type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** One entry of the route table (spec: route table). */
export interface AppRoute {
  path: string;
  /** Named routes (Play, Space, ChannelNavigation, Chat) are reached by name too. */
  name?: string;
  title: string;
  /** Shows the tab bar (the five root pages). */
  tabBar?: boolean;
  /** The page sets its own title (or none): the shell leaves document.title alone. */
  noTitle?: boolean;
  /** Kept alive: revisiting it restores its scroll and state. */
  cacheable?: boolean;
  /** Transition index: pages slide left when going deeper, right when going back; none between root pages (depth 0). */
  depth: number;
  /** The screen. */
  load: ScreenLoader;
  /** The screen needs only the core bound at start (home): it does not wait for the other features' bindings. */
  startCore?: boolean;
  /** The screen needs the play features too (barrages, gold, comments): bound beside its code (lazy-features.ts). */
  playFeatures?: boolean;
}

