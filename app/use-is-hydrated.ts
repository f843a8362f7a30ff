import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/** True once the page runs in the browser with JavaScript (false in the server's HTML). */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
