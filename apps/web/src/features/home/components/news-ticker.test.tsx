import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { makeWrapper } from '../../../test/test-wrapper.tsx';
import { NewsTicker, tickerDurationSeconds } from './news-ticker.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const get = vi.mocked(api.get);

describe('NewsTicker', () => {
  beforeEach(() => {
    get.mockReset();
  });

  it('is hidden while loading, keeping its place, and gone when the bulletin is empty', async () => {
    get.mockResolvedValue({ newsBulletin: '[]' });
    const { client, wrapper } = makeWrapper();
    render(<NewsTicker />, { wrapper });
    expect(screen.queryByTestId('news-ticker')).toBeNull();
    expect(screen.queryByRole('region', { name: 'News' })).toBeNull();
    expect(screen.getByTestId('news-ticker-reserved').getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(client.getQueryState(['newsBulletin'])?.status).toBe('success'));
    expect(screen.queryByTestId('news-ticker')).toBeNull();
    expect(screen.queryByTestId('news-ticker-reserved')).toBeNull();
  });

  it('stays hidden when the load fails, with a warning in the log only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    get.mockImplementation(() => Promise.reject(new Error('down')));
    const { client, wrapper } = makeWrapper();
    render(<NewsTicker />, { wrapper });
    await waitFor(() => expect(client.getQueryState(['newsBulletin'])?.status).toBe('error'));
    expect(warn).toHaveBeenCalledWith('News bulletin failed to load', expect.any(Error));
    expect(screen.queryByTestId('news-ticker')).toBeNull();
  });

  it('shows the entries with a pause control', async () => {
    get.mockResolvedValue({ newsBulletin: JSON.stringify([{ text: 'Year-end function on Friday' }, { text: '' }]) });
    render(<NewsTicker />, { wrapper: makeWrapper().wrapper });
    expect(await screen.findByRole('region', { name: 'News' })).toBeTruthy();
    expect(screen.getAllByText('Year-end function on Friday').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: 'Pause news ticker' })).toBeTruthy();
  });

  it('scrolls at 50 px per second', () => {
    expect(tickerDurationSeconds(1000)).toBe(20);
  });
});
