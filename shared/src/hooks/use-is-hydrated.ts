import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while rendering on the server and while the browser takes over the server's markup;
 * true from the next render on. For parts that exist only in a browser (a dialog portalled to
 * the body): rendering them only then keeps the browser's first render equal to the server's.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
