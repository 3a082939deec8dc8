import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { RecogniseForm } from './recognise-form.tsx';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const get = vi.mocked(api.get);

const post = vi.mocked(api.post);

const thandi = {
  memberId: 12,
  memberName: 'Thandi Nkosi',
  division: 'Audit',
  country: 'South Africa',
  picId: 'p',
  isTeamMember: true,
};
const sipho = { ...thandi, memberId: 13, memberName: 'Sipho Dlamini' };
const sent = {
  messageLogIds: [1],
  message: 'Sent',
  balances: { awardsPointsAvailable: 0, awardsPointsAvailable1: 1, awardsPointsAvailableMng: 0 },
};

type SearchBody = { memberIds?: number[]; teamOnly?: boolean };
beforeEach(() => {
  get.mockReset().mockResolvedValue({ behaviours: [{ id: 3, name: 'Integrity', description: 'Do the right thing' }] });
  post.mockReset().mockImplementation(async (path: string, body: unknown) => {
    if (path !== '/api/members/search') throw new Error(`unexpected ${path}`);
    const search = body as SearchBody;
    if (search.memberIds) return { members: [thandi, sipho].filter((m) => search.memberIds!.includes(m.memberId)) };
    return { members: [thandi, sipho] };
  });
});

const sendCalls = () => post.mock.calls.filter(([path]) => path === '/api/recognition/send');

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Integrity' }));
  await user.type(screen.getByLabelText(/^Message/), 'Thank you for the audit file');
}

