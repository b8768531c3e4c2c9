import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket as NetSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../../adapters/clock/system-clock.ts';
import { AxiosHttp } from '../../adapters/http/axios-http.ts';
import { MemoryNavigator } from '../../adapters/navigator/memory-navigator.ts';
import { FakeNativeBridge } from '../../adapters/native-bridge/fake-native-bridge.ts';
import { FakeNotifier } from '../../adapters/notifier/fake-notifier.ts';
import { FakePageVisibility } from '../../adapters/page-visibility/fake-page-visibility.ts';
import { CryptoRandom } from '../../adapters/random/crypto-random.ts';
import { SocketIoSocket } from '../../adapters/socket/socket-io-socket.ts';
import { MemoryKeyValueStore } from '../../adapters/storage/memory-key-value-store.ts';
import { FakeClipboard } from '../../adapters/clipboard/fake-clipboard.ts';
import { FakeTonePlayer } from '../../adapters/tone/fake-tone-player.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { SEND_LIMITS } from '../../server/rate-limit/send-limits.ts';
import { ApiOrigin } from '../../src/composition/api-origin.ts';
import { bindCore } from '../../src/composition/core-bindings.ts';
import { MessageStore } from '../../src/core/messaging/message-store.ts';
import { MessageTips } from '../../src/core/messaging/message-tips.ts';
import { MessagingConnection } from '../../src/core/messaging/messaging-connection.ts';
import { Clipboard } from '../../src/core/ports/clipboard.ts';
import { Clock } from '../../src/core/ports/clock.ts';
import { Http } from '../../src/core/ports/http.ts';
import { CookieStore, LocalStore, SessionStore, type KeyValueStore } from '../../src/core/ports/key-value-store.ts';
import { NativeBridge } from '../../src/core/ports/native-bridge.ts';
import { Navigator } from '../../src/core/ports/navigator.ts';
import { Notifier } from '../../src/core/ports/notifier.ts';
import { PageVisibility } from '../../src/core/ports/page-visibility.ts';
import { Random } from '../../src/core/ports/random.ts';
import { Socket } from '../../src/core/ports/socket.ts';
import { TonePlayer } from '../../src/core/ports/tone-player.ts';
import { SessionService } from '../../src/core/session/session-service.ts';
import { testConfig, tokenParams, uniqueName, type Envelope, type TestUser } from '../server/support.ts';

/** A TCP proxy in front of the server that a test can unplug: every open connection is cut, new ones refused. */
class UnpluggableProxy {
  private readonly server: Server;
  private readonly open = new Set<NetSocket>();
  private plugged = true;
  port = 0;

