import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeWrapper } from '../test/test-wrapper.tsx';
import { useLiveBalances } from './live-balances.ts';

const heard = vi.hoisted(() => ({ handlers: {} as Record<string, (data: unknown) => void> }));
vi.mock('./live-events.ts', () => ({
  LIVE_RECONNECTED: 'live:reconnected',
  useLiveEvents: (handlers: Record<string, (data: unknown) => void>) => {
    heard.handlers = handlers;
  },
}));

describe('useLiveBalances', () => {
  it('reads the balances, plays, allowance, basket and statements again on a notification', () => {
    const { client, wrapper } = makeWrapper();
    const keys = [
      ['session', 'token'],
      ['game', 'board'],
      ['payitforward', 'allowance'],
      ['rewards', 'basket'],
      ['statements', 'points', '', ''],
      ['notifications', 'list'],
    ];
    for (const key of keys) client.setQueryData(key, { n: 1 });
    renderHook(() => useLiveBalances(), { wrapper });
    const stale = () => keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key[0]);
    expect(stale()).toEqual([]);
    heard.handlers.notification!({});
    expect(stale()).toEqual(['session', 'game', 'payitforward', 'rewards', 'statements']);
  });

  it('reads nothing again when only the bell changed (a reaction, notices marked read)', () => {
    const { client, wrapper } = makeWrapper();
    client.setQueryData(['session', 'token'], { n: 1 });
    client.setQueryData(['rewards', 'basket'], { n: 1 });
    renderHook(() => useLiveBalances(), { wrapper });
    heard.handlers.notification!({ bellOnly: true });
    expect(client.getQueryState(['session', 'token'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['rewards', 'basket'])?.isInvalidated).toBe(false);
    heard.handlers.notification!(null);
    expect(client.getQueryState(['session', 'token'])?.isInvalidated).toBe(true);
  });

  it('also reads them again when the stream comes back after a cut', () => {
    const { client, wrapper } = makeWrapper();
    client.setQueryData(['session', 'token'], { n: 1 });
    renderHook(() => useLiveBalances(), { wrapper });
    heard.handlers['live:reconnected']!(null);
    expect(client.getQueryState(['session', 'token'])?.isInvalidated).toBe(true);
  });
});
