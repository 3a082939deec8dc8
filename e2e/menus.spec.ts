import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, signInAs, test } from './fixtures.ts';

/** What each demo account must see in the header (spec §2 and §6). `!` marks a greyed item. */
const REPORTS = [
  'Report Dashboard',
  'Management Report',
  'Member Balances',
  'Manager Balances',
  'Pay It Forward Report',
  'Redeemed Rewards Report',
  'Registrations Report',
  'Transactions Report',
  'Birthdays Report',
  'Game Plays Report',
  'Daily Check-In Analysis',
  'Awards Report',
  'Long-service Awards',
];
const SA_RECOGNISE = ['Recognise', 'Pay It Forward', 'High Five', 'My Recognition', 'Awards'];
const NON_SA_RECOGNISE = ['Recognise', '!Pay It Forward', 'High Five', 'My Recognition', 'Awards'];
const REWARDS = ['Redeem Rewards', 'My Basket', 'My Orders'];
const SA_PROFILE = ['My Profile', 'Statement', 'Game Play Statement', 'Daily Check-In Calendar', 'Contact Us'];
const NON_SA_PROFILE = ['My Profile', '!Statement', '!Game Play Statement', 'Daily Check-In Calendar', 'Contact Us'];

interface Expected {
  recognise: string[];
  rewards: string[] | null;
  profile: string[];
  management: string[] | null;
}
const saMember: Expected = { recognise: SA_RECOGNISE, rewards: REWARDS, profile: SA_PROFILE, management: null };

const ACCOUNTS: Record<string, Expected> = {
  'member.za@example.com': saMember,
  'member.ke@example.com': { recognise: NON_SA_RECOGNISE, rewards: null, profile: NON_SA_PROFILE, management: null },
  'member.trf@example.com': saMember,
  'manager.za@example.com': { ...saMember, management: ['Management Statement'] },
  'admin@example.com': {
    ...saMember,
    management: [
      'News Bulletin Admin',
      'Rewards Catalogue',
      'Rewards Fulfilment',
      'Award Programmes',
      'Integrations',
      'Audit Trail',
      '---',
      ...REPORTS,
      'Roles Report',
      'Data Upload',
      'Uploads Report',
    ],
  },
  'rep@example.com': { ...saMember, management: [...REPORTS, 'Roles Report'] },
  'uploader@example.com': { ...saMember, management: ['Roles Report', 'Data Upload', 'Uploads Report'] },
  'notify@example.com': { ...saMember, management: ['Roles Report', 'Uploads Report'] },
  'news@example.com': { ...saMember, management: ['News Bulletin Admin'] },
};

/** Opens a header menu and reads its entries: labels, '!' for greyed ones, '---' for dividers. */
async function readMenu(page: Page, label: string): Promise<string[]> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label, exact: true }).click();
  const menu = page.getByRole('menu', { name: label });
  await expect(menu).toBeVisible();
  const entries = await menu.evaluate((root) =>
    Array.from(root.querySelectorAll('[role="menuitem"], .mantine-Menu-divider')).map((el) => {
      if (el.getAttribute('role') !== 'menuitem') return '---';
      const label = el.querySelector('.mantine-Menu-itemLabel')?.firstChild?.textContent?.trim() ?? '';
      return el.getAttribute('aria-disabled') === 'true' ? `!${label}` : label;
    }),
  );
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return entries;
}

test.describe('header menus for every demo account', () => {
  for (const [email, expected] of Object.entries(ACCOUNTS)) {
    test(email, async ({ page }) => {
      await signInAs(page, email);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Get to Know' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'How it Works' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Logout' })).toBeVisible();

      expect(await readMenu(page, 'Recognise')).toEqual(expected.recognise);
      expect(await readMenu(page, 'My Profile')).toEqual(expected.profile);
      const rewardsButton = nav.getByRole('button', { name: 'My Rewards', exact: true });
      if (expected.rewards) expect(await readMenu(page, 'My Rewards')).toEqual(expected.rewards);
      else await expect(rewardsButton).toHaveCount(0);
      const managementButton = nav.getByRole('button', { name: 'Management', exact: true });
      if (expected.management) expect(await readMenu(page, 'Management')).toEqual(expected.management);
      else await expect(managementButton).toHaveCount(0);

      if (email === 'member.ke@example.com') {
        await nav.getByRole('button', { name: 'Recognise', exact: true }).click();
        const greyed = page.getByRole('menuitem', { name: /Pay It Forward/ });
        await expect(greyed).toContainText('Not Available in your Country');
        await page.screenshot({ path: `${SCREENSHOT_DIR}/menu-greyed-kenya.png`, animations: 'disabled' });
        await page.keyboard.press('Escape');
      }
      if (email === 'admin@example.com') {
        await nav.getByRole('button', { name: 'Management', exact: true }).click();
        await expect(page.getByRole('menu', { name: 'Management' })).toBeVisible();
        await page.screenshot({ path: `${SCREENSHOT_DIR}/menu-management-admin.png`, animations: 'disabled' });
      }
    });
  }

  test('a Kenyan member is told Pay It Forward is not available when visiting it directly', async ({ page }) => {
    await signInAs(page, 'member.ke@example.com', '/payitforward');
    await expect(page.getByText('Not Available in your Country').first()).toBeVisible();
  });

  test('a member without a role is refused a report page', async ({ page }) => {
    await signInAs(page, 'member.za@example.com', '/reportdashboard');
    await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  });
});
