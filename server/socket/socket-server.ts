import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import { shareSessionChanges } from '../auth/session-cache.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { envelope } from '../http/envelope.ts';
import { findNul, illegalCharacterMessage } from '../http/params.ts';
import { Ret, RetMessage, missingParamMessage } from '../http/ret.ts';
import { randomUUID } from 'node:crypto';
import { DeliveryAcks } from '../messaging/delivery-acks.ts';
import type { MessageView } from '../messaging/message-repository.ts';
import { parseUserFactsMessage, userFacts } from '../messaging/user-facts.ts';
import {
  LOGIN_ELSEWHERE_MESSAGE,
  SocketEvent,
  USER_CHANGED_MESSAGE,
  UserStateAction,
  sessionRoom,
  userRoom,
  videoRoom,
} from './realtime.ts';
import type { Realtime } from './realtime.ts';
import { QR_SECRET_PATTERN, QrLoginEvents, type QrLoginChange } from '../../src/core/qr-login/qr-login-protocol.ts';
import { InteractionsEvents } from '../../src/core/interactions/interactions-protocol.ts';
import { qrLoginRoom, watchHashOf } from '../qr-login/qr-login-room.ts';

/** The protocol version the client sends with its connection event (spec: 1.0.3). */
export const SOCKET_PROTOCOL_VERSION = '1.0.3';
const UNSUPPORTED_VERSION_MESSAGE = '协议版本不支持';

const SocketLimits = {
  /** messageAck: ids per event. */
  maxAckIds: 500,
  maxMediaKey: 64,
} as const;

/** A video room key: a media key, or `<mediaKey>#<episode>` for one episode's barrages (server/barrage). */
const ROOM_EPISODE = /^(.+)#([1-9]\d{0,3})$/;

function isVideoRoomKey(key: unknown): key is string {
  if (typeof key !== 'string' || key === '' || key.length > SocketLimits.maxMediaKey + 5 || key.includes('\u0000')) return false;
  const mediaKey = ROOM_EPISODE.exec(key)?.[1] ?? key;
  return mediaKey.length <= SocketLimits.maxMediaKey && !mediaKey.includes('#');
}

/** Default Redis stream (and PUB/SUB prefix) of the adapter; SOCKET_STREAM overrides it. */
const DEFAULT_SOCKET_STREAM = 'qiyu:socket.io';

/** What an authenticated socket remembers (socket.data). */
interface SocketState {
  uid?: number;
  token?: string;
  videoRoom?: string;
  /** The QR sign-in ticket's room this socket follows (one at a time). */
  qrRoom?: string;
}

export interface SocketServerOptions {
  db: Database;
  config: Config;
  sessions: SessionService;
  clock: Clock;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A token field as text (numbers accepted), undefined when absent or empty. */
function field(payload: Record<string, unknown>, name: string): string | undefined {
  const value = payload[name];
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return value === undefined || value === null ? undefined : '';
}

/**
 * The rooms of this process's sockets, each paired with a twin only this process's sockets join (`<room>@<process>`,
 * joined and left with it). A room's twin lets an emit reach the sockets of this process at once and the other
 * processes' sockets through the adapter: the local emit goes first, straight to the sockets (no Redis round trip
 * before it), then the adapter carries the same emit to every process with this process's twins excepted. On this
 * process the twins hold exactly the room's sockets, so none of them gets it twice; on the others they are empty,
 * so every socket there gets it once. Without Redis there are no other processes: one emit, no twins.
 */
class LocalFirstRooms {
  constructor(
    private readonly io: Server,
    /** This process's tag in the twins' names; undefined when there is no adapter between processes. */
    private readonly processTag: string | undefined,
  ) {}

  /** The rooms a socket joins for `rooms`: the rooms and, between processes, their twins. */
  joined(rooms: readonly string[]): string[] {
    const { processTag } = this;
    return processTag === undefined ? [...rooms] : rooms.flatMap((room) => [room, twinRoom(room, processTag)]);
  }

