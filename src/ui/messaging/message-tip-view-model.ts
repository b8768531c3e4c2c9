import type { MessageTips, TipsState } from '../../core/messaging/message-tips.ts';
import type { MessagingConnection } from '../../core/messaging/messaging-connection.ts';
import type { Unsubscribe } from '../../core/ports/page-visibility.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/**
 * The message tip popup and the messaging connection it starts: the core's tips (a store the screen reads with
 * useSyncExternalStore, the same state object until it changes) and the connection's start and stop.
 */
export class MessageTipViewModel {
  constructor(
    private readonly tips: Pick<MessageTips, 'subscribe' | 'state' | 'routeChanged' | 'tapped' | 'closeTapped'>,
    private readonly connection: Pick<MessagingConnection, 'start' | 'stop'>,
  ) {}

  readonly subscribe = (onChange: () => void): Unsubscribe => this.tips.subscribe(onChange);

  readonly state = (): TipsState => this.tips.state();

  /** Starts the messaging connection; the returned function stops it. */
  connect(): () => void {
    this.connection.start();
    return () => this.connection.stop();
  }

  routeChanged(path: string): void {
    this.tips.routeChanged(path);
  }

  tapped(): void {
    this.tips.tapped();
  }

  closeTapped(): void {
    this.tips.closeTapped();
  }
}

/** The message tip's view-model, bound by the composition root (messaging-bindings.ts). */
export const MessageTipModel = viewModelToken<MessageTipViewModel>('MessageTipViewModel');
