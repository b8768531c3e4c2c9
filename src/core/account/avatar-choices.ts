import { DEFAULT_AVATAR } from '../display/icons.ts';

/**
 * Avatars the user may pick on /editInfo until real uploads exist: the placeholder and the reference
 * server's demo avatars (the server accepts only these).
 */
export const AVATAR_CHOICES: readonly string[] = [
  DEFAULT_AVATAR,
  '/media/demo/avatar-1.png',
  '/media/demo/avatar-2.png',
  '/media/demo/avatar-3.png',
];
