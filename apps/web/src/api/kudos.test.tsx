import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KUDOS_FIELDS, type KudosItem } from '@ovation/shared/schemas/feed';
import { api } from '../lib/api-client.ts';
import { kudosItem } from '../test/kudos-fixture.ts';
import { makeWrapper } from '../test/test-wrapper.tsx';
import { kudosKeys, refreshKudosThread, useReactToKudos, type KudosData } from './kudos.ts';

vi.mock('../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const post = vi.mocked(api.post);

const asTable = (item: KudosItem) => ({ fields: [...KUDOS_FIELDS], rows: [KUDOS_FIELDS.map((f) => item[f])] });

describe('useReactToKudos', () => {
  beforeEach(() => {
    post.mockReset();
  });

  it('flips at once, then shows the server answer; an active reaction is withdrawn', async () => {
    const { client, wrapper } = makeWrapper();
    const seed: KudosData = { pages: [{ items: [kudosItem()], hasMore: false }], pageParams: [{ page: 1 }] };
    client.setQueryData(kudosKeys.thread(), seed);
    const current = () => client.getQueryData<KudosData>(kudosKeys.thread())!.pages[0]!.items[0]!;

    let answer!: (v: unknown) => void;
    post.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useReactToKudos(7), { wrapper });

    act(() => result.current.mutate({ messageLogId: 7, reactNum: 1, isRedactReact: false }));
    await waitFor(() => expect(current()).toMatchObject({ userLiked: true, likeCount: 4 }));
    expect(post).toHaveBeenCalledWith('/api/shoutouts/ShoutOutReact', {
      messageLogId: 7,
      reactNum: 1,
      isRedactReact: false,
    });

    await act(async () => answer({ shoutOuts: asTable(kudosItem({ userLiked: true, likeCount: 12, mins: 8 })) }));
    await waitFor(() => expect(current()).toMatchObject({ userLiked: true, likeCount: 12, mins: 8 }));

    post.mockResolvedValueOnce({ shoutOuts: asTable(kudosItem({ userLiked: false, likeCount: 11, mins: 8 })) });
    act(() => result.current.mutate({ messageLogId: 7, reactNum: 1, isRedactReact: true }));
    await waitFor(() => expect(current()).toMatchObject({ userLiked: false, likeCount: 11 }));
    expect(post).toHaveBeenLastCalledWith('/api/shoutouts/ShoutOutReact', {
      messageLogId: 7,
      reactNum: 1,
      isRedactReact: true,
    });
  });

  it('puts the item back when the server refuses', async () => {
    const { client, wrapper } = makeWrapper();
    client.setQueryData(kudosKeys.thread(), {
      pages: [{ items: [kudosItem()], hasMore: false }],
      pageParams: [{ page: 1 }],
    });
    post.mockRejectedValueOnce(new Error('boom'));
    const { result } = renderHook(() => useReactToKudos(7), { wrapper });
    act(() => result.current.mutate({ messageLogId: 7, reactNum: 2, isRedactReact: false }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(client.getQueryData<KudosData>(kudosKeys.thread())!.pages[0]!.items[0]).toMatchObject({
      userCheered: false,
      cheerCount: 0,
    });
  });

  it('a reaction during a refresh of the thread lets it finish afterwards: the new kudos still arrive', async () => {
    const { client, wrapper } = makeWrapper();
    client.setQueryData(kudosKeys.thread(), {
      pages: [{ items: [kudosItem()], hasMore: false }],
      pageParams: [{ page: 1 }],
    });
    const fresh = kudosItem({ messageLogId: 8, message: 'Newest kudos' });
    let lists = 0;
    post.mockImplementation(async (url: string) => {
      if (url === '/api/shoutouts/ShoutOutList') {
        lists++;
        // The first load is still on its way when the member reacts.
        if (lists === 1) return new Promise(() => undefined);
        return {
          shoutOuts: {
            fields: [...KUDOS_FIELDS],
            rows: [fresh, kudosItem({ userLiked: true, likeCount: 4 })].map((i) => KUDOS_FIELDS.map((f) => i[f])),
          },
          hasMore: false,
        };
      }
      return { shoutOuts: asTable(kudosItem({ userLiked: true, likeCount: 4 })) };
    });
    const { result } = renderHook(() => useReactToKudos(7), { wrapper });
    void refreshKudosThread(client);
    await waitFor(() => expect(lists).toBe(1));
    act(() => result.current.mutate({ messageLogId: 7, reactNum: 1, isRedactReact: false }));
    await waitFor(() => expect(lists).toBe(2));
    await waitFor(() =>
      expect(client.getQueryData<KudosData>(kudosKeys.thread())!.pages[0]!.items.map((i) => i.messageLogId)).toEqual([
        8, 7,
      ]),
    );
    expect(client.getQueryData<KudosData>(kudosKeys.thread())!.pages[0]!.items[1]).toMatchObject({ userLiked: true });
  });
});
