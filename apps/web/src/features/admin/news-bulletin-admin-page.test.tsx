import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NewsItem, NewsListResponse } from '@ovation/shared/schemas/admin-news';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse } from '../../test/session-fixture.ts';
import NewsBulletinAdminPage from './news-bulletin-admin-page.tsx';

const item = (newsId: number, text: string): NewsItem => ({
  newsId,
  text,
  showFrom: null,
  showUntil: null,
  position: newsId,
  current: true,
  updatedAt: `2026-11-0${newsId}T10:00:00.000Z`,
});

describe('NewsBulletinAdminPage: where the focus goes, and the version an edit is saved against', () => {
  const fetchMock = stubFetch();
  let listed: NewsListResponse;
  beforeEach(() => {
    listed = { items: [item(1, 'Alpha'), item(2, 'Bravo')] };
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'DELETE') {
        listed = { items: listed.items.filter((i) => !String(url).endsWith(`/${i.newsId}`)) };
        return new Response(null, { status: 204 });
      }
      if (init?.method === 'PUT' && String(url).endsWith('/order')) {
        const { newsIds } = JSON.parse(String(init.body)) as { newsIds: number[] };
        listed = {
          items: newsIds.map((id, i) => ({ ...listed.items.find((n) => n.newsId === id)!, position: i + 1 })),
        };
        return jsonResponse(listed);
      }
      if (init?.method === 'PUT') return jsonResponse({ newsId: 2 });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { text: string };
        listed = { items: [...listed.items, { ...item(3, body.text), position: 3 }] };
        return jsonResponse({ newsId: 3 });
      }
      return jsonResponse(listed);
    });
  });

  it('Edit takes the focus to the text; Cancel gives it back to the Edit button', async () => {
    renderWithApp(<NewsBulletinAdminPage />);
    const edit = await screen.findByRole('button', { name: 'Edit “Bravo”' });
    await userEvent.click(edit);
    const text = screen.getByRole('textbox', { name: /News text/ });
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(text).toHaveProperty('value', 'Bravo');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(edit));
    expect(screen.getByRole('heading', { name: 'Add a news item' })).toBeTruthy();
  });

  it('saves an edit against the version it opened', async () => {
    renderWithApp(<NewsBulletinAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit “Bravo”' }));
    const text = screen.getByRole('textbox', { name: /News text/ });
    await userEvent.clear(text);
    await userEvent.type(text, 'Bravo again');
    await userEvent.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Add a news item' })).toBeTruthy());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/admin/news/2');
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({
      text: 'Bravo again',
      expectedUpdatedAt: '2026-11-02T10:00:00.000Z',
    });
  });

  it('after a deletion the focus goes to the list’s heading (the row and its button are gone)', async () => {
    renderWithApp(<NewsBulletinAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Alpha”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this news item?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete “Alpha”' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'News items' })));
  });

  it('after Add the focus goes to the text of a fresh form, not the page', async () => {
    renderWithApp(<NewsBulletinAdminPage />);
    await screen.findByRole('button', { name: 'Edit “Bravo”' });
    const text = screen.getByRole('textbox', { name: /News text/ });
    await userEvent.type(text, 'Charlie');
    await userEvent.click(screen.getByRole('button', { name: 'ADD NEWS ITEM' }));
    await screen.findByRole('button', { name: 'Edit “Charlie”' });
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(text).toHaveProperty('value', '');
  });

  it('after a move the focus stays on the moved item’s button in its new place (the other one at an edge)', async () => {
    listed = { items: [item(1, 'Alpha'), item(2, 'Bravo'), { ...item(3, 'Charlie'), position: 3 }] };
    renderWithApp(<NewsBulletinAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move “Alpha” down' }));
    await waitFor(() => expect(screen.getAllByTestId('news-item')[1]!.textContent).toContain('Alpha'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “Alpha” down' })));

    await userEvent.click(screen.getByRole('button', { name: 'Move “Charlie” up' }));
    await waitFor(() => expect(screen.getAllByTestId('news-item')[1]!.textContent).toContain('Charlie'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “Charlie” up' })));
    await userEvent.click(screen.getByRole('button', { name: 'Move “Charlie” up' }));
    await waitFor(() => expect(screen.getAllByTestId('news-item')[0]!.textContent).toContain('Charlie'));
    // At the top "up" is disabled: the focus goes to its "down".
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “Charlie” down' })),
    );
  });
});
