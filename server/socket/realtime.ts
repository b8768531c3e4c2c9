import type { WireBarrage } from '../../src/core/playback/barrage-protocol.ts';
import type { MessageView } from '../messaging/message-repository.ts';
import type { QrLoginChange } from '../../src/core/qr-login/qr-login-protocol.ts';

/** Socket event names of the protocol (server/README.md, "Realtime"). */
export const SocketEvent = {
  /** client → server: token fields + version; server → client: connectionResult. */
  Connection: 'connection',
  ConnectionResult: 'connectionResult',
  PrivateMessage: 'privateMessage',
  MessageAck: 'messageAck',
  /** server → the acknowledging socket: `{ ids }` of its messageAck, once stored (the client stops re-sending them). */
  MessageAcked: 'messageAcked',
  UserLiveTest: 'userLiveTest',
  UserStateChange: 'userStateChange',
  JoinVideoRoom: 'joinVideoRoom',
  /** server → the video room of an episode: a barrage just sent (server/barrage). */
  SendBarrage: 'sendBarrage',
} as const;

/** userStateChange actions. */
export const UserStateAction = {
  /** The user's data changed elsewhere: refresh it. */
  Refresh: 0,
  /** The session ended elsewhere: show msg, clear the user. */
  SessionEnded: 1,
} as const;

export const LOGIN_ELSEWHERE_MESSAGE = '该账号已在其他设备登录';
export const USER_CHANGED_MESSAGE = '用户信息已更新';

export const userRoom = (uid: number): string => `user:${uid}`;
export const sessionRoom = (token: string): string => `session:${token}`;
export const videoRoom = (mediaKey: string): string => `video:${mediaKey}`;

/**
 * What HTTP routes tell connected clients (AppServices.realtime). Every method is fire-and-forget: it only
 * emits, and with the Redis adapter the emit reaches the sockets of every server process.
 */
export interface Realtime {
  /** privateMessage to every authenticated socket of the recipient and of the sender. */
  deliver(message: MessageView): void;
  /** userLiveTest to the user's sockets authenticated with another session token than `newToken`. */
  loginElsewhere(uid: number, newToken: string): void;
  /** userStateChange action 0 to every socket of these users. */
  userChanged(...uids: number[]): void;
  /** userStateChange action 1 (msg) to the sockets of that session, which are then disconnected. */
  sessionEnded(token: string, msg?: string): void;
  /**
   * Closes every socket of the user from the server side, saying nothing: the clients re-open, authenticate
   * again and fetch what they missed (for draining a process before it stops, and for tests of that path).
   */
  disconnectUser(uid: number): void;
  /** sendBarrage with the barrage to every socket in the episode's video room (`<mediaKey>#<episode>`, barrage-protocol.ts episodeRoomKey), the sender's included. */
  relayBarrage(roomKey: string, barrage: WireBarrage): void;
  /** qrLoginState to the sockets following a QR sign-in ticket (the room server/qr-login/qr-login-room.ts names). */
  qrLoginChanged(room: string, change: QrLoginChange): void;
  /** interactionNotice to every socket of these users: a new like or comment for them (server/interactions/notices.ts). */
  interactionNotice(uids: readonly number[]): void;
}
