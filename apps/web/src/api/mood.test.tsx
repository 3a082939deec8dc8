import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MoodResponse } from '@ovation/shared/schemas/feed';
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

  it('a page that lives on after pagehide sends the queued choice again after the earlier save', async () => {
    twoQuickChoices();
    await waitFor(() => expect(sent()).toEqual([2]));
    window.dispatchEvent(new Event('pagehide'));
    expect(sent()).toEqual([2, 5]);

    await act(async () => finishFirst());
    await waitFor(() => expect(sent()).toEqual([2, 5, 5]));
  });
});

describe("a save's end, with a later choice still on its way", () => {
  const desc = [{ moodDescriptionId: 1, value: 1, description: 'Happy' }];
  const answerFor = (value: number): MoodResponse => ({ moodDesc: desc, moodData: { value } });
  /** Each PUT waits for the test to settle it: settle[i](answer) or fail[i](). */
  let settle: ((answer: MoodResponse) => void)[];
  let fail: (() => void)[];
  beforeEach(() => {
    settle = [];
    fail = [];
    put.mockReset().mockImplementation(
      () =>
        new Promise((resolve, reject) => {
          settle.push(resolve);
          fail.push(() => reject(new Error('offline')));
        }),
    );
  });

  function choose(...values: number[]) {
    const { wrapper, client } = makeWrapper();
    client.setQueryData<MoodResponse>(moodKeys.today(), { moodData: { value: 3 }, moodDesc: [] });
    const { result } = renderHook(() => useSaveMood(), { wrapper });
    act(() => {
      for (const v of values) result.current.mutate(v);
    });
    const shown = () => client.getQueryData<MoodResponse>(moodKeys.today());
    return { client, shown };
  }

  it("puts the server's answer in place of the choice", async () => {
    const { shown } = choose(2);
    await waitFor(() => expect(sent()).toEqual([2]));
    expect(shown()).toEqual({ moodData: { value: 2 }, moodDesc: [] });
    await act(async () => settle[0]!(answerFor(2)));
    await waitFor(() => expect(shown()).toEqual(answerFor(2)));
  });

  it('a failed save leaves the later choice on screen, and the later answer replaces it', async () => {
    const { shown } = choose(2, 1);
    await waitFor(() => expect(sent()).toEqual([2]));
    expect(shown()?.moodData).toEqual({ value: 1 });

    await act(async () => fail[0]!());
    await waitFor(() => expect(sent()).toEqual([2, 1]));
    expect(shown()?.moodData).toEqual({ value: 1 }); // not the 3 from before the failed save

    await act(async () => settle[1]!(answerFor(1)));
    await waitFor(() => expect(shown()).toEqual(answerFor(1)));
  });

  it("an earlier save's answer does not cover the later choice", async () => {
    const { shown } = choose(2, 1);
    await waitFor(() => expect(sent()).toEqual([2]));
    await act(async () => settle[0]!(answerFor(2)));
    await waitFor(() => expect(sent()).toEqual([2, 1]));
    expect(shown()?.moodData).toEqual({ value: 1 });
  });

  it('when the last save fails too, puts the mood before it back and asks the server again', async () => {
    const { client, shown } = choose(2, 1);
    await waitFor(() => expect(sent()).toEqual([2]));
    await act(async () => fail[0]!());
    await waitFor(() => expect(sent()).toEqual([2, 1]));
    expect(client.getQueryState(moodKeys.today())?.isInvalidated).toBe(false);

    await act(async () => fail[1]!());
    // The mood before the last choice was itself a choice that failed: the server says what holds.
    await waitFor(() => expect(client.getQueryState(moodKeys.today())?.isInvalidated).toBe(true));
    expect(shown()?.moodData).toEqual({ value: 2 });
  });
});
