import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { LazyMessageTipModel, type MessageTipComponent } from './lazy-message-tip-view-model.ts';

/**
 * The message tip and the messaging connection, loaded with the messaging feature once someone is logged in: a
 * visitor's pages load neither (nor socket.io). Once loaded it stays mounted; the connection follows later
 * logouts and logins itself.
 */
export const LazyMessageTip = observer(function LazyMessageTip({ path }: { path: string }) {
  const vm = useViewModel(LazyMessageTipModel);
  const loggedIn = vm.loggedIn;
  const [Tip, setTip] = useState<MessageTipComponent | null>(null);

  useEffect(() => {
    if (!loggedIn || Tip !== null) return undefined;
    let cancelled = false;
    const load = async () => {
      const tip = await vm.load();
      if (!cancelled) setTip(() => tip);
    };
    // A failed load (offline) is tried again at the next login or page load; pages work without the tip meanwhile.
    load().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [vm, loggedIn, Tip]);

  return Tip === null ? null : <Tip path={path} />;
});
