import { describe, expect, it, vi } from 'vitest';
import { PROBLEM_TYPES } from '@ovation/shared/errors';
import { ApiError } from './api-error.ts';
import { IdempotencyKeys } from './idempotency.ts';

function keys() {
  let n = 0;
  return new IdempotencyKeys(() => `key-${++n}`);
}
const body = { toMemberId: 7, points: 5, message: 'Thanks' };

describe('IdempotencyKeys', () => {
  it('reuses the key when the same submission is retried after a network failure', async () => {
    const store = keys();
    const post = vi.fn().mockRejectedValueOnce(new ApiError('offline', 0)).mockResolvedValueOnce({ ok: true });
    await expect(store.send(body, post)).rejects.toThrow('offline');
    await expect(store.send({ ...body }, post)).resolves.toEqual({ ok: true });
    expect(post.mock.calls.map(([key]) => key)).toEqual(['key-1', 'key-1']);
  });

  it('keeps the key after a 5xx or the 409 of a request still in flight', async () => {
    const store = keys();
    const busy = { type: PROBLEM_TYPES.inFlight, title: 'Conflict', status: 409, message: 'busy' };
    const post = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('boom', 500))
      .mockRejectedValueOnce(new ApiError('busy', 409, 'Conflict', busy))
      .mockResolvedValueOnce({});
    await expect(store.send(body, post)).rejects.toThrow();
    await expect(store.send(body, post)).rejects.toThrow();
    await store.send(body, post);
    expect(post.mock.calls.map(([key]) => key)).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('starts a new key after any other 409 (decided and stored under its key, e.g. a changed price)', async () => {
    const store = keys();
    const changed = { type: PROBLEM_TYPES.conflict, title: 'Conflict', status: 409, message: 'The price changed' };
    const post = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('The price changed', 409, 'Conflict', changed))
      .mockResolvedValueOnce({});
    await expect(store.send(body, post)).rejects.toThrow();
    await store.send(body, post);
    expect(post.mock.calls.map(([key]) => key)).toEqual(['key-1', 'key-2']);
  });

  it('starts a new key after success, after a settled refusal, and when the body changes', async () => {
    const store = keys();
    const post = vi
      .fn()
      .mockResolvedValueOnce({})
      .mockRejectedValueOnce(new ApiError('Not enough points', 400))
      .mockRejectedValueOnce(new ApiError('offline', 0))
      .mockResolvedValue({});
    await store.send(body, post); // paid: key-1 is done
    await expect(store.send(body, post)).rejects.toThrow(); // refused for good: key-2 is done
    await expect(store.send(body, post)).rejects.toThrow(); // unknown: key-3 kept…
    await store.send({ ...body, points: 4 }, post); // …but a changed body is a new submission
    expect(post.mock.calls.map(([key]) => key)).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
  });

  it('sends a double click once: the second call shares the first answer', async () => {
    const store = keys();
    let resolve: (v: unknown) => void = () => {};
    const post = vi.fn(() => new Promise((r) => (resolve = r)));
    const first = store.send(body, post);
    const second = store.send(body, post);
    resolve({ messageLogIds: [1] });
    await expect(Promise.all([first, second])).resolves.toEqual([{ messageLogIds: [1] }, { messageLogIds: [1] }]);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('uses crypto.randomUUID by default', () => {
    expect(new IdempotencyKeys().keyFor(body)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
