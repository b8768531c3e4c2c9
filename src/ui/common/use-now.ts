import { useEffect, useState } from 'react';
import { Clock } from '../../core/ports/clock.ts';
import { useContainer } from '../app/container-context.tsx';

/** The global timer's tick (spec: every 60 s). */
const NOW_TICK_MS = 60_000;

/** The time now and the local UTC offset, refreshed every tick so relative labels stay true. */
export function useNow(): { now: number; offsetMinutes: number } {
  const clock = useContainer().get<Clock>(Clock);
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const id = clock.repeat(() => setNow(clock.now()), NOW_TICK_MS);
    return () => clock.cancelRepeat(id);
  }, [clock]);
  return { now, offsetMinutes: clock.utcOffsetMinutes(now) };
}
