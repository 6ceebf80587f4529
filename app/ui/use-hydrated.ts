import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** false during server rendering and hydration, true afterwards: for controls that need JavaScript. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
