import type { Unsubscribe } from '../ports/page-visibility.ts';
import type { Socket } from '../ports/socket.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';

/**
 * The live side of barrages (BarrageSession's room): joins an episode's room and hears sendBarrage. A signed-in
 * viewer's messaging connection (authenticated) does it; a visitor has none, so the room opens a socket of its own
 * while a play page follows an episode: the server lets a socket that never authenticated join a video room and
 * hear it (read-only; sending is AddBarrages, signed in). Both are listened to, so a viewer who signs in on the page
 * keeps hearing; the session de-duplicates by id.
 */
export interface BarrageRoom {
  joinVideoRoom(key: string): void;
  leaveVideoRoom(key: string): void;
  /** sendBarrage events: a WireBarrage (barrage-protocol.ts) as the server relays it, read with parseBarrage. */
  onBarrage(listener: (payload: unknown) => void): Unsubscribe;
}

const LiveRoomEvents = { join: 'joinVideoRoom', barrage: 'sendBarrage' } as const;

export class LiveBarrageRoom implements BarrageRoom {
  /** The room the visitor socket follows, or null when it is closed. */
  private visitorRoom: string | null = null;
  private offStatus: Unsubscribe | null = null;

  constructor(
    private readonly deps: {
      /** The signed-in viewer's messaging connection. */
      signedIn: BarrageRoom;
      /** The visitors' own socket (not the messaging one). */
      visitorSocket: Socket;
      session: UserSession;
    },
  ) {}

  joinVideoRoom(key: string): void {
    this.deps.signedIn.joinVideoRoom(key);
    if (this.deps.session.user() !== null) return;
    const { visitorSocket } = this.deps;
    this.visitorRoom = key;
    // Joined again after every (re)connect.
    this.offStatus ??= visitorSocket.onStatus((status) => {
      if (status === 'connected' && this.visitorRoom !== null) visitorSocket.emit(LiveRoomEvents.join, { mediaKey: this.visitorRoom });
    });
    if (visitorSocket.connected()) visitorSocket.emit(LiveRoomEvents.join, { mediaKey: key });
    else visitorSocket.connect();
  }

  leaveVideoRoom(key: string): void {
    this.deps.signedIn.leaveVideoRoom(key);
    if (this.visitorRoom !== key) return;
    this.visitorRoom = null;
    this.offStatus?.();
    this.offStatus = null;
    // Nothing else uses the visitor socket: closing it leaves the room.
    this.deps.visitorSocket.disconnect();
  }

  onBarrage(listener: (payload: unknown) => void): Unsubscribe {
    const offSignedIn = this.deps.signedIn.onBarrage(listener);
    const offVisitor = this.deps.visitorSocket.on(LiveRoomEvents.barrage, listener);
    return () => {
      offSignedIn();
      offVisitor();
    };
  }
}

/** The token of the visitors' barrage socket (a Socket of its own: the messaging one follows the signed-in user). */
export const VisitorBarrageSocket = Symbol('VisitorBarrageSocket');
