import type { Clock, TimerId } from '../ports/clock.ts';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Navigator } from '../ports/navigator.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import type { TonePlayer } from '../ports/tone-player.ts';
import { BADGE_MAX, MessageType, MessagingRoutes, type ChatMessage } from './message.ts';

/** Session storage flag: the user closed the tips; normal messages then stay quiet for the session. */
export const IGNORE_USER_TIPS_KEY = 'ignoreUserTips';
/** The popup hides by itself after this long (spec: message tip popup 10 s). */
export const TIP_VISIBLE_MS = 10_000;
/** Avatars the popup shows at most. */
export const TIP_MAX_AVATARS = 3;

export interface TipSender {
  uid: number;
  avatar: string;
  nickname: string;
  kefu: boolean;
}

export interface TipsState {
  visible: boolean;
  /** Senders in the tip list, first arrival first. */
  senders: readonly TipSender[];
  /** Messages in the tip list. */
  count: number;
  ignored: boolean;
}

/** 「N条新消息」, 99+ over 99. */
export function tipCountText(count: number): string {
  return `${count > BADGE_MAX ? `${BADGE_MAX}+` : count}条新消息`;
}

/** The chat partner of the page shown, when it is a chat. */
function openChatUid(navigator: Pick<Navigator, 'current'>): number | null {
  const here = navigator.current();
  if (here.path !== MessagingRoutes.chat) return null;
  const uid = Number(here.query.toUid);
  return Number.isInteger(uid) && uid > 0 ? uid : null;
}

/**
 * The message tips (spec: private message arrival): a tip list of messages and senders, the tone, the popup's
 * visibility with its 10 s auto-hide, the close-and-ignore flag, the tap that opens the chat or the message list.
 */
export class MessageTips {
  private messages: ChatMessage[] = [];
  private senders: TipSender[] = [];
  private visible = false;
  private hideTimer: TimerId | null = null;
  private readonly listeners = new Set<(state: TipsState) => void>();
  /** The state as last given out: the same object until something changes (views compare by identity). */
  private current: TipsState | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly sessionStore: KeyValueStore,
    private readonly tone: TonePlayer,
    private readonly navigator: Pick<Navigator, 'current' | 'push'>,
  ) {}

  state(): TipsState {
    this.current ??= { visible: this.visible, senders: [...this.senders], count: this.messages.length, ignored: this.ignored() };
    return this.current;
  }

  ignored(): boolean {
    return this.sessionStore.get(IGNORE_USER_TIPS_KEY) !== null;
  }

  /** Sets or unsets the ignore flag (unsetting removes it from session storage). */
  setIgnored(ignored: boolean): void {
    if (ignored) this.sessionStore.set(IGNORE_USER_TIPS_KEY, '1');
    else this.sessionStore.remove(IGNORE_USER_TIPS_KEY);
    this.changed();
  }

  /**
   * Messages to the user arrived (one live, or a batch fetched after a reconnect): each joins the tip list, one
   * tone plays, and the popup shows unless the user is in that chat, or the message is a normal one while tips
   * are ignored, or the page is the message list.
   */
  arrived(batch: readonly ChatMessage[]): void {
    if (batch.length === 0) return;
    const here = this.navigator.current().path;
    const chatUid = openChatUid(this.navigator);
    let show = false;
    for (const message of batch) {
      this.messages.push(message);
      const at = this.senders.findIndex((s) => s.uid === message.fromUid);
      const known = this.senders[at];
      // A new object, not an edit: a state already given out keeps what it said.
      if (known) this.senders[at] = { ...known, avatar: message.avatar || known.avatar, nickname: message.nickname || known.nickname, kefu: message.kefu };
      else this.senders.push({ uid: message.fromUid, avatar: message.avatar, nickname: message.nickname, kefu: message.kefu });
      const inThatChat = chatUid === message.fromUid;
      const quiet = message.type === MessageType.Text && this.ignored();
      if (!inThatChat && !quiet && here !== MessagingRoutes.privateMessage) show = true;
    }
    this.tone.play();
    if (show) this.show();
    else this.changed();
  }

  /** The page changed: the message list forces the popup hidden. */
  routeChanged(path: string): void {
    if (path === MessagingRoutes.privateMessage && this.visible) this.hide();
  }

  /** The popup body was tapped: the chat with the single sender, or the message list; the tips are cleared. */
  tapped(): void {
    const senders = this.senders;
    const [only] = senders;
    if (only && senders.length === 1) {
      this.navigator.push(MessagingRoutes.chat, { toUid: String(only.uid), nickName: only.nickname, avatar: only.avatar });
    } else if (senders.length > 1) {
      this.navigator.push(MessagingRoutes.privateMessage);
    }
    this.clearTips();
  }

  /** The close icon: hides the popup and ignores further normal messages for the session. */
  closeTapped(): void {
    this.sessionStore.set(IGNORE_USER_TIPS_KEY, '1');
    this.hide();
  }

  /** Resetting messages (logout): tip lists, the ignore flag and the popup. */
  reset(): void {
    this.sessionStore.remove(IGNORE_USER_TIPS_KEY);
    this.messages = [];
    this.senders = [];
    this.hide();
  }

  subscribe(listener: (state: TipsState) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private clearTips(): void {
    this.messages = [];
    this.senders = [];
    this.hide();
  }

  private show(): void {
    this.cancelTimer();
    this.visible = true;
    this.hideTimer = this.clock.schedule(() => {
      this.hideTimer = null;
      this.visible = false;
      this.changed();
    }, TIP_VISIBLE_MS);
    this.changed();
  }

  private hide(): void {
    this.cancelTimer();
    this.visible = false;
    this.changed();
  }

  private cancelTimer(): void {
    if (this.hideTimer !== null) this.clock.cancelSchedule(this.hideTimer);
    this.hideTimer = null;
  }

  private changed(): void {
    this.current = null;
    const state = this.state();
    for (const listener of [...this.listeners]) listener(state);
  }
}
