import type { Unsubscribe } from '../ports/page-visibility.ts';
import type { Random } from '../ports/random.ts';
import { ApiError } from '../request/api-error.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import type { BarrageRoom } from './barrage-live-room.ts';
import { episodeRoomKey } from './barrage-protocol.ts';
import { BarrageTimeline, contentProblem, normaliseContent, type BarrageReportReason } from './barrage-rules.ts';
import { parseBarrage, type BarrageItem, type BarrageService } from './barrage-service.ts';
import { DEFAULT_BARRAGE_STYLE, type BarrageStyle } from './barrage-style.ts';

/** What the renderer is told besides the timeline: show one now (one's own, a live one), take one off, start over. */
export type BarrageEvent = { type: 'show'; item: BarrageItem } | { type: 'remove'; id: number } | { type: 'loaded' };

export type SendOutcome =
  | { ok: true; item: BarrageItem }
  | { ok: false; reason: 'login' }
  | { ok: false; reason: 'invalid' | 'refused'; message: string; toasted: boolean };

export type LikeOutcome = { ok: true; liked: boolean; count: number } | { ok: false; reason: 'login' | 'refused' };
export type ReportOutcome = { ok: true } | { ok: false; reason: 'login' | 'own' } | { ok: false; reason: 'refused'; message: string };

export interface BarrageSessionDeps {
  service: BarrageService;
  room: BarrageRoom;
  session: UserSession;
  random: Random;
}

/**
 * The barrages of one episode while it is on screen: the stored ones (GetBarrages), the live ones of its room
 * (de-duplicated by id), and one's own, shown at once when sent, before the server answers and whatever order the
 * answer and the socket echo arrive in (matched by clientId).
 */
export class BarrageSession {
  readonly timeline = new BarrageTimeline<BarrageItem>();
  private readonly listeners = new Set<(event: BarrageEvent) => void>();
  /** Own barrages waiting for their server id, by clientId. */
  private readonly pending = new Map<string, BarrageItem>();
  private nextLocalId = -1;
  private offRoom: Unsubscribe | null = null;
  private stopped = false;
  loaded = false;

  constructor(
    private readonly deps: BarrageSessionDeps,
    readonly mediaKey: string,
    readonly episode: number,
  ) {}

  private me(): number | null {
    return this.deps.session.user()?.id ?? null;
  }

  /** Listens to the room first (nothing sent meanwhile is missed), then loads the stored barrages. */
  async start(): Promise<void> {
    this.stopped = false;
    this.offRoom?.();
    this.offRoom = this.deps.room.onBarrage((payload) => this.arrived(payload));
    this.deps.room.joinVideoRoom(episodeRoomKey(this.mediaKey, this.episode));
    try {
      const list = await this.deps.service.list(this.mediaKey, this.episode, this.me(), { suppressTips: true });
      if (this.stopped) return;
      for (const item of list) this.timeline.add(item);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    if (this.stopped) return;
    this.loaded = true;
    this.emit({ type: 'loaded' });
  }

  stop(): void {
    this.stopped = true;
    this.offRoom?.();
    this.offRoom = null;
    this.deps.room.leaveVideoRoom(episodeRoomKey(this.mediaKey, this.episode));
  }

  subscribe(listener: (event: BarrageEvent) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sends a barrage at `time` seconds in a style (mode, colour, size): shown at once as one's own; taken off again when the server refuses it
   * (the request layer toasts the reason).
   */
  async send(content: string, time: number, style: BarrageStyle = DEFAULT_BARRAGE_STYLE): Promise<SendOutcome> {
    const me = this.me();
    if (me === null) return { ok: false, reason: 'login' };
    const problem = contentProblem(content);
    if (problem !== null) return { ok: false, reason: 'invalid', message: problem, toasted: false };
    const clientId = this.deps.random.uuid();
    const user = this.deps.session.user();
    const item: BarrageItem = {
      id: this.nextLocalId--,
      time: Math.max(0, time),
      content: normaliseContent(content),
      uid: me,
      mediaKey: this.mediaKey,
      episode: this.episode,
      nickName: user?.nickName ?? '',
      likeCount: 0,
      liked: false,
      own: true,
      clientId,
      mode: style.mode,
      color: style.color,
      size: style.size,
    };
    this.pending.set(clientId, item);
    this.timeline.add(item);
    this.emit({ type: 'show', item });
    try {
      const stored = await this.deps.service.send({ mediaKey: this.mediaKey, episode: this.episode, content: item.content, time: item.time, clientId, style }, me);
      if (stored) this.confirm(clientId, stored.id);
      return { ok: true, item };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.pending.delete(clientId);
      this.timeline.remove(item.id);
      this.emit({ type: 'remove', id: item.id });
      return { ok: false, reason: 'refused', message: error.msg, toasted: !error.isCancelled };
    }
  }

  /** Toggles the viewer's like; the barrage's liked and likeCount follow the answer. */
  async like(item: BarrageItem): Promise<LikeOutcome> {
    if (this.me() === null) return { ok: false, reason: 'login' };
    if (item.id <= 0) return { ok: false, reason: 'refused' };
    try {
      const { liked, count } = await this.deps.service.like(item.id);
      item.liked = liked;
      item.likeCount = count;
      return { ok: true, liked, count };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { ok: false, reason: 'refused' };
    }
  }

  async report(item: BarrageItem, reason: BarrageReportReason): Promise<ReportOutcome> {
    const me = this.me();
    if (me === null) return { ok: false, reason: 'login' };
    if (item.uid === me || item.id <= 0) return { ok: false, reason: 'own' };
    try {
      await this.deps.service.report(item.id, reason, { suppressTips: true });
      return { ok: true };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { ok: false, reason: 'refused', message: error.msg };
    }
  }

  /** A sendBarrage event: this episode's, new (by id, or one's own already shown, by clientId). */
  private arrived(payload: unknown): void {
    if (this.stopped) return;
    const item = parseBarrage(payload, this.me());
    if (!item || item.mediaKey !== this.mediaKey || item.episode !== this.episode) return;
    if (item.clientId !== undefined && this.pending.has(item.clientId)) {
      this.confirm(item.clientId, item.id);
      return;
    }
    if (!this.timeline.add(item)) return;
    this.emit({ type: 'show', item });
  }

  /** One's own barrage got its server id (from the answer or the echo, whichever came first). */
  private confirm(clientId: string, id: number): void {
    const item = this.pending.get(clientId);
    if (!item) return;
    this.pending.delete(clientId);
    this.timeline.remove(item.id);
    item.id = id;
    this.timeline.add(item);
  }

  private emit(event: BarrageEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}

/** Makes the barrage session of one episode (the play screen asks for one per episode it shows). */
export type BarrageSessionFactory = (mediaKey: string, episode: number) => BarrageSession;
export const BarrageSessionFactory = Symbol('BarrageSessionFactory');
