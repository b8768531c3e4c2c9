import type { Unsubscribe } from '../ports/page-visibility.ts';

/**
 * The unread message count the account tab and the 消息 entry show: the shell sets it from GetUserMegCount,
 * an arriving message adds one, and marking a chat read asks the shell to fetch it again.
 */
export class UnreadCounter {
  private count = 0;
  private readonly listeners = new Set<(count: number) => void>();
  private readonly refreshListeners = new Set<() => void>();

  value(): number {
    return this.count;
  }

  set(count: number): void {
    const next = Number.isInteger(count) && count > 0 ? count : 0;
    if (next === this.count) return;
    this.count = next;
    for (const listener of [...this.listeners]) listener(next);
  }

  /** One more unread message arrived. */
  arrived(): void {
    this.set(this.count + 1);
  }

  /** The server's count changed (a chat was read): whoever fetches it should do so. */
  requestRefresh(): void {
    for (const listener of [...this.refreshListeners]) listener();
  }

  subscribe(listener: (count: number) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onRefreshRequested(listener: () => void): Unsubscribe {
    this.refreshListeners.add(listener);
    return () => this.refreshListeners.delete(listener);
  }
}
