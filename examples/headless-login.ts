/**
 * Runs the core's login use cases headless in Node, on fakes only: `npm run headless-example`.
 * The same container the browser uses, with the ports bound to in-memory fakes.
 */
import { createHeadlessCore } from '../src/composition/headless.ts';
import { SessionService } from '../src/core/session/session-service.ts';
import { AppStart } from '../src/core/shell/app-start.ts';

export async function main(log: (line: string) => void = console.log): Promise<void> {
  const { container, world } = createHeadlessCore();
  const sessions = container.get(SessionService);

  await container.get(AppStart).run();
  log(`visitor id: ${world.local.get('visitorId')}`);

  const registered = await sessions.register({ userName: 'headless_1', nickName: '无头用户', password: 'secret123', confirmPassword: 'secret123' });
  log(`registered: ${registered.ok ? registered.user.nickName : registered.message}`);

  await sessions.logOut();
  const refused = await sessions.logIn({ userName: 'headless_1', password: 'wrong-pass' });
  log(`wrong password: ${refused.ok ? 'logged in?!' : refused.message} (toast: ${world.notifier.lastToast()?.message})`);

  const loggedIn = await sessions.logIn({ userName: 'headless_1', password: 'secret123' });
  log(`logged in: ${loggedIn.ok ? `${loggedIn.user.nickName} (uid ${loggedIn.user.token.uid})` : loggedIn.message}`);
  log(`session valid: ${await sessions.validate()}`);
  log(`requests sent: ${world.http.requests.map((r) => `${r.method} ${r.url}`).join(', ')}`);
}

if (process.argv[1]?.endsWith('headless-login.ts')) {
  await main();
}
