import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { PayItForwardForm } from './pay-it-forward-form.tsx';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const post = vi.mocked(api.post);

const ruan = {
  memberId: 9,
  memberName: 'Ruan Venter',
  division: 'Tax',
  country: 'South Africa',
  picId: 'p',
  isTeamMember: false,
};
const DAILY_CAP = 'You can pay forward at most 500 Kudos a day.';

beforeEach(() => {
  post.mockReset().mockImplementation(async (path: string) => {
    if (path === '/api/members/search') return { members: [ruan] };
    throw new ApiError(DAILY_CAP, 422, 'Unprocessable Content', {
      title: 'Refused',
      status: 422,
      message: DAILY_CAP,
      traceId: 't',
    });
  });
});

describe('PayItForwardForm', () => {
  it('refuses more than the balance on the form, then shows the server’s daily-cap refusal', async () => {
    const onSent = vi.fn();
    render(<PayItForwardForm selectedMemberId={9} balance={120} pointsName="Kudos" onSent={onSent} />, { wrapper });
    const user = userEvent.setup();
    await screen.findByDisplayValue('Ruan Venter');
    await user.type(screen.getByLabelText(/Kudos to share/), '121');
    await user.type(screen.getByLabelText(/^Message/), 'Thanks for the help');
    await user.click(screen.getByRole('button', { name: 'PAY IT FORWARD' }));
    expect(await screen.findByText('You have 120 Kudos; you cannot share more than that.')).toBeTruthy();
    expect(post.mock.calls.some(([path]) => path === '/api/payitforward/send')).toBe(false);

    await user.clear(screen.getByLabelText(/Kudos to share/));
    await user.type(screen.getByLabelText(/Kudos to share/), '100');
    await user.click(screen.getByRole('button', { name: 'PAY IT FORWARD' }));
    expect((await screen.findByRole('alert')).textContent).toContain(DAILY_CAP);
    const send = post.mock.calls.find(([path]) => path === '/api/payitforward/send');
    expect(send?.[1]).toEqual({ toMemberId: 9, points: 100, message: 'Thanks for the help' });
    expect(onSent).not.toHaveBeenCalled();
  });

  it('refuses a decimal or a negative amount as typed, never a silently different one', async () => {
    render(<PayItForwardForm selectedMemberId={9} balance={120} pointsName="Kudos" onSent={vi.fn()} />, { wrapper });
    const user = userEvent.setup();
    await screen.findByDisplayValue('Ruan Venter');
    const points = screen.getByLabelText(/Kudos to share/);
    await user.type(points, '1.5');
    expect((points as HTMLInputElement).value).toBe('1.5');
    await user.type(screen.getByLabelText(/^Message/), 'Thanks for the help');
    await user.click(screen.getByRole('button', { name: 'PAY IT FORWARD' }));
    expect(await screen.findByText('Points must be a whole number')).toBeTruthy();
    await user.clear(points);
    await user.type(points, '-5');
    expect((points as HTMLInputElement).value).toBe('-5');
    await user.click(screen.getByRole('button', { name: 'PAY IT FORWARD' }));
    expect(await screen.findByText('Points must be at least 1')).toBeTruthy();
    expect(post.mock.calls.some(([path]) => path === '/api/payitforward/send')).toBe(false);
  });

  it('shows today’s allowance when it is below the balance and refuses more than it on the form', async () => {
    const allowance = { dailyCap: 50, givenToday: 40, leftToday: 10 };
    render(
      <PayItForwardForm selectedMemberId={9} balance={120} pointsName="Kudos" allowance={allowance} onSent={vi.fn()} />,
      {
        wrapper,
      },
    );
    const user = userEvent.setup();
    await screen.findByDisplayValue('Ruan Venter');
    expect(screen.getByText('Up to 10 Kudos today: at most 50 a day; you have given 40 today.')).toBeTruthy();
    await user.type(screen.getByLabelText(/Kudos to share/), '11');
    await user.type(screen.getByLabelText(/^Message/), 'Thanks for the help');
    await user.click(screen.getByRole('button', { name: 'PAY IT FORWARD' }));
    expect(
      await screen.findByText('You can pay forward at most 50 Kudos a day; you can still give 10 Kudos today.'),
    ).toBeTruthy();
    expect(post.mock.calls.some(([path]) => path === '/api/payitforward/send')).toBe(false);
  });

  it('names only the balance when today’s allowance is not the tighter limit, and is closed when nothing is left', async () => {
    const { unmount } = render(
      <PayItForwardForm
        selectedMemberId={null}
        balance={120}
        pointsName="Kudos"
        allowance={{ dailyCap: 500, givenToday: 0, leftToday: 500 }}
        onSent={vi.fn()}
      />,
      { wrapper },
    );
    expect(screen.getByText('Up to your personal balance of 120 Kudos.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PAY IT FORWARD' }).hasAttribute('disabled')).toBe(false);
    unmount();
    const fresh = render(
      <PayItForwardForm
        selectedMemberId={null}
        balance={900}
        pointsName="Kudos"
        allowance={{ dailyCap: 500, givenToday: 0, leftToday: 500 }}
        onSent={vi.fn()}
      />,
      { wrapper },
    );
    expect(screen.getByText('Up to 500 Kudos today, the daily limit.')).toBeTruthy();
    fresh.unmount();
    render(
      <PayItForwardForm
        selectedMemberId={null}
        balance={120}
        pointsName="Kudos"
        allowance={{ dailyCap: 500, givenToday: 500, leftToday: 0 }}
        onSent={vi.fn()}
      />,
      { wrapper },
    );
    expect(screen.getByRole('button', { name: 'PAY IT FORWARD' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('PayItForwardForm: a link to a colleague who cannot be chosen', () => {
  it('leaves the picker empty, says so, and asks for a colleague on sending', async () => {
    post.mockReset().mockImplementation(async (path: string, body: unknown) => {
      if (path === '/api/members/search') {
        const ids = (body as { memberIds?: number[] }).memberIds;
        return { members: ids?.length ? [] : [ruan] };
      }
      throw new Error(`unexpected ${path}`);
    });
    render(<PayItForwardForm selectedMemberId={2} balance={120} pointsName="Kudos" onSent={vi.fn()} />, { wrapper });
    expect(await screen.findByText(/The colleague in the link cannot be chosen here/)).toBeTruthy();
    const picker = screen.getByLabelText(/^Colleague/, { selector: 'input' }) as HTMLInputElement;
    await vi.waitFor(() => expect(picker.value).toBe(''));
    expect(screen.queryByDisplayValue('Colleague')).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Kudos to share/), '10');
    await user.type(screen.getByLabelText(/^Message/), 'Thanks for the help');
    await user.click(screen.getByRole('button', { name: 'PAY IT FORWARD' }));
    expect(await screen.findByText('Choose a colleague')).toBeTruthy();
    expect(post.mock.calls.some(([path]) => path === '/api/payitforward/send')).toBe(false);
  });
});
