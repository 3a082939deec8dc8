import { renderHook, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeWrapper } from '../test/test-wrapper.tsx';
import { useDeferredQuery } from './deferred-query.ts';

type Seen = { status: string; isPending: boolean; isSuccess: boolean; data: string[] | undefined; stored: unknown };

/** Renders the deferred query and records what each render saw. */
function watch(queryFn: () => Promise<string[]>, seed?: string[]) {
  const { wrapper, client } = makeWrapper();
  if (seed) client.setQueryData(['words'], seed);
  const seen: Seen[] = [];
  const hook = renderHook(
    () => {
      const stored = useQuery({ queryKey: ['words'], queryFn, staleTime: seed ? Infinity : 0 });
      const query = useDeferredQuery(stored);
      seen.push({
        status: query.status,
        isPending: query.isPending,
        isSuccess: query.isSuccess,
        data: query.data,
        stored: stored.data,
      });
      return query;
    },
    { wrapper },
  );
  return { ...hook, seen, client };
}

describe('useDeferredQuery', () => {
  it('shows newly arrived data only once it is rendered in the background, as pending until then', async () => {
    let arrive!: (words: string[]) => void;
    const { result, seen } = watch(() => new Promise((resolve) => (arrive = resolve)));
    expect(result.current.isPending).toBe(true);

    arrive(['thanks']);
    await waitFor(() => expect(result.current.data).toEqual(['thanks']));

    expect(result.current.isSuccess).toBe(true);
    // The store's update rendered first with the data held back (still pending), then the
    // deferred render with it; no render saw success without data or pending with data.
    const lagging = seen.filter((s) => s.isPending && s.data === undefined);
    expect(lagging.length).toBeGreaterThan(1);
    for (const s of seen) {
      expect(s.isPending).toBe(s.data === undefined);
      expect(s.isSuccess).toBe(s.data !== undefined);
      expect(s.status).toBe(s.isPending ? 'pending' : 'success');
    }
  });

  it('renders data already in the cache at once, with no pending render first', () => {
    const { result, seen } = watch(() => Promise.resolve(['later']), ['cached']);

    expect(result.current.data).toEqual(['cached']);
    expect(seen.every((s) => s.isSuccess && s.data?.[0] === 'cached')).toBe(true);
  });

  it('keeps the previous data on screen until new data has rendered', async () => {
    const { result, seen, client } = watch(() => Promise.resolve(['later']), ['cached']);

    client.setQueryData(['words'], ['newer']);
    await waitFor(() => expect(result.current.data).toEqual(['newer']));

    expect(seen.every((s) => s.isSuccess && s.data !== undefined)).toBe(true);
    // A render in which the cache held the new data while the screen still showed the old.
    expect(seen.some((s) => s.data?.[0] === 'cached' && (s.stored as string[])[0] === 'newer')).toBe(true);
  });

  it('passes a failure straight through', async () => {
    const { result } = watch(() => Promise.reject(new Error('down')));

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('down');
    expect(result.current.data).toBeUndefined();
  });
});
