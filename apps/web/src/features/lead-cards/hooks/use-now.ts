import { RELATIVE_TIME_REFRESH_MS } from '@backoffice/shared';
import { useSyncExternalStore } from 'react';

/*
 * The time relative labels ('hace 5 min') are computed from, refreshed every RELATIVE_TIME_REFRESH_MS (SPEC 9)
 * by one timer shared by every card on screen (a board shows hundreds), running only while one is shown.
 */
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, RELATIVE_TIME_REFRESH_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): Date {
  const time = useSyncExternalStore(subscribe, () => now);
  return new Date(time);
}
