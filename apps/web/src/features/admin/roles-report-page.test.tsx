import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RoleHolder, RolesResponse } from '@ovation/shared/schemas/admin-roles';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse } from '../../test/session-fixture.ts';
import RolesReportPage from './roles-report-page.tsx';

const member: RoleHolder = {
  memberId: 5,
  employeeNumber: 'E005',
  name: 'Ada Admin',
  email: 'ada@example.com',
  roles: ['rep'],
  isManager: false,
  isAdminReports: false,
  active: true,
};
const roles: RolesResponse = { members: [member], changes: [], canManage: true };

describe('RolesReportPage: the role editor gives the focus back to its Change button (WCAG 2.4.3)', () => {
  const fetchMock = stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation(async (_url, init) =>
      jsonResponse(init?.method === 'PUT' ? { member, change: null } : roles),
    );
  });

  it('closed with Escape, then saved', async () => {
    renderWithApp(<RolesReportPage />);
    const opener = await screen.findByRole('button', { name: 'Change roles of Ada Admin' });

    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Roles of Ada Admin' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Ada Admin' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'SAVE ROLES' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/roles/5', expect.objectContaining({ method: 'PUT' }));
  });
});
