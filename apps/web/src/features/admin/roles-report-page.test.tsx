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
  directoryManaged: false,
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

  it('sends the grant it opened with; refused as stale (409), it closes and the focus goes to the table', async () => {
    let listed: RolesResponse = roles;
    fetchMock.mockImplementation(async (_url, init) => {
      if (init?.method !== 'PUT') return jsonResponse(listed);
      // Meanwhile another administrator revoked Ada's last role: her row leaves the list.
      listed = { ...roles, members: [] };
      return jsonResponse(
        { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Someone changed the roles of Ada Admin.' },
        409,
      );
    });
    renderWithApp(<RolesReportPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change roles of Ada Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Ada Admin' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^news/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'SAVE ROLES' }));

    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      roles: ['rep', 'news'],
      isAdminReports: false,
      expected: { roles: ['rep'], isAdminReports: false },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Roles of Ada Admin' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Change roles of Ada Admin' })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Table (scrolls sideways)' })),
    );
  });

  it('says the changes are loading, not that there are none', async () => {
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    renderWithApp(<RolesReportPage />);
    expect(await screen.findByLabelText('Loading role changes')).toBeTruthy();
    expect(screen.queryByText('No role has been changed here yet.')).toBeNull();
  });
});
