import type { Container } from 'inversify';
import { MessagingConnection } from '../core/messaging/messaging-connection.ts';
import { BarrageStorageKeys } from '../core/playback/barrage-storage-keys.ts';
import { LocalStore, type KeyValueStore } from '../core/ports/key-value-store.ts';

/**
 * Bound with messaging (the barrage services themselves come with the play screen): when the account logs in elsewhere,
 * the stored block lists go with the stored user, whether or not a play page was opened.
 */
export function bindBarrageStorageCleanup(container: Container): void {
  container.onActivation(MessagingConnection, (ctx, connection) => {
    const local = ctx.get<KeyValueStore>(LocalStore);
    connection.onSignedOutElsewhere(() => local.remove(BarrageStorageKeys.shields));
    return connection;
  });
}
