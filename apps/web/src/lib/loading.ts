import { useSyncExternalStore } from 'react';

/**
 * The loading counter of spec §4: every request increments it and decrements it when done;
 * loading is active while it is non-zero. It never goes below 0, so an extra decrement
 * (e.g. after a reset) cannot hide a later request.
 */
export interface LoadingCounter {
  increment(): void;
  decrement(): void;
  reset(): void;
  count(): number;
  subscribe(listener: () => void): () => void;
}

export function createLoadingCounter(): LoadingCounter {
  let value = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    increment() {
      value += 1;
      emit();
    },
    decrement() {
      if (value === 0) return;
      value -= 1;
      emit();
    },
    reset() {
      value = 0;
      emit();
    },
    count: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app-wide counter the api client drives. */
export const loading = createLoadingCounter();

export function useIsLoading(counter: LoadingCounter = loading): boolean {
  return useSyncExternalStore(counter.subscribe, () => counter.count() > 0);
}
