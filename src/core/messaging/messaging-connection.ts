import type { Navigator } from '../ports/navigator.ts';
import type { Notifier } from '../ports/notifier.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import type { Socket } from '../ports/socket.ts';
import { ApiError } from '../request/api-error.ts';
import { apiAnswer, type ApiClient } from '../request/api-client.ts';
import { parsed } from '../request/answer-values.ts';
import { Ret } from '../request/ret.ts';
import { RequestLimits } from '../request/texts.ts';
import { tokenParams, type User } from '../shared-kernel/user.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { MessagingRoutes, type ChatMessage } from './message.ts';
import { MessagingTexts } from './messaging-texts.ts';
import { chatMessage, MessagingCalls } from './messaging-protocol.ts';
import type { MessageStore } from './message-store.ts';
import type { MessageTips } from './message-tips.ts';
import type { UnreadCounter } from './unread-counter.ts';

/** The socket protocol's version (spec section 9). */
const SOCKET_PROTOCOL_VERSION = '1.0.3';

const SocketEvents = {
  connection: 'connection',
  connectionResult: 'connectionResult',
  privateMessage: 'privateMessage',
  messageAck: 'messageAck',
  /** server → client: `{ ids }` of a messageAck, once the server stored it. */
  messageAcked: 'messageAcked',
  userLiveTest: 'userLiveTest',
  userStateChange: 'userStateChange',
  sendBarrage: 'sendBarrage',
  joinVideoRoom: 'joinVideoRoom',
} as const;

/** userStateChange actions. */
const UserStateAction = {
  /** The user's data changed elsewhere: refresh it. */
  Refresh: 0,
  /** The session ended elsewhere: say so, forget the user, go home. */
  SessionEnded: 1,
} as const;

/** Missed messages asked for per call (the server allows up to 100). */
const MISSED_PAGE_LIMIT = 100;
/** Ids per messageAck (the server takes up to 500). */
const ACK_BATCH = 500;
/** Acknowledgements kept for re-sending until the server confirms them; past it the oldest are forgotten. */
const MAX_UNCONFIRMED_ACKS = 5_000;
/** Conversations read to find a new device's starting point. */
const BASELINE_PAGE_SIZE = 50;

export interface MessagingDeps {
  socket: Socket;
  session: UserSession;
  api: ApiClient;
  store: MessageStore;
  tips: MessageTips;
  counter: UnreadCounter;
  notifier: Notifier;
  navigator: Navigator;
  /** Refreshes the user from the server (SessionService.refreshUserInfo: a refusal clears the login). */
  refreshUserInfo: () => Promise<unknown>;
}

export interface VideoRoomJoined {
  mediaKey: string;
  ok: boolean;
}

/**
 * The realtime connection of a logged-in user: connects while a user is logged in, authenticates after each
 * (re)connect, fetches what it missed since the last id it saw, acknowledges, de-duplicates by id and
 * dispatches the server's events (private messages, login elsewhere, user state changes, barrages, video rooms).
 */
export class MessagingConnection {
  private started = false;
  private uid: number | null = null;
  /** The session token the current socket authenticated with (userLiveTest for another token is ignored). */
  private authToken: string | null = null;
  private authenticated = false;
  private catchUpSeq = 0;
  private liveTestShown = false;
  private videoRoom: string | null = null;
  /**
   * Ids acknowledged (messageAck) but not yet confirmed stored (messageAcked), in order. A socket dropped before
   * the server took its acknowledgement loses it, and the catch-up after the reconnect starts past those ids:
   * they are sent again after each authentication until confirmed.
   */
  private readonly unconfirmedAcks = new Set<number>();
  private readonly offs: Unsubscribe[] = [];
  private readonly barrageListeners = new Set<(payload: unknown) => void>();
  private readonly roomListeners = new Set<(joined: VideoRoomJoined) => void>();
  private readonly signedOutElsewhereListeners = new Set<() => void>();

  constructor(private readonly deps: MessagingDeps) {}

