import { AccountCalls } from './account-protocol.ts';

/**
 * The settings call's path for a test fake that predates the declaration (test/unit/playback); the account's calls
 * are declared in account-protocol.ts. Goes when that fake routes `AccountCalls.settings` itself.
 */
export const AccountPaths = {
  getSettings: AccountCalls.settings.path,
} as const;

