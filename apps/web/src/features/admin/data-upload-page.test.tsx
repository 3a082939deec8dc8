import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import DataUploadPage from './data-upload-page.tsx';

describe('DataUploadPage: the chosen file', () => {
  const fetchMock = stubFetch({ authToken: 't' });
  beforeEach(() => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/spa/loadsession') return jsonResponse(sessionResponse({ roles: 'upl-mem,upl-pts' }));
      throw new Error(`unexpected ${String(input)}`);
    });
  });

  it('can be cleared with a named button (axe button-name)', async () => {
    const { container } = renderWithApp(<DataUploadPage />, { path: '/admindataupload' });
    await screen.findByText(/^(Members|Points) file$/);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['Employee number\n'], 'joiners.csv', { type: 'text/csv' }));
    const clear = await screen.findByRole('button', { name: 'Clear the chosen file' });
    await userEvent.click(clear);
    await waitFor(() => expect(screen.queryByText('joiners.csv')).toBeNull());
  });
});
