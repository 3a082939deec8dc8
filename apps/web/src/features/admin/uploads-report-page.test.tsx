import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UploadListItem, UploadResponse } from '@ovation/shared/schemas/admin-uploads';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse } from '../../test/session-fixture.ts';
import UploadsReportPage from './uploads-report-page.tsx';

const listed: UploadListItem = {
  uploadId: 12,
  kind: 'points',
  fileName: 'march.csv',
  uploadedBy: 'Ada Admin',
  createdAt: '2026-03-01T08:00:00Z',
  status: 'applied',
  rows: 2,
  valid: 2,
  refused: 0,
  appliedAt: '2026-03-01T08:05:00Z',
};
const upload: UploadResponse = {
  ...listed,
  progress: { done: 2, total: 2 },
  summary: {
    rows: 2,
    valid: 2,
    refused: 0,
    created: 0,
    updated: 0,
    deactivated: 0,
    unchanged: 0,
    personalPoints: 200,
    teamPoints: 0,
    members: 2,
  },
  refusedRows: [],
  duplicateOf: null,
  error: null,
  reversedAt: null,
  canApply: false,
  canReverse: false,
};

describe('UploadsReportPage: the upload details give the focus back to their View button (WCAG 2.4.3)', () => {
  const fetchMock = stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation(async (url) =>
      jsonResponse(String(url).endsWith('/12') ? upload : { uploads: [listed] }),
    );
  });

  it('closed with the close button, then with Escape', async () => {
    renderWithApp(<UploadsReportPage />);
    const opener = await screen.findByRole('button', { name: 'View upload 12, march.csv' });

    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Upload 12' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Upload 12' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