  constructor(private readonly targetPort: number) {
    this.server = createServer((client) => {
      if (!this.plugged) {
        client.destroy();
        return;
      }
      const upstream = createConnection({ host: '127.0.0.1', port: this.targetPort });
      for (const s of [client, upstream]) {
        this.open.add(s);
        s.on('close', () => this.open.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${this.port}`;
  }

  /** Cuts every connection (the client goes offline; the server sees B's sockets close) and refuses new ones. */
  unplug(): void {
    this.plugged = false;
    for (const s of [...this.open]) s.destroy();
  }

  plug(): void {
    this.plugged = true;
  }

  async close(): Promise<void> {
    this.unplug();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** B's client core on the real adapters: axios over HTTP and socket.io, both through the proxy. */
function clientCore(origin: string) {
  const container = new Container();
  const socket = new SocketIoSocket({ url: origin, transports: ['websocket'], reconnectDelayMs: 100, reconnectDelayMaxMs: 400 });
  container.bind<Clock>(Clock).toConstantValue(new SystemClock());
  container.bind<Http>(Http).toConstantValue(new AxiosHttp({ baseURL: origin }));
  container.bind<KeyValueStore>(LocalStore).toConstantValue(new MemoryKeyValueStore());
  container.bind<KeyValueStore>(SessionStore).toConstantValue(new MemoryKeyValueStore());
  container.bind<KeyValueStore>(CookieStore).toConstantValue(new MemoryKeyValueStore());
  container.bind<Notifier>(Notifier).toConstantValue(new FakeNotifier());
  container.bind<Navigator>(Navigator).toConstantValue(new MemoryNavigator('/rank'));
  container.bind<Clipboard>(Clipboard).toConstantValue(new FakeClipboard());
  container.bind<NativeBridge>(NativeBridge).toConstantValue(new FakeNativeBridge());
  container.bind<PageVisibility>(PageVisibility).toConstantValue(new FakePageVisibility());
  container.bind<Random>(Random).toConstantValue(new CryptoRandom());
  container.bind<Socket>(Socket).toConstantValue(socket);
  container.bind<TonePlayer>(TonePlayer).toConstantValue(new FakeTonePlayer());
  container.bind<string>(ApiOrigin).toConstantValue(origin);
  bindCore(container);
  return { container, socket };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function register(url: string, prefix: string): Promise<TestUser> {
  const userName = uniqueName(prefix);
  const response = await fetch(`${url}/api/Login/Register`, { method: 'POST', body: new URLSearchParams({ userName, password: 'secret123', nickName: prefix }) });
  const answer = (await response.json()) as Envelope<TestUser>;
  if (answer.ret !== 200) throw new Error(`register: ${answer.msg}`);
  return { ...answer.data, userNameRaw: userName };
}

describe('messaging survives a dropped connection', () => {
  let server: RunningServer;
  let proxy: UnpluggableProxy;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'qiyu-reconnect-'));
    // 51 messages in a few seconds: past the per-user chat limit (SEND_LIMITS), which this test is not about.
    const sendLimits = { ...SEND_LIMITS, chat: [] };
    server = await startServer(testConfig({ port: 0, dataDir, databaseUrl: undefined, redisUrl: undefined, sendLimits }), { logger: false });
    proxy = new UnpluggableProxy(Number(new URL(server.url).port));
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('B, offline and disconnected while A sends 50 messages, ends with all 50 in order, none twice, acknowledged', async () => {
    const origin = await proxy.listen();
    const a = await register(server.url, 'alice');
    const b = await register(server.url, 'bob');
    const send = async (content: string) => {
      const response = await fetch(`${server.url}/api/Chat/SendMessage`, {
        method: 'POST',
        body: new URLSearchParams({ ...tokenParams(a.token), toUid: String(b.id), content, clientId: `c-${content}` }),
      });
      const answer = (await response.json()) as Envelope<{ id: number }>;
      expect(answer.ret).toBe(200);
      return answer.data.id;
    };

    const { container, socket } = clientCore(origin);
    const logIn = await container.get(SessionService).logIn({ userName: b.userNameRaw, password: 'secret123' });
    expect(logIn.ok).toBe(true);
    const connection = container.get(MessagingConnection);
    const store = container.get(MessageStore);
    connection.start();
    await until(() => connection.isAuthenticated() && store.lastId() !== null);

    // One live message first: the connection works.
    const firstId = await send('live');
    await until(() => store.conversation(a.id).length === 1);

    // Dropped on both sides: the server closes B's sockets, and B goes offline (the proxy cuts every connection
    // and refuses new ones), so the adapter's re-opening fails until the network is back.
    server.app.realtime.disconnectUser(b.id);
    proxy.unplug();
    await until(() => !socket.connected());
    const sent: number[] = [];
    for (let i = 1; i <= 50; i++) sent.push(await send(`m${i}`));
    expect(store.conversation(a.id)).toHaveLength(1);

    proxy.plug();
    await until(() => store.conversation(a.id).length === 51);
    const seen = store.conversation(a.id);
    expect(seen.map((m) => m.id)).toEqual([firstId, ...sent]);
    expect(seen.slice(1).map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 1}`));
    expect(new Set(seen.map((m) => m.id)).size).toBe(51);
    expect(container.get(MessageTips).state().count).toBe(51);

    // Every message was acknowledged: the server marked it delivered.
    await until(async () => {
      const rows = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM private_messages WHERE to_uid = $1 AND delivered_at IS NULL', [b.id]);
      return rows[0]?.n === 0;
    });
    connection.stop();
  }, 60_000);
});
