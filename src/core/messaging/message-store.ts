import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import { partnerOf, type ChatMessage } from './message.ts';

/** Local storage key of the highest message id seen by a user (missed messages are fetched from there). */
export const lastMessageIdKey = (uid: number): string => `lastMessageId_${uid}`;

/**
 * The messages this device has seen in this page's life, by id: de-duplicated (a message can come by socket,
 * by the missed-messages fetch and as a send's answer), kept per conversation in id order, and the highest id
 * seen kept in local storage per user.
 */
export class MessageStore {
  private uid: number | null = null;
  private readonly byId = new Map<number, ChatMessage>();
  private readonly byPartner = new Map<number, ChatMessage[]>();
  private readonly listeners = new Set<(message: ChatMessage) => void>();

  /** currentUid: the logged-in user's id (the store follows it: another user starts empty). */
  constructor(
    private readonly local: KeyValueStore,
    private readonly currentUid: () => number | null,
  ) {}

  /** The user whose messages these are; a different user starts empty. */
  setUser(uid: number | null): void {
    if (uid === this.uid) return;
    this.uid = uid;
    this.byId.clear();
    this.byPartner.clear();
  }

  /** Forgets the messages held (logout). The stored last id stays with its user. */
  reset(): void {
    this.byId.clear();
    this.byPartner.clear();
  }

  /** The highest id seen by this user on this device; null when none was ever recorded here. */
  lastId(): number | null {
    this.setUser(this.currentUid());
    if (this.uid === null) return null;
    const raw = this.local.get(lastMessageIdKey(this.uid));
    if (raw === null) return null;
    const n = Number(raw);
    return Number.isInteger(n) && n >= 0 ? n : null;
  }

  /** Records a starting point (a new device: nothing before it counts as missed). */
  setBaseline(id: number): void {
    const current = this.lastId();
    if (this.uid !== null && (current === null || id > current)) this.local.set(lastMessageIdKey(this.uid), String(id));
  }

  /** Takes a message in; true when it is new (never seen by id). Listeners hear new ones only. */
  accept(message: ChatMessage): boolean {
    this.setUser(this.currentUid());
    if (this.uid === null || (message.fromUid !== this.uid && message.toUid !== this.uid)) return false;
    if (this.byId.has(message.id)) return false;
    this.byId.set(message.id, message);
    const partner = partnerOf(message, this.uid);
    const list = this.byPartner.get(partner) ?? [];
    list.push(message);
    if (list.length > 1 && (list[list.length - 2]?.id ?? 0) > message.id) list.sort((a, b) => a.id - b.id);
    this.byPartner.set(partner, list);
    this.setBaseline(message.id);
    for (const listener of [...this.listeners]) listener(message);
    return true;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  /** The conversation with one user as this device has seen it, ascending by id. */
  conversation(partnerUid: number): readonly ChatMessage[] {
    this.setUser(this.currentUid());
    return this.byPartner.get(partnerUid) ?? [];
  }

  /** Each new message, live or fetched. */
  onMessage(listener: (message: ChatMessage) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
