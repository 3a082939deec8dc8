import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KUDOS_FIELDS, type KudosItem } from '@ovation/shared/schemas/feed';
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

/** A stand-in EventSource: live events reach the thread through the tab's real stream code. */
class FakeSource {
  static last: FakeSource | null = null;
  readonly listeners = new Map<string, ((e: { data: string }) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSource.last = this;
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {}
  emit(type: string, data: string) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data });
  }
}

const pageOf = (items: KudosItem[]) => ({
  shoutOuts: { fields: [...KUDOS_FIELDS], rows: items.map((item) => KUDOS_FIELDS.map((f) => item[f])) },
  hasMore: false,
});

describe('KudosThread: a live kudos event', () => {
  beforeEach(() => {
    post.mockReset();
    FakeSource.last = null;
    vi.stubGlobal('EventSource', FakeSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reloads page 1 behind the list: no skeleton, the focus stays, the new item comes in at the top', async () => {
    const older = kudosItem({ messageLogId: 7, message: 'Older kudos' });
    const newer = kudosItem({ messageLogId: 9, message: 'Newer kudos', likeCount: 0 });
    let answerRefresh: (page: unknown) => void = () => undefined;
    post.mockImplementation((url: string) => {
      if (url === '/api/live/ticket') return Promise.resolve({ ticket: 't' });
      if (post.mock.calls.filter(([u]) => u === url).length === 1) return Promise.resolve(pageOf([older]));
      return new Promise((resolve) => (answerRefresh = resolve));
    });
    const { container } = render(<KudosThread />, { wrapper: makeWrapper().wrapper });
    const like = await screen.findByRole('button', { name: 'Like 3' });
    act(() => like.focus());
    await vi.waitFor(() => expect(FakeSource.last?.listeners.has('kudos')).toBe(true));

    // Whatever renders from here on, a skeleton must never replace the list.
    let skeletons = 0;
    const watch = new MutationObserver(() => {
      if (container.querySelector('[aria-busy="true"]')) skeletons += 1;
    });
    watch.observe(container, { childList: true, subtree: true, attributes: true });

    act(() => FakeSource.last!.emit('kudos', '{"messageLogId":9}'));
    await vi.waitFor(() =>
      expect(post.mock.calls.filter(([u]) => u === '/api/shoutouts/ShoutOutList')).toHaveLength(2),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // While page 1 loads again the list stays as it was.
    expect(screen.getByText('Older kudos')).toBeTruthy();
    expect(document.activeElement).toBe(like);

    await act(async () => answerRefresh(pageOf([newer, older])));
    await vi.waitFor(() => expect(screen.getAllByTestId('kudos-item')).toHaveLength(2));
    watch.disconnect();
    expect(screen.getAllByTestId('kudos-item')[0]!.textContent).toContain('Newer kudos');
    expect(skeletons).toBe(0);
    expect(document.activeElement).toBe(like);
  });

  it('reads the list again quietly when the stream is back after a cut: what it said meanwhile was missed', async () => {
    const older = kudosItem({ messageLogId: 7, message: 'Older kudos' });
    const missed = kudosItem({ messageLogId: 9, message: 'Sent while the stream was cut' });
    let calls = 0;
    post.mockImplementation((url: string) => {
      if (url === '/api/live/ticket') return Promise.resolve({ ticket: 't' });
      calls += 1;
      return Promise.resolve(pageOf(calls === 1 ? [older] : [missed, older]));
    });
    render(<KudosThread />, { wrapper: makeWrapper().wrapper });
    await screen.findByText('Older kudos');
    await vi.waitFor(() => expect(FakeSource.last?.listeners.has('kudos')).toBe(true));
    const first = FakeSource.last!;
    act(() => first.onopen?.());
    act(() => first.onerror?.());
    // A new stream after the backoff (about a second); its opening is the reconnect.
    await vi.waitFor(() => expect(FakeSource.last).not.toBe(first), { timeout: 3000 });
    act(() => FakeSource.last!.onopen?.());
    expect(await screen.findByText('Sent while the stream was cut')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New kudos — show' })).toBeNull();
  });

  it('offers the newest to a reader scrolled down, says so politely, and keeps the focus in the thread', async () => {
    const older = kudosItem({ messageLogId: 7, message: 'Older kudos' });
    const newer = kudosItem({ messageLogId: 9, message: 'Newer kudos' });
    let calls = 0;
    post.mockImplementation((url: string) => {
      if (url === '/api/live/ticket') return Promise.resolve({ ticket: 't' });
      calls += 1;
      return Promise.resolve(pageOf(calls === 1 ? [older] : [newer, older]));
    });
    render(<KudosThread />, { wrapper: makeWrapper().wrapper });
    await screen.findByText('Older kudos');
    await vi.waitFor(() => expect(FakeSource.last?.listeners.has('kudos')).toBe(true));
    const thread = screen.getByRole('region', { name: 'Kudos Thread' });
    thread.scrollTop = 300; // reading further down: the list must not jump

    act(() => FakeSource.last!.emit('kudos', '{"messageLogId":9}'));
    const pill = await screen.findByRole('button', { name: 'New kudos — show' });
    expect(pill.parentElement!.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByText('Newer kudos')).toBeNull();

    await userEvent.click(pill);
    await screen.findByText('Newer kudos');
    expect(screen.queryByRole('button', { name: 'New kudos — show' })).toBeNull();
    expect(document.activeElement).toBe(thread);
  });
});
