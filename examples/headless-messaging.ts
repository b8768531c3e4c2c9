/**
 * The messaging core headless in Node, on fakes only: `npm run headless-messaging`. The fake socket plays the
 * server's side (connectionResult, privateMessage); the fake HTTP answers the missed-messages calls.
 */
import { createHeadlessCore } from '../src/composition/headless.ts';
import { MessageTips } from '../src/core/messaging/message-tips.ts';
import { MessagingConnection } from '../src/core/messaging/messaging-connection.ts';
import { SessionService } from '../src/core/session/session-service.ts';
import { UserSession } from '../src/core/shared-kernel/user-session.ts';

/** Lets the core's pending promises (the missed-messages calls) finish. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function main(log: (line: string) => void = console.log): Promise<void> {
  const { container, world } = createHeadlessCore();
  world.http
    .route('GET', '/api/Chat/GetConversations', () => ({ status: 200, body: { ret: 200, msg: '成功', data: { list: [], total: 0 } } }))
    .route('GET', '/api/Chat/GetNewMessages', () => ({ status: 200, body: { ret: 200, msg: '成功', data: { list: [], hasMore: false } } }));
  await container.get(SessionService).register({ userName: 'headless_2', nickName: '无头用户', password: 'secret123', confirmPassword: 'secret123' });

  const connection = container.get(MessagingConnection);
  connection.start();
  log(`socket asked to connect: ${world.socket.wantsConnection()}`);
  world.socket.restore();
  const [hello] = world.socket.emittedOf('connection') as { version?: string }[];
  log(`connection event sent, version ${hello?.version}`);

  const me = container.get(UserSession).user()?.id ?? 0;
  world.socket.serverEmit('connectionResult', { ret: 200, msg: '成功', data: { uid: me } });
  await settle();
  const message = { id: 7, fromUid: 42, toUid: me, type: 0, content: '你好', createdAt: 0, clientId: null, avatar: '', nickname: '小遇', kefu: false };
  world.socket.serverEmit('privateMessage', message);
  world.socket.serverEmit('privateMessage', message); // delivered twice: counted once
  await settle();
  const tips = container.get(MessageTips).state();
  log(`tip shown: ${tips.visible}, unread: ${tips.count}, tones: ${world.tone.plays}`);
  log(`acknowledged: ${JSON.stringify(world.socket.emittedOf('messageAck'))}`);
  connection.stop();
}

if (process.argv[1]?.endsWith('headless-messaging.ts')) {
  await main();
}
