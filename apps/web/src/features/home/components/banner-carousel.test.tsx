import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../../test/session-fixture.ts';
import { BannerCarousel } from './banner-carousel.tsx';

const banner = (id: number, title: string, linkUrl: string, linkText: string) => ({
  id,
  title,
  text: `${title} text`,
  linkUrl,
  linkText,
  theme: 'indigo',
});
const BANNERS = [
  banner(1, 'Recognise someone today', '/recognise', 'Recognise now'),
  banner(2, 'Pay it forward', '/payitforward', 'Pay it forward'),
  banner(3, 'Spend your Kudos', '/redeemrewards', 'Browse rewards'),
  banner(4, 'Try your luck on the Game Board', '/flipcapgame', 'Play now'),
];

function answer(fetchMock: ReturnType<typeof stubFetch>, country: string) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/spa/loadsession')) return jsonResponse(sessionResponse({ country }));
    if (url.endsWith('/api/site/banners')) return jsonResponse({ banners: BANNERS });
    throw new Error(`unexpected ${url}`);
  });
}

const slide = (title: string) => screen.getByRole('heading', { name: title, hidden: true }).parentElement!;

describe('BannerCarousel', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  it('greys the South-Africa-only slides’ links for a Kenyan member, with the hint', async () => {
    answer(fetchMock, 'Kenya');
    renderWithApp(<BannerCarousel />);
    await screen.findByRole('heading', { name: 'Recognise someone today' });
    expect(within(slide('Recognise someone today')).getByRole('link', { name: 'Recognise now' })).toBeTruthy();
    for (const [title, action] of [
      ['Pay it forward', 'Pay it forward'],
      ['Spend your Kudos', 'Browse rewards'],
      ['Try your luck on the Game Board', 'Play now'],
    ] as const) {
      const s = slide(title);
      expect(within(s).queryByRole('link', { hidden: true })).toBeNull();
      expect((within(s).getByRole('button', { name: action, hidden: true }) as HTMLButtonElement).disabled).toBe(true);
      expect(within(s).getByText('Not Available in your Country')).toBeTruthy();
    }
  });

  it('keeps every link for a South African member', async () => {
    answer(fetchMock, 'South Africa');
    renderWithApp(<BannerCarousel />);
    await screen.findByRole('heading', { name: 'Recognise someone today' });
    expect(within(slide('Pay it forward')).getByRole('link', { name: 'Pay it forward', hidden: true })).toBeTruthy();
    expect(
      within(slide('Try your luck on the Game Board')).getByRole('link', { name: 'Play now', hidden: true }),
    ).toBeTruthy();
    expect(screen.queryByText('Not Available in your Country')).toBeNull();
  });
});
