import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import type { IntegrationToken, IssuedIntegrationToken, LeaversSettings } from '@ovation/shared/schemas/integrations';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import IntegrationsPage from './integrations-page.tsx';

const TOKENS = '/api/admin/integrations/tokens';

const token = (over: Partial<IntegrationToken>): IntegrationToken => ({
  id: 1,
  name: 'Entra ID',
  scopes: ['scim'],
  prefix: 'ovn_abc123',
  createdByName: 'Ada Admin',
  createdAt: '2026-03-02T08:00:00.000Z',
  lastUsedAt: null,
  expiresOn: null,
  revokedAt: null,
  status: 'active',
  ...over,
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

describe('IntegrationsPage', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  it('lists live tokens first, with "never" for one not used, and buttons only on active ones', async () => {
    const old = token({ id: 3, name: 'Old script', status: 'revoked', revokedAt: '2026-03-05T10:00:00.000Z' });
    const gone = token({ id: 2, name: 'Okta', status: 'expired', expiresOn: '2026-03-01' });
    const live = token({ id: 1, lastUsedAt: null, expiresOn: '2026-12-31' });
    fetchMock.mockImplementation(async (input) =>
      String(input) === TOKENS ? jsonResponse({ tokens: [old, gone, live] }) : jsonResponse(sessionResponse({})),
    );
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    const table = await screen.findByRole('table', { name: 'Tokens' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Entra ID', 'Okta', 'Old script']);
    expect(within(rows[0]!).getByText('never')).toBeTruthy();
    expect(within(rows[0]!).getByText('after 31/12/2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('ovn_abc123…')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Rotate Entra ID (ovn_abc123…)' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByText('Revoked')).toBeTruthy();
  });

  it('shows the server’s field errors by their fields', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== TOKENS) return jsonResponse(sessionResponse({}));
      if (init?.method !== 'POST') return jsonResponse({ tokens: [] });
      return jsonResponse(
        {
          type: 'about:blank',
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: { name: ['A name is at most 60 characters'], expiresOn: ['Expires is not a day'] },
          traceId: 'x',
        },
        400,
      );
    });
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    const form = await screen.findByRole('form', { name: 'New token' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'Directory');
    await userEvent.click(within(form).getByRole('checkbox', { name: /scim/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Make the token' }));
    expect(await within(form).findByText('A name is at most 60 characters')).toBeTruthy();
    expect(within(form).getByText('Expires is not a day')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /Name/ })));
  });

  it('refuses a token without a scope before asking the server', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === TOKENS ? jsonResponse({ tokens: [] }) : jsonResponse(sessionResponse({})),
    );
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    const form = await screen.findByRole('form', { name: 'New token' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'Directory');
    await userEvent.click(within(form).getByRole('button', { name: 'Make the token' }));
    expect(await within(form).findByText('Choose at least one scope')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('checkbox', { name: /scim/ })));
    expect(fetchMock.mock.calls.some(([input, init]) => String(input) === TOKENS && init?.method === 'POST')).toBe(
      false,
    );
  });

  it('shows a made token’s secret once, with the focus on it, until Done', async () => {
    const issued: IssuedIntegrationToken = { token: token({ name: 'Directory' }), secret: 'ovn_s3cret' };
    let listed: IntegrationToken[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== TOKENS) return jsonResponse(sessionResponse({}));
      if (init?.method !== 'POST') return jsonResponse({ tokens: listed });
      listed = [issued.token];
      return jsonResponse(issued);
    });
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    const form = await screen.findByRole('form', { name: 'New token' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'Directory');
    await userEvent.click(within(form).getByRole('checkbox', { name: /scim/ }));
    await userEvent.click(within(form).getByRole('checkbox', { name: /api:read/ }));
    await userEvent.type(within(form).getByLabelText(/Last day/), '31/12/2099');
    await userEvent.tab();
    await userEvent.click(within(form).getByRole('button', { name: 'Make the token' }));

    const panel = await screen.findByRole('region', { name: 'The secret of Directory' });
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(within(panel).getByRole('textbox', { name: 'Secret' })).toHaveProperty('value', 'ovn_s3cret');
    expect(within(panel).getByText('Copy it now: it is not shown again.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([input, init]) => String(input) === TOKENS && init?.method === 'POST')!;
    expect(bodyOf(post[1])).toEqual({ name: 'Directory', scopes: ['scim', 'api:read'], expiresOn: '2099-12-31' });
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveProperty('value', '');
    expect(within(form).getByLabelText(/Last day/)).toHaveProperty('value', '');

    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'The secret of Directory' })).toBeNull();
    expect(screen.queryByDisplayValue('ovn_s3cret')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Tokens' }));
  });

  it('rotates after the confirmation, and shows the new secret', async () => {
    const live = token({});
    const issued: IssuedIntegrationToken = { token: token({ id: 4 }), secret: 'ovn_n3w' };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === TOKENS) return jsonResponse({ tokens: [live] });
      if (url === `${TOKENS}/1/rotate`) return jsonResponse(issued);
      return jsonResponse(sessionResponse({}));
    });
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate Entra ID (ovn_abc123…)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate Entra ID?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    const panel = await screen.findByRole('region', { name: 'The new secret of Entra ID' });
    expect(within(panel).getByRole('textbox', { name: 'Secret' })).toHaveProperty('value', 'ovn_n3w');
    expect(within(panel).getByText(/The old secret no longer works/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(panel));
  });

  it('revokes nothing when the confirmation is answered Keep it', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === TOKENS ? jsonResponse({ tokens: [token({})] }) : jsonResponse(sessionResponse({})),
    );
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Entra ID (ovn_abc123…)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Entra ID?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/revoke'))).toBe(false);
  });
});

