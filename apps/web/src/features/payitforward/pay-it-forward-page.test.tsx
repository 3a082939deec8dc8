import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PayItForwardAllowance } from '@ovation/shared/schemas/recognition';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import PayItForwardPage from './pay-it-forward-page.tsx';

describe('PayItForwardPage', () => {
  const fetchMock = stubFetch({ authToken: 't' });
  const answer = (allowance: PayItForwardAllowance) =>
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      if (url === '/api/payitforward/allowance') return jsonResponse(allowance);
      throw new Error(`unexpected ${url}`);
    });

  it('says when today’s allowance is spent and closes the form', async () => {
    answer({ dailyCap: 500, givenToday: 500, leftToday: 0 });
    renderWithApp(<PayItForwardPage />, { path: '/payitforward' });
    expect(await screen.findByText('You have given today’s Kudos')).toBeTruthy();
    expect(screen.getByText('You can pay forward up to 500 Kudos a day. You can share more tomorrow.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PAY IT FORWARD' }).hasAttribute('disabled')).toBe(true);
  });

  it('names the balance (100 Kudos in the session) when it is the tighter limit', async () => {
    answer({ dailyCap: 500, givenToday: 20, leftToday: 480 });
    renderWithApp(<PayItForwardPage />, { path: '/payitforward' });
    expect(await screen.findByText('Up to your personal balance of 100 Kudos.')).toBeTruthy();
    expect(screen.queryByText('You have given today’s Kudos')).toBeNull();
  });
});
