import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client.ts';
import { makeWrapper } from '../test/test-wrapper.tsx';
import { moodKeys, useSaveMood } from './mood.ts';

vi.mock('../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn(), getFile: vi.fn() },
}));
const put = vi.mocked(api.put);

/** The values of the PUTs made so far, in order. */
const sent = () => put.mock.calls.map((call) => (call[1] as { value: number }).value);

describe('saving the daily mood', () => {
  let finishFirst: () => void;
  beforeEach(() => {
    put.mockReset().mockImplementationOnce(() => new Promise((resolve) => (finishFirst = () => resolve(undefined))));
    put.mockResolvedValue(undefined);
  });

  function twoQuickChoices() {
    const { wrapper, client } = makeWrapper();
    client.setQueryData(moodKeys.today(), { moodData: { value: 3 }, moodDesc: [] });
    const { result } = renderHook(() => useSaveMood(), { wrapper });
    act(() => {
      result.current.mutate(2);
      result.current.mutate(5);
    });
    return client;
  }

  it('sends a second choice only after the first is saved, so the last choice lands last', async () => {
    const client = twoQuickChoices();
    await waitFor(() => expect(client.getQueryData(moodKeys.today())).toMatchObject({ moodData: { value: 5 } }));
    await waitFor(() => expect(sent()).toEqual([2]));

    await act(async () => finishFirst());
    await waitFor(() => expect(sent()).toEqual([2, 5]));
    expect(put.mock.calls[1]?.[2]).toMatchObject({ keepalive: true });
  });

  it('sends the queued choice at once, with keepalive, when the member leaves the page', async () => {
    twoQuickChoices();
    await waitFor(() => expect(sent()).toEqual([2]));

    window.dispatchEvent(new Event('pagehide'));
    expect(sent()).toEqual([2, 5]);
    expect(put.mock.calls[1]?.[2]).toMatchObject({ keepalive: true });

    // Nothing more was waiting: leaving again sends nothing.
    window.dispatchEvent(new Event('pagehide'));
    expect(sent()).toEqual([2, 5]);
  });
});