describe('RecogniseForm', () => {
  it('shows the fields below the behaviours only once they are in, so nothing moves when they arrive', async () => {
    let release: (value: unknown) => void = () => undefined;
    get.mockReset().mockReturnValue(new Promise((resolve) => (release = resolve)) as never);
    render(<RecogniseForm selectedMemberId={null} teamBudget={null} onSent={vi.fn()} />, { wrapper });
    expect(screen.getByLabelText('Loading behaviours')).toBeTruthy();
    expect(screen.queryByLabelText(/^Message/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'SEND RECOGNITION' })).toBeNull();
    release({ behaviours: [{ id: 3, name: 'Integrity', description: 'Do the right thing' }] });
    expect(await screen.findByLabelText(/^Message/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Integrity' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SEND RECOGNITION' })).toBeTruthy();
  });

  it('says so when colleagues could not be searched, rather than that none match', async () => {
    post.mockReset().mockRejectedValue(new ApiError('Server error', 500));
    render(<RecogniseForm selectedMemberId={null} teamBudget={null} onSent={vi.fn()} />, { wrapper });
    const user = userEvent.setup();
    await user.type(await screen.findByPlaceholderText('Type a name or division'), 'Tha');
    expect(await screen.findByText('Colleagues could not be searched. Please try again.')).toBeTruthy();
    expect(screen.queryByText('No colleagues match')).toBeNull();
  });

  it('preselects the colleague from the URL and shows their name', async () => {
    render(<RecogniseForm selectedMemberId={12} teamBudget={null} onSent={vi.fn()} />, { wrapper });
    expect(await screen.findByText('Thandi Nkosi')).toBeTruthy();
    const lookup = post.mock.calls.find(([, body]) => (body as SearchBody).memberIds);
    expect(lookup?.[1]).toMatchObject({ memberIds: [12] });
    // A member without team rights sees no points field.
    expect(screen.queryByText(/for each colleague/)).toBeNull();
  });

  it('reuses the Idempotency-Key when the member retries after a network failure', async () => {
    const onSent = vi.fn();
    render(<RecogniseForm selectedMemberId={12} teamBudget={null} onSent={onSent} />, { wrapper });
    const user = userEvent.setup();
    await screen.findByText('Thandi Nkosi');
    await fillIn(user);
    const searchImpl = post.getMockImplementation()!;
    let attempts = 0;
    post.mockImplementation(async (path, body, options) => {
      if (path !== '/api/recognition/send') return searchImpl(path, body, options);
      attempts += 1;
      if (attempts === 1) throw new ApiError('A network connection error has occured.', 0);
      return sent;
    });

    await user.click(screen.getByRole('button', { name: 'SEND RECOGNITION' }));
    expect(await screen.findByText('A network connection error has occured.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'SEND RECOGNITION' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledOnce());

    const keys = sendCalls().map(([, , options]) => options?.headers?.['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(sendCalls()[0]?.[1]).toEqual({ toMemberIds: [12], behaviourId: 3, message: 'Thank you for the audit file' });
    // The page confirms with the server's own answer (its message names the colleagues).
    expect(onSent.mock.calls[0]?.[0]).toEqual(sent);
  });

  it('blocks a manager whose points × recipients exceed the team budget', async () => {
    render(
      <RecogniseForm selectedMemberId={12} teamBudget={{ balance: 500, pointsName: 'Kudos' }} onSent={vi.fn()} />,
      {
        wrapper,
      },
    );
    const user = userEvent.setup();
    await screen.findByText('Thandi Nkosi');
    await user.click(screen.getByRole('button', { name: 'Add my whole team' }));
    expect(await screen.findByText('Added 2 team members.')).toBeTruthy();
    await fillIn(user);
    await user.type(screen.getByLabelText(/Kudos for each colleague/), '300');

    const total = screen.getByTestId('team-points-total');
    expect(total.textContent).toContain('300 × 2 colleagues = 600 Kudos');
    expect(total.textContent).toContain('more than your team recognition balance');
    expect(screen.getByRole('button', { name: 'SEND RECOGNITION' })).toHaveProperty('disabled', true);

    await user.clear(screen.getByLabelText(/Kudos for each colleague/));
    await user.type(screen.getByLabelText(/Kudos for each colleague/), '250');
    expect(within(total).getByText('500 Kudos')).toBeTruthy();
    expect(total.textContent).toContain('(0 left)');
    expect(screen.getByRole('button', { name: 'SEND RECOGNITION' })).toHaveProperty('disabled', false);
    post.mockResolvedValueOnce(sent);
    await user.click(screen.getByRole('button', { name: 'SEND RECOGNITION' }));
    await vi.waitFor(() => expect(sendCalls()).toHaveLength(1));
    expect(sendCalls()[0]?.[1]).toMatchObject({ toMemberIds: [12, 13], points: 250 });
    // The form empties after the send, and the note about the team added goes with it.
    await vi.waitFor(() => expect(screen.queryByText('Added 2 team members.')).toBeNull());
  });

  it('shows the server refusal (a non-team recipient with points) on the form', async () => {
    render(
      <RecogniseForm selectedMemberId={12} teamBudget={{ balance: 500, pointsName: 'Kudos' }} onSent={vi.fn()} />,
      {
        wrapper,
      },
    );
    const user = userEvent.setup();
    await screen.findByText('Thandi Nkosi');
    await fillIn(user);
    await user.type(screen.getByLabelText(/Kudos for each colleague/), '10');
    post.mockRejectedValueOnce(
      new ApiError('Points can only go to members of your team', 403, 'Forbidden', {
        title: 'Forbidden',
        status: 403,
        message: 'Points can only go to members of your team',
        traceId: 't',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'SEND RECOGNITION' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Points can only go to members of your team');
    // No field to blame: the keyboard goes to the refusal, not left on the button below it.
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('names the colleagues outside the team on the picker when team points are chosen, and sends nothing', async () => {
    const ruan = { ...thandi, memberId: 14, memberName: 'Ruan Venter', isTeamMember: false };
    post.mockImplementation(async (path: string, body: unknown) => {
      if (path !== '/api/members/search') throw new Error(`unexpected ${path}`);
      const search = body as SearchBody;
      const all = [thandi, sipho, ruan];
      if (search.memberIds) return { members: all.filter((m) => search.memberIds!.includes(m.memberId)) };
      return { members: all };
    });
    render(
      <RecogniseForm selectedMemberId={14} teamBudget={{ balance: 500, pointsName: 'Kudos' }} onSent={vi.fn()} />,
      { wrapper },
    );
    const user = userEvent.setup();
    await screen.findByText('Ruan Venter');
    await fillIn(user);
    const said = /Only members of your team can receive points: Ruan Venter is not/;
    expect(screen.queryByText(said)).toBeNull();
    await user.type(screen.getByLabelText(/Kudos for each colleague/), '25');
    expect(await screen.findByText(said)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'SEND RECOGNITION' }));
    expect(sendCalls()).toHaveLength(0);
    // Without points, anyone may be recognised.
    await user.clear(screen.getByLabelText(/Kudos for each colleague/));
    await vi.waitFor(() => expect(screen.queryByText(said)).toBeNull());
  });

  it('says there are no behaviours to choose rather than showing an empty group', async () => {
    get.mockReset().mockResolvedValue({ behaviours: [] });
    render(<RecogniseForm selectedMemberId={null} teamBudget={null} onSent={vi.fn()} />, { wrapper });
    expect(await screen.findByText('No behaviours to recognise yet')).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});
