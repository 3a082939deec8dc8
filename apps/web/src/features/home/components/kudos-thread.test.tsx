import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KUDOS_FIELDS } from '@ovation/shared/schemas/feed';
import { api } from '../../../lib/api-client.ts';
import { kudosItem } from '../../../test/kudos-fixture.ts';
import { makeWrapper } from '../../../test/test-wrapper.tsx';
import { KudosThread, shouldLoadMore } from './kudos-thread.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const post = vi.mocked(api.post);

const el = (fromBottom: number) => ({ scrollHeight: 1000, clientHeight: 400, scrollTop: 600 - fromBottom });
const state = { hasNextPage: true, isFetching: false, lastLoadAt: 0, now: 1000 };

describe('KudosThread', () => {
  beforeEach(() => {
    post.mockReset();
  });

  it('loads more within 100 px of the bottom, when more exists, at most every 100 ms', () => {
    expect(shouldLoadMore(el(100), state)).toBe(true);
    expect(shouldLoadMore(el(101), state)).toBe(false);
    expect(shouldLoadMore(el(0), { ...state, hasNextPage: false })).toBe(false);
    expect(shouldLoadMore(el(0), { ...state, isFetching: true })).toBe(false);
    expect(shouldLoadMore(el(0), { ...state, lastLoadAt: 950 })).toBe(false);
  });

  it("shows the items and 'No more kudos to show' at the end", async () => {
    const item = kudosItem({ message: '<b>not html</b>', f3: '' });
    post.mockResolvedValue({
      shoutOuts: { fields: [...KUDOS_FIELDS], rows: [KUDOS_FIELDS.map((f) => item[f])] },
      hasMore: false,
    });
    render(<KudosThread />, { wrapper: makeWrapper().wrapper });
    expect(await screen.findByText('No more kudos to show')).toBeTruthy();
    expect(screen.getByText('<b>not html</b>')).toBeTruthy();
    expect(screen.getByText('High Five')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Like 3' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Liked by A, B and 1 other')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/shoutouts/ShoutOutList', { page: 1 }, expect.anything());
  });

  it('shows who reacted on hover without remounting the button, so a click during it still counts', async () => {
    const item = kudosItem({});
    post.mockResolvedValue({
      shoutOuts: { fields: [...KUDOS_FIELDS], rows: [KUDOS_FIELDS.map((f) => item[f])] },
      hasMore: false,
    });
    render(<KudosThread />, { wrapper: makeWrapper().wrapper });
    const like = await screen.findByRole('button', { name: 'Like 3' });
    fireEvent.pointerEnter(like);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Liked by A, B and 1 other');
    // The same node as before the pointer came: a tooltip that wrapped it would have replaced it.
    expect(screen.getByRole('button', { name: 'Like 3' })).toBe(like);
    fireEvent.pointerLeave(like);
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it("says 'No Kudos to Show' and 'Error retrieving Shoutout data'", async () => {
    post.mockResolvedValueOnce({ shoutOuts: { fields: [...KUDOS_FIELDS], rows: [] }, hasMore: false });
    const first = render(<KudosThread />, { wrapper: makeWrapper().wrapper });
    expect(await screen.findByText('No Kudos to Show')).toBeTruthy();
    first.unmount();
    post.mockRejectedValueOnce(new Error('down'));
    render(<KudosThread />, { wrapper: makeWrapper().wrapper });
    expect(await screen.findByText('Error retrieving Shoutout data')).toBeTruthy();
  });
});
