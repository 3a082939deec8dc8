import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CelebrationRow } from '@ovation/shared/schemas/feed';
import { TestWrapper as wrapper } from '../../test/test-wrapper.tsx';
import { CelebrationRowView } from './celebration-row.tsx';

const row = (country: string): CelebrationRow => ({
  what: 'BDAY',
  _rowNum: 1,
  picId: 'nopic',
  memberId: '42#abcdefghij',
  firstName: 'Amahle',
  surname: 'Mabaso',
  dOBdate: '2026-11-27',
  years: 0,
  division: 'Tax',
  country,
});

describe('CelebrationRowView', () => {
  it('offers Pay It Forward only to a colleague in South Africa (the only ones it reaches)', () => {
    const { unmount } = render(
      <ul>
        <CelebrationRowView row={row('Kenya')} canPayItForward />
      </ul>,
      { wrapper },
    );
    expect(screen.getByRole('link', { name: 'High Five Amahle Mabaso' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay It Forward to Amahle Mabaso' })).toBeNull();
    unmount();
    render(
      <ul>
        <CelebrationRowView row={row('South Africa')} canPayItForward />
      </ul>,
      { wrapper },
    );
    expect(screen.getByRole('link', { name: 'Pay It Forward to Amahle Mabaso' }).getAttribute('href')).toBe(
      '/payitforward/42',
    );
  });
});