  /** `event` to every socket of these rooms, whichever process holds it, once each (sockets in several rooms too). */
  emit(rooms: readonly string[], event: string, payload: unknown): void {
    const { processTag } = this;
    if (processTag === undefined) {
      this.io.to([...rooms]).emit(event, payload);
      return;
    }
    this.io.local.to([...rooms]).emit(event, payload);
    this.io.to([...rooms]).except(rooms.map((room) => twinRoom(room, processTag))).emit(event, payload);
  }
}

const twinRoom = (room: string, processTag: string): string => `${room}@${processTag}`;

class SocketRealtime implements Realtime {
  constructor(
    private readonly io: Server,
    private readonly rooms: LocalFirstRooms,
  ) {}

  deliver(message: MessageView): void {
    // The sockets of this process at once, the others' through Redis (LocalFirstRooms).
    this.rooms.emit([userRoom(message.toUid), userRoom(message.fromUid)], SocketEvent.PrivateMessage, message);
  }

  loginElsewhere(uid: number, newToken: string): void {
    this.io.to(userRoom(uid)).except(sessionRoom(newToken)).emit(SocketEvent.UserLiveTest, { msg: LOGIN_ELSEWHERE_MESSAGE });
  }

  userChanged(...uids: number[]): void {
    const rooms = [...new Set(uids)].map(userRoom);
    if (rooms.length === 0) return;
    this.io.to(rooms).emit(SocketEvent.UserStateChange, { action: UserStateAction.Refresh, msg: USER_CHANGED_MESSAGE });
  }

  sessionEnded(token: string, msg: string = RetMessage.SessionInvalid): void {
    const room = sessionRoom(token);
    this.io.to(room).emit(SocketEvent.UserStateChange, { action: UserStateAction.SessionEnded, msg });
    // A revoked session receives nothing more (the event above is sent before the disconnect).
    this.io.in(room).disconnectSockets(true);
  }

  disconnectUser(uid: number): void {
    this.io.in(userRoom(uid)).disconnectSockets(true);
  }

  relayBarrage(roomKey: string, barrage: object): void {
    this.rooms.emit([videoRoom(roomKey)], SocketEvent.SendBarrage, barrage);
  }

  qrLoginChanged(room: string, change: QrLoginChange): void {
    this.rooms.emit([room], QrLoginEvents.changed, change);
  }

  interactionNotice(uids: readonly number[]): void {
    const rooms = [...new Set(uids)].map(userRoom);
    if (rooms.length > 0) this.rooms.emit(rooms, InteractionsEvents.notice, {});
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's realtime side (socket.io), as route modules get it through AppServices. */
    realtime: Realtime;
  }
}

/**
 * socket.io on the app's HTTP server (path /socket.io), closed with the app. Sockets authenticate with the
 * `connection` event; only then do they join `user:<uid>` and `session:<token>` and get their messages. A socket
 * that never authenticates (a visitor) may still follow a QR ticket and join a video room to hear live barrages.
 * With config.redisUrl the Redis streams adapter connects the processes sharing that Redis.
 */
export function attachSocketServer(app: FastifyInstance, options: SocketServerOptions): Realtime {
  const { db, config, sessions, clock } = options;
  let redis: Redis | undefined;
  const closeFactsBus: (() => Promise<void>)[] = [];
  const io = new Server(app.server, { serveClient: false });
  const rooms = new LocalFirstRooms(io, config.redisUrl === undefined ? undefined : randomUUID());
  if (config.redisUrl !== undefined) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5000 });
    redis.on('error', (error: unknown) => app.log.warn({ err: error }, 'socket adapter: Redis error'));
    const streamName = config.socketStream ?? DEFAULT_SOCKET_STREAM;
    io.adapter(createAdapter(redis, { streamName, channelPrefix: streamName }));
    closeFactsBus.push(shareUserFacts(redis, db, `${streamName}:user-facts`, app.log));
    // Logouts and user changes drop the verified sessions other processes keep (auth/session-cache.ts).
    if (sessions.cache !== undefined) closeFactsBus.push(shareSessionChanges(redis, sessions.cache, `${streamName}:sessions`, app.log));
  }
  const acks = new DeliveryAcks(db, () => clock.now());
  io.on('connection', (socket) => handleSocket(socket, { db, sessions, clock, log: app.log, acks, rooms }));

  // Before fastify closes the HTTP server: open websockets would keep it from closing.
  app.addHook('preClose', async () => {
    await io.close();
    // What the closed sockets acknowledged is written before the database goes.
    await acks.close();
  });
  app.addHook('onClose', async () => {
    for (const close of closeFactsBus) await close();
    if (redis !== undefined && redis.status !== 'end') await redis.quit().catch(() => redis?.disconnect());
  });
  const realtime = new SocketRealtime(io, rooms);
  app.decorate('realtime', realtime);
  return realtime;
}