describe('IntegrationsPage: when a member leaves', () => {
  const fetchMock = stubFetch({ authToken: 't' });
  const LEAVERS = '/api/admin/integrations/leavers';
  // A toast from the test before is not this test's "Saved.".
  beforeEach(() => notifications.clean());

  /** The tokens (none), the setting as saved, and `put` to answer a save (by default: the body, saved). */
  function serve(saved: LeaversSettings, put?: (body: LeaversSettings) => Response) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === TOKENS) return jsonResponse({ tokens: [] });
      if (url !== LEAVERS) return jsonResponse(sessionResponse({}));
      if (init?.method !== 'PUT') return jsonResponse(saved);
      const body = bodyOf(init) as LeaversSettings;
      return put ? put(body) : jsonResponse(body);
    });
  }
  const puts = () =>
    fetchMock.mock.calls.filter(([input, init]) => String(input) === LEAVERS && init?.method === 'PUT');

  it('links to the provisioning log', async () => {
    serve({ points: 'keep', keepDays: 90 });
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    const link = await screen.findByRole('link', { name: 'Provisioning Log' });
    expect(link.getAttribute('href')).toBe('/reportprovisioning');
    expect(link.closest('p')?.textContent).toBe(
      'Each change your directory makes, and each call refused, is in the Provisioning Log.',
    );
  });

  it('shows the setting saved, with the days only while points are kept', async () => {
    serve({ points: 'forfeit', keepDays: 30 });
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    const form = await screen.findByRole('form', { name: 'When a member leaves' });
    expect(within(form).getByRole('radio', { name: /^Give them back to the firm/ })).toHaveProperty('checked', true);
    expect(within(form).queryByRole('textbox', { name: /Days/ })).toBeNull();
    expect(within(form).getByText(/^Whatever you choose, a leaver is signed out everywhere at once/)).toBeTruthy();

    await userEvent.click(within(form).getByRole('radio', { name: /^Keep them for a number of days/ }));
    expect(within(form).getByRole('textbox', { name: /Days/ })).toHaveProperty('value', '30');
    await userEvent.click(within(form).getByRole('radio', { name: /^Move them to the payouts account/ }));
    expect(within(form).queryByRole('textbox', { name: /Days/ })).toBeNull();
  });

  it('saves the choice, with the days saved before, and says so', async () => {
    serve({ points: 'keep', keepDays: 90 });
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    const form = await screen.findByRole('form', { name: 'When a member leaves' });
    expect(within(form).getByRole('textbox', { name: /Days/ })).toHaveProperty('value', '90');
    await userEvent.click(within(form).getByRole('radio', { name: /^Give them back to the firm/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(puts().map(([, init]) => bodyOf(init))).toEqual([{ points: 'forfeit', keepDays: 90 }]);
    expect(within(form).getByRole('radio', { name: /^Give them back to the firm/ })).toHaveProperty('checked', true);
  });

  it('saves the days typed for keep', async () => {
    serve({ points: 'payout', keepDays: 90 });
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    const form = await screen.findByRole('form', { name: 'When a member leaves' });
    await userEvent.click(within(form).getByRole('radio', { name: /^Keep them for a number of days/ }));
    const days = within(form).getByRole('textbox', { name: /Days/ });
    await userEvent.clear(days);
    await userEvent.type(days, '45');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(puts().map(([, init]) => bodyOf(init))).toEqual([{ points: 'keep', keepDays: 45 }]);
  });

  it('refuses days out of range before asking the server, and forgets them for another choice', async () => {
    serve({ points: 'keep', keepDays: 90 });
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    const form = await screen.findByRole('form', { name: 'When a member leaves' });
    const days = within(form).getByRole('textbox', { name: /Days/ });
    await userEvent.clear(days);
    await userEvent.type(days, '4000');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Keep them for at most 3,650 days')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(days));
    expect(puts()).toHaveLength(0);

    await userEvent.click(within(form).getByRole('radio', { name: /^Move them to the payouts account/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(puts().map(([, init]) => bodyOf(init))).toEqual([{ points: 'payout', keepDays: 90 }]);
  });

  it('shows the server’s field errors by their fields', async () => {
    serve({ points: 'keep', keepDays: 90 }, () =>
      jsonResponse(
        {
          type: 'about:blank',
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: { points: ['Choose keep, forfeit or payout'], keepDays: ['Keep them for at most 3,650 days'] },
          traceId: 'x',
        },
        400,
      ),
    );
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    const form = await screen.findByRole('form', { name: 'When a member leaves' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose keep, forfeit or payout')).toBeTruthy();
    expect(within(form).getByText('Keep them for at most 3,650 days')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: /Days/ }).getAttribute('aria-invalid')).toBe('true');
    // The first field in error: the choice made.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByRole('radio', { name: /^Keep them for a number of days/ })),
    );
    expect(screen.queryByText('Saved.')).toBeNull();
  });
});
