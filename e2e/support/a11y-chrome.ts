import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { describeFinding, seriousFindings, WIDTHS } from './a11y.ts';

// What the accessibility sweep checks around the screens: the header's menus, the phone drawer, the logout screen.

/** The header's menus at desktop width and the phone drawer, each open. */
export async function sweepMenus(page: Page, role: string): Promise<string[]> {
  const found: string[] = [];
  await page.setViewportSize(WIDTHS[0]);
  const menus = page.getByRole('navigation', { name: 'Main' }).getByRole('button');
  for (const name of await menus.allInnerTexts()) {
    await menus.filter({ hasText: name }).click();
    await expect(page.getByRole('menu', { name })).toBeVisible();
    found.push(...(await sweepAtCurrentSize(page, `${role} menu ${name}`)));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  await page.setViewportSize(WIDTHS[1]);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await sweepAtCurrentSize(page, `${role} phone navigation`)));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return found;
}

async function sweepAtCurrentSize(page: Page, label: string): Promise<string[]> {
  return (await seriousFindings(page)).map((f) => describeFinding(label, f));
}

/**
 * The logout screen goes on once its sign-out is answered (and 500 ms have passed), so the answer
 * is held while the screen is checked, as a slow sign-out shows it: the message and, after
 * 300 ms, the Loading overlay. (A fake clock did not hold it: an installed clock runs, and a busy
 * run missed the screen between two looks; paused, it stops the page's own scheduling too.)
 */
export async function sweepLogout(page: Page, role: string): Promise<string[]> {
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/auth/logout', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/logout');
  await expect(page.getByText('Please wait, logging out')).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toBeVisible();
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const f of await seriousFindings(page)) found.push(describeFinding(`${role} /logout @${size.width}`, f));
  }
  answer();
  return found;
}