/**
 * SendMessage's cached block lists and kefu flags (server/messaging/user-facts.ts) across the processes sharing
 * this Redis: each change is published on `channel`, and every other process forgets what it names. After the
 * subscription (re)connects everything is forgotten, as changes may have been missed meanwhile. Answers the closer.
 */
function shareUserFacts(redis: Redis, db: Database, channel: string, log: FastifyBaseLogger): () => Promise<void> {
  const origin = randomUUID();
  const cache = userFacts(db);
  const pub = redis.duplicate();
  const sub = redis.duplicate();
  for (const connection of [pub, sub]) connection.on('error', (error: unknown) => log.warn({ err: error }, 'user facts: Redis error'));
  sub.on('ready', () => cache.apply({ all: true }));
  sub.on('message', (from: string, text: string) => {
    const message = from === channel ? parseUserFactsMessage(text) : undefined;
    if (message !== undefined && message.origin !== origin) cache.apply(message.change);
  });
  sub.subscribe(channel).catch((error: unknown) => log.warn({ err: error }, 'user facts: subscribe failed'));
  const removePublisher = cache.addPublisher((change) => {
    pub.publish(channel, JSON.stringify({ ...change, origin })).catch((error: unknown) => log.warn({ err: error }, 'user facts: publish failed'));
  });
  return async () => {
    removePublisher();
    for (const connection of [pub, sub]) {
      if (connection.status !== 'end') await connection.quit().catch(() => connection.disconnect());
    }
  };
}

interface SocketContext {
  db: Database;
  sessions: SessionService;
  clock: Clock;
  log: FastifyBaseLogger;
  acks: DeliveryAcks;
  rooms: LocalFirstRooms;
}

