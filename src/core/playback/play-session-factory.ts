import type { PlaySession } from './play-session.ts';

/**
 * Makes the session of one play screen. Asynchronous so the session's code is loaded with the play screen,
 * not with the app's first screen.
 */
export type PlaySessionFactory = () => Promise<PlaySession>;
export const PlaySessionFactory = Symbol('PlaySessionFactory');