  /** Follows the session from now on: connected while a user is logged in. Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const { socket, session } = this.deps;
    this.offs.push(
      socket.onStatus((status) => (status === 'connected' ? this.authenticate() : this.lost())),
      socket.on(SocketEvents.connectionResult, (payload) => void this.connectionResult(payload)),
      socket.on(SocketEvents.privateMessage, (payload) => this.privateMessage(payload)),
      socket.on(SocketEvents.messageAcked, (payload) => this.acksConfirmed(payload)),
      socket.on(SocketEvents.userLiveTest, () => void this.loggedInElsewhere()),
      socket.on(SocketEvents.userStateChange, (payload) => void this.userStateChange(payload)),
      socket.on(SocketEvents.sendBarrage, (payload) => this.barrageListeners.forEach((l) => l(payload))),
      socket.on(SocketEvents.joinVideoRoom, (payload) => this.videoRoomJoined(payload)),
      session.subscribe((state) => this.sessionChanged(state.user)),
      // Logging out here: close first, so the server's notice to the session's other tabs (userStateChange 1)
      // is not also taken as this tab's.
      session.onLoggingOut(() => this.closeForLogout()),
    );
    this.sessionChanged(session.user());
  }

  /** Stops following the session and closes the connection. */
  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.offs.splice(0).forEach((off) => off());
    this.deps.socket.disconnect();
    this.uid = null;
    this.authToken = null;
    this.authenticated = false;
    this.unconfirmedAcks.clear();
  }

  /** Whether the server accepted this connection's token. */
  isAuthenticated(): boolean {
    return this.authenticated;
  }

  /** Joins the socket to a video's room (the playback issue's barrages); re-joined after every reconnect. */
  joinVideoRoom(mediaKey: string): void {
    this.videoRoom = mediaKey;
    if (this.authenticated) this.deps.socket.emit(SocketEvents.joinVideoRoom, { mediaKey });
  }

  /** Leaves a video's room (the play page closed): its barrages stop arriving. Another room than the joined one is left alone. */
  leaveVideoRoom(mediaKey: string): void {
    if (this.videoRoom !== mediaKey) return;
    this.videoRoom = null;
    if (this.authenticated) this.deps.socket.emit(SocketEvents.joinVideoRoom, { mediaKey, leave: true });
  }

  /** Barrages the server relays (sendBarrage), for the playback issue. */
  onBarrage(listener: (payload: unknown) => void): Unsubscribe {
    this.barrageListeners.add(listener);
    return () => this.barrageListeners.delete(listener);
  }

  onVideoRoomJoined(listener: (joined: VideoRoomJoined) => void): Unsubscribe {
    this.roomListeners.add(listener);
    return () => this.roomListeners.delete(listener);
  }

  /**
   * Hook for the account logging in elsewhere (userLiveTest): the user is already cleared; the playback issue
   * clears its stored block lists (users and keywords) here.
   */
  onSignedOutElsewhere(listener: () => void): Unsubscribe {
    this.signedOutElsewhereListeners.add(listener);
    return () => this.signedOutElsewhereListeners.delete(listener);
  }

  private closeForLogout(): void {
    this.deps.socket.disconnect();
    this.lost();
    this.authToken = null;
  }

  private sessionChanged(user: User | null): void {
    const uid = user?.id ?? null;
    const { socket, store, tips } = this.deps;
    if (uid !== this.uid) {
      if (this.uid !== null) {
        // Logged out, or another user: close, and reset the previous user's messages and tips.
        socket.disconnect();
        this.lost();
        this.authToken = null;
        this.unconfirmedAcks.clear();
        store.reset();
        tips.reset();
      }
      this.uid = uid;
      store.setUser(uid);
      if (uid !== null) {
        this.liveTestShown = false;
        socket.connect();
      }
      return;
    }
    // The same user logged in again on this device: authenticate the open socket with the new token.
    const token = user ? String(user.token.token ?? '') : null;
    if (token !== null && this.authToken !== null && token !== this.authToken && socket.connected()) this.authenticate();
  }

  private authenticate(): void {
    const user = this.deps.session.user();
    if (!user) return;
    this.authenticated = false;
    this.authToken = String(user.token.token ?? '');
    this.deps.socket.emit(SocketEvents.connection, { ...tokenParams(user.token), version: SOCKET_PROTOCOL_VERSION });
  }

  private lost(): void {
    this.authenticated = false;
    this.catchUpSeq += 1;
  }

  private async connectionResult(payload: unknown): Promise<void> {
    const answer = parsed(apiAnswer, payload);
    if (!answer) return;
    if (answer.ret === Ret.Ok) {
      this.authenticated = true;
      if (this.videoRoom !== null) this.deps.socket.emit(SocketEvents.joinVideoRoom, { mediaKey: this.videoRoom });
      this.sendAcks([...this.unconfirmedAcks]);
      await this.catchUp();
      return;
    }
    if (answer.ret === Ret.SessionInvalid) {
      // As the request layer does for ret 201: forget the user, say so for 1 s, go to /login keeping the query.
      const { session, notifier, navigator } = this.deps;
      session.clear();
      if (answer.msg) notifier.toast(answer.msg, { durationMs: RequestLimits.noticeToastMs, position: 'bottom' });
      const here = navigator.current();
      if (here.path !== MessagingRoutes.login) navigator.replace(MessagingRoutes.login, here.query);
    }
  }

  /** After each successful authentication: the messages missed since the last id seen, acknowledged. */
  private async catchUp(): Promise<void> {
    const seq = ++this.catchUpSeq;
    const { store, api, counter } = this.deps;
    try {
      let since = store.lastId();
      if (since === null) {
        // A new device: nothing before now counts as missed; start from the newest message the user has.
        const first = await api.request(MessagingCalls.conversations, { page: 1, pageSize: BASELINE_PAGE_SIZE }, { suppressTips: true });
        if (seq !== this.catchUpSeq) return;
        store.setBaseline(Math.max(0, ...first.list.map((c) => c.lastMessage?.id ?? 0)));
        counter.requestRefresh();
        return;
      }
      for (;;) {
        const { list, hasMore } = await api.request(MessagingCalls.newMessages, { sinceId: since, limit: MISSED_PAGE_LIMIT }, { suppressTips: true });
        if (seq !== this.catchUpSeq) return;
        this.receive(list);
        const highest = Math.max(since, ...list.map((m) => m.id));
        if (!hasMore || highest <= since) break;
        since = highest;
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // Offline again or refused: the next reconnect tries again from the same id.
    }
  }

  private privateMessage(payload: unknown): void {
    const message = parsed(chatMessage, payload);
    if (message) this.receive([message]);
  }

  /** Takes messages in (ascending ids): new ones to this user are tips, add to the unread count and are acknowledged. */
  private receive(messages: readonly ChatMessage[]): void {
    const me = this.uid;
    if (me === null) return;
    const arrivals: ChatMessage[] = [];
    const acks: number[] = [];
    for (const message of messages) {
      const isNew = this.deps.store.accept(message);
      if (message.toUid === me && message.fromUid !== me) {
        acks.push(message.id);
        if (isNew) arrivals.push(message);
      }
    }
    if (acks.length > 0) {
      for (const id of acks) {
        this.unconfirmedAcks.delete(id);
        this.unconfirmedAcks.add(id);
      }
      for (const id of this.unconfirmedAcks) {
        if (this.unconfirmedAcks.size <= MAX_UNCONFIRMED_ACKS) break;
        this.unconfirmedAcks.delete(id);
      }
      this.sendAcks(acks);
    }
    if (arrivals.length === 0) return;
    for (let i = 0; i < arrivals.length; i++) this.deps.counter.arrived();
    this.deps.tips.arrived(arrivals);
  }

  private sendAcks(ids: readonly number[]): void {
    for (let i = 0; i < ids.length; i += ACK_BATCH) this.deps.socket.emit(SocketEvents.messageAck, { ids: ids.slice(i, i + ACK_BATCH) });
  }

  private acksConfirmed(payload: unknown): void {
    const ids = (typeof payload === 'object' && payload !== null ? payload : {}) as { ids?: unknown };
    if (!Array.isArray(ids.ids)) return;
    for (const id of ids.ids) if (typeof id === 'number') this.unconfirmedAcks.delete(id);
  }

  private async loggedInElsewhere(): Promise<void> {
    const { session, notifier, navigator } = this.deps;
    const user = session.user();
    // Only for the session this connection speaks for: a newer login on this very device is not "elsewhere".
    if (!user || this.authToken === null || String(user.token.token ?? '') !== this.authToken || this.liveTestShown) return;
    this.liveTestShown = true;
    session.clear();
    for (const listener of [...this.signedOutElsewhereListeners]) listener();
    await notifier.alert({ message: MessagingTexts.loggedInElsewhere, confirmText: MessagingTexts.confirm });
    navigator.replace(MessagingRoutes.home);
  }

  private async userStateChange(payload: unknown): Promise<void> {
    const raw = (typeof payload === 'object' && payload !== null ? payload : {}) as { action?: unknown; msg?: unknown };
    const action = Number(raw.action);
    const { session, notifier, navigator } = this.deps;
    if (!session.user()) return;
    if (action === UserStateAction.Refresh) {
      await this.deps.refreshUserInfo();
    } else if (action === UserStateAction.SessionEnded) {
      if (typeof raw.msg === 'string' && raw.msg) notifier.toast(raw.msg, { durationMs: RequestLimits.noticeToastMs, position: 'bottom' });
      session.clear();
      navigator.replace(MessagingRoutes.home);
    }
  }

  private videoRoomJoined(payload: unknown): void {
    const raw = (typeof payload === 'object' && payload !== null ? payload : {}) as { mediaKey?: unknown; ok?: unknown };
    const joined = { mediaKey: typeof raw.mediaKey === 'string' ? raw.mediaKey : String(raw.mediaKey ?? ''), ok: raw.ok === true };
    for (const listener of [...this.roomListeners]) listener(joined);
  }
}