function handleSocket(socket: Socket, context: SocketContext): void {
  const state = socket.data as SocketState;
  const leave = async (rooms: readonly string[]): Promise<void> => {
    for (const room of rooms) await socket.leave(room);
  };
  const refuse = (ret: number, msg: string): void => {
    socket.emit(SocketEvent.ConnectionResult, envelope(ret, msg, null));
    socket.disconnect(true);
  };

  socket.on(SocketEvent.Connection, async (payload: unknown) => {
    try {
      if (!isRecord(payload)) return refuse(Ret.MissingParam, missingParamMessage('token'));
      if (payload['version'] !== SOCKET_PROTOCOL_VERSION) return refuse(Ret.BadParam, UNSUPPORTED_VERSION_MESSAGE);
      // As over HTTP (Params): NUL in any field or key is refused before anything reaches the database.
      const nulIn = findNul(Object.entries(payload));
      if (nulIn !== undefined) return refuse(Ret.BadParam, illegalCharacterMessage(nulIn));
      const token = field(payload, 'token');
      if (token === undefined) return refuse(Ret.MissingParam, missingParamMessage('token'));
      const session = await context.sessions.verify({
        token,
        sign: field(payload, 'sign'),
        expire: field(payload, 'expire'),
        loginUid: field(payload, 'login_uid') ?? field(payload, 'uid'),
      });
      if (socket.disconnected) return undefined;
      // A socket re-authenticating (another account, say) first leaves what it had joined.
      if (state.uid !== undefined) await leave(context.rooms.joined([userRoom(state.uid)]));
      if (state.token !== undefined) await socket.leave(sessionRoom(state.token));
      state.uid = session.user.id;
      state.token = session.token.token;
      await socket.join([...context.rooms.joined([userRoom(session.user.id)]), sessionRoom(session.token.token)]);
      socket.emit(SocketEvent.ConnectionResult, envelope(Ret.Ok, RetMessage.Ok, { uid: session.user.id }));
      return undefined;
    } catch (error) {
      if (error instanceof ApiError) return refuse(Ret.SessionInvalid, RetMessage.SessionInvalid);
      context.log.error({ err: error }, 'socket authentication failed');
      return refuse(Ret.Internal, RetMessage.Internal);
    }
  });

  socket.on(SocketEvent.MessageAck, async (payload: unknown) => {
    const uid = state.uid;
    if (uid === undefined || !isRecord(payload) || !Array.isArray(payload['ids'])) return;
    const ids = (payload['ids'] as unknown[])
      // Message ids are bigserial: any positive safe integer fits; anything else (fractions, beyond 2^53, text) is dropped.
      .filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)
      .slice(0, SocketLimits.maxAckIds);
    if (ids.length === 0) return;
    try {
      // Written with the other sockets' acknowledgements (one UPDATE per ~100 ms); confirmed once stored, so the
      // client re-sends after its next authentication whatever a dropped socket could not confirm.
      await context.acks.add(uid, ids);
      if (socket.connected) socket.emit(SocketEvent.MessageAcked, { ids });
    } catch (error) {
      context.log.error({ err: error }, 'messageAck failed');
    }
  });

  // Live barrages are for everyone: a visitor's socket (not authenticated) may join an episode's room too. It only
  // hears: barrages are sent over HTTP (AddBarrages, signed in), and no socket event sends one.
  socket.on(SocketEvent.JoinVideoRoom, async (payload: unknown) => {
    if (!isRecord(payload)) return;
    const mediaKey = payload['mediaKey'];
    if (!isVideoRoomKey(mediaKey)) return;
    const room = videoRoom(mediaKey);
    if (payload['leave'] === true) {
      // Leaving the play page: no more barrages of that video (leaving another room than the joined one does nothing).
      if (state.videoRoom === room) {
        await leave(context.rooms.joined([room]));
        state.videoRoom = undefined;
      }
      socket.emit(SocketEvent.JoinVideoRoom, { mediaKey, ok: true, left: true });
      return;
    }
    if (state.videoRoom !== undefined && state.videoRoom !== room) await leave(context.rooms.joined([state.videoRoom]));
    state.videoRoom = room;
    await socket.join(context.rooms.joined([room]));
    socket.emit(SocketEvent.JoinVideoRoom, { mediaKey, ok: true });
  });

  // QR-code sign-in: a visitor's login screen follows its ticket; only the holder of the ticket's secret can name its room.
  socket.on(QrLoginEvents.watch, async (payload: unknown) => {
    const secret = isRecord(payload) ? payload['secret'] : undefined;
    if (typeof secret !== 'string' || !QR_SECRET_PATTERN.test(secret)) {
      socket.emit(QrLoginEvents.watch, { ok: false });
      return;
    }
    const room = qrLoginRoom(watchHashOf(secret));
    if (state.qrRoom !== undefined && state.qrRoom !== room) await leave(context.rooms.joined([state.qrRoom]));
    state.qrRoom = room;
    await socket.join(context.rooms.joined([room]));
    socket.emit(QrLoginEvents.watch, { ok: true });
  });
}
