import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What the focused element shows: 'visible' when it matches :focus-visible and draws a ring (an
 * outline or a box shadow, on itself or on the field box around a picker's inner input).
 */
export async function focusState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing is focused';
    if (!el.matches(':focus-visible')) return `${el.tagName} is focused but not :focus-visible`;
    const ring = (e: Element) => {
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    const field = el.closest('.mantine-Input-input');
    return ring(el) || (field && ring(field)) ? 'visible' : `no focus ring on ${el.outerHTML.slice(0, 120)}`;
  });
}

export async function expectFocusVisible(page: Page) {
  expect(await focusState(page)).toBe('visible');
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking the ring at every stop on the
 * way: a keyboard user sees where they are all along. Fails after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const state = await focusState(page);
    // The body is briefly focused when Tab wraps past the end of the page: not a stop.
    if (state !== 'nothing is focused') expect(state, `stop ${i + 1} on the way`).toBe('visible');
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached the target`);
}

/** Chooses an option of the focused combobox by typing and the arrow keys, as a keyboard user does. */
export async function chooseByTyping(page: Page, text: string, option: RegExp) {
  await page.keyboard.type(text);
  const wanted = page.getByRole('option', { name: option });
  await expect(wanted.first()).toBeVisible();
  // Arrow down until the wanted option is the active one, then Enter.
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('ArrowDown');
    const selected = page.locator('[role="option"][data-combobox-selected]');
    if ((await selected.count()) > 0 && option.test((await selected.first().innerText()).trim())) break;
  }
  await page.keyboard.press('Enter');
}
