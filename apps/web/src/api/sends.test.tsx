import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendResponse } from '@ovation/shared/schemas/recognition';
import { api } from '../lib/api-client.ts';
import { makeWrapper } from '../test/test-wrapper.tsx';
import { sessionResponse } from '../test/session-fixture.ts';
import { homeDataKeys } from './home-data.ts';
import { kudosKeys } from './kudos.ts';
import { moodKeys } from './mood.ts';
import { myRecognitionKeys } from './myrecognition.ts';
import { useSendHigh5, useSendPayItForward, useSendRecognition } from './sends.ts';
import { rewardsKeys } from './rewards.ts';
import { applyBalances } from './money/balances.ts';
import { sessionKeys, toStoredSession, type StoredSession } from './session.ts';
import { statementKeys } from './statements.ts';

vi.mock('../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn(), getFile: vi.fn() },
}));
const post = vi.mocked(api.post);

const answer: SendResponse = {
  messageLogIds: [81],
  message: 'You paid forward 10 Kudos to Ruan Venter. Thank you!',
  balances: { awardsPointsAvailable: 90, awardsPointsAvailable1: 2, awardsPointsAvailableMng: 0 },
};

/** A query client holding a session and one query of each kind a member may have open. */
function seeded() {
  const harness = makeWrapper();
  const { client } = harness;
  client.setQueryData(sessionKeys.forToken('tok'), toStoredSession(sessionResponse()));
  client.setQueryData(myRecognitionKeys.all(), { received: [], given: [] });
  client.setQueryData(statementKeys.period('points', { from: '2031-01-01', to: '2031-01-31' }), { lines: [] });
  client.setQueryData(kudosKeys.thread(), { pages: [], pageParams: [] });
  client.setQueryData(homeDataKeys.forOwner('member.ke@example.com'), { leaderboard: [] });
  client.setQueryData(moodKeys.today(), { moodData: { value: 3 }, moodDesc: [] });
  const invalidated = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[0]);
  const session = () => client.getQueryData<StoredSession>(sessionKeys.forToken('tok'))!;
  return { ...harness, invalidated, session };
}

describe('after a send', () => {
  beforeEach(() => {
    post.mockReset().mockResolvedValue(answer);
  });

  it("writes the answer's balances into the session and marks only My Recognition and the statements stale", async () => {
    const { wrapper, invalidated, session } = seeded();
    expect(session().profile.awardsPointsAvailable).toBe(100);
    const { result } = renderHook(() => useSendPayItForward(), { wrapper });

    let response: SendResponse | undefined;
    await act(async () => {
      response = await result.current.mutateAsync({ toMemberId: 5, points: 10, message: 'Thanks' });
    });

    expect(response).toEqual(answer); // the page shows answer.message
    expect(session().profile).toMatchObject(answer.balances);
    expect(session().profile.fullname).toBe('Wanjiku Kamau'); // the rest of the profile is kept
    expect(invalidated().sort()).toEqual(['myrecognition', 'statements']);
    // One request: the send. The session is not loaded again.
    expect(post).toHaveBeenCalledOnce();
    expect(post.mock.calls[0]?.[0]).toBe('/api/payitforward/send');
    expect(post.mock.calls[0]?.[2]?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does the same for a recognition and a High Five, each to its own endpoint', async () => {
    const { wrapper, invalidated, session } = seeded();
    const managerAnswer = { ...answer, balances: { ...answer.balances, awardsPointsAvailableMng: 450 } };
    post.mockResolvedValueOnce(managerAnswer).mockResolvedValueOnce(answer);
    const recognise = renderHook(() => useSendRecognition(), { wrapper }).result;
    const high5 = renderHook(() => useSendHigh5(), { wrapper }).result;

    await act(() => recognise.current.mutateAsync({ toMemberIds: [5], behaviourId: 1, message: 'Hi', points: 50 }));
    expect(session().profile.awardsPointsAvailableMng).toBe(450);
    await act(() => high5.current.mutateAsync({ toMemberId: 5, message: 'Hi' }));
    await waitFor(() => expect(session().profile.awardsPointsAvailableMng).toBe(0));

    expect(post.mock.calls.map(([path]) => path)).toEqual(['/api/recognition/send', '/api/high5/send']);
    expect(invalidated().sort()).toEqual(['myrecognition', 'statements']);
  });

  it('leaves the session untouched when the send fails', async () => {
    const { wrapper, invalidated, session } = seeded();
    post.mockReset().mockRejectedValue(new Error('refused'));
    const { result } = renderHook(() => useSendHigh5(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ toMemberId: 5, message: 'Hi' }).catch(() => undefined);
    });
    expect(session().profile.awardsPointsAvailable).toBe(100);
    expect(invalidated()).toEqual([]);
  });
});

describe('applyBalances', () => {
  it('updates every cached session and ignores an empty cache', () => {
    const { client } = makeWrapper();
    applyBalances(client, answer.balances); // nothing cached: nothing to do, no throw
    expect(client.getQueryData(sessionKeys.forToken('tok'))).toBeUndefined();
    client.setQueryData(sessionKeys.forToken('tok'), toStoredSession(sessionResponse()));
    applyBalances(client, { awardsPointsAvailable: 7, awardsPointsAvailable1: 8, awardsPointsAvailableMng: 9 });
    expect(client.getQueryData<StoredSession>(sessionKeys.forToken('tok'))!.profile).toMatchObject({
      awardsPointsAvailable: 7,
      awardsPointsAvailable1: 8,
      awardsPointsAvailableMng: 9,
    });
  });

  it('makes the basket stale: it shows the balance, and CHECKOUT judges by it', () => {
    const { client } = makeWrapper();
    client.setQueryData(rewardsKeys.basket(), { balance: 40 });
    client.setQueryData(['orders'], []);
    applyBalances(client, { awardsPointsAvailable: 140, awardsPointsAvailable1: 0, awardsPointsAvailableMng: 0 });
    expect(client.getQueryState(rewardsKeys.basket())!.isInvalidated).toBe(true);
    expect(client.getQueryState(['orders'])!.isInvalidated).toBe(false);
  });
});
