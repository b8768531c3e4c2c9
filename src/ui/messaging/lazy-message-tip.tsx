import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ComponentType } from 'react';
import { LoadFeatures } from '../../composition/lazy-features.ts';
import { useContainer } from '../app/container-context.tsx';
import { SessionModel } from '../app/session-model.ts';

type MessageTipComponent = ComponentType<{ path: string }>;

/**
 * The message tip and the messaging connection, loaded with the messaging feature once someone is logged in: a
 * visitor's pages load neither (nor socket.io). Once loaded it stays mounted; the connection follows later
 * logouts and logins itself.
 */
export const LazyMessageTip = observer(function LazyMessageTip({ path }: { path: string }) {
  const container = useContainer();
  const loggedIn = container.get(SessionModel).loggedIn;
  const [Tip, setTip] = useState<MessageTipComponent | null>(null);

  useEffect(() => {
    if (!loggedIn || Tip !== null) return undefined;
    let cancelled = false;
    const load = async () => {
      const [module] = await Promise.all([import('./message-tip.tsx'), container.get<LoadFeatures>(LoadFeatures)()]);
      if (!cancelled) setTip(() => module.MessageTip);
    };
    // A failed load (offline) is tried again at the next login or page load; pages work without the tip meanwhile.
    load().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [container, loggedIn, Tip]);

  return Tip === null ? null : <Tip path={path} />;
});
