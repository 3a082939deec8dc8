import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, type Request } from '@playwright/test';
import type { AxeResults, default as Axe } from 'axe-core';

/** The two widths every screen is checked at: a desktop and a phone. */
export const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Open requests to the API, counted per page (the live stream stays open by design and is left out). */
const openRequests = new WeakMap<Page, Set<Request>>();

/** Starts counting the page's API requests, so `settle` can wait for the screen's data. */
export function trackRequests(page: Page) {
  const open = new Set<Request>();
  openRequests.set(page, open);
  const counts = (url: string) => url.includes('/api/') && !url.includes('/api/live/stream');
  page.on('request', (r) => {
    if (counts(r.url())) open.add(r);
  });
  const done = (r: Request) => open.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until the screen shows its data: the page's h1 is in place, no API request is open,
 * nothing is still a skeleton, a busy region or the lazy page's loader, and no style change is
 * still on its way. No fixed sleeps.
 */
export async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeAttached();
  const open = openRequests.get(page);
  // Visible ones only: a tab that was never opened keeps its skeleton, hidden, until it is.
  const busy = page
    .locator(
      '[aria-busy="true"], .mantine-Skeleton-root[data-visible], [aria-label="Loading page"], [data-testid="loading-overlay"]',
    )
    .filter({ visible: true });
  // A part that renders only when it nears the screen (Home's feed and the dashboard's charts on a
  // phone, decision 0046) is scrolled to, so it renders and is checked like the rest.
  const bringNear = () =>
    page.evaluate(() =>
      document.querySelectorAll('[data-deferred]').forEach((el) => el.scrollIntoView({ block: 'center' })),
    );
  // A style change is applied through a CSS transition that ends at the next frame: under reduced
  // motion global.css gives every element a 0.01 ms one, so a button just enabled keeps its
  // disabled colours until a frame is drawn, and headless Chromium may draw none for a second
  // while axe works. Finite transitions and animations only: a spinner turns for ever.
  const changing = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => {
          const what =
            a instanceof CSSTransition
              ? a.transitionProperty
              : a instanceof CSSAnimation
                ? a.animationName
                : 'animation';
          const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
          return `${what} on ${target ? `<${target.tagName.toLowerCase()} class="${target.getAttribute('class')}">` : 'the page'}`;
        }),
    );
  // What is still pending, named, so a screen that never settles says why.
  const pending = async () => {
    await bringNear();
    return [
      ...[...(open ?? [])].map((r) => `${r.method()} ${new URL(r.url()).pathname}`),
      ...(await busy.evaluateAll((els) => els.map((el) => el.outerHTML.slice(0, 120)))),
      ...(await changing()),
    ];
  };
  await expect.poll(pending, { intervals: [50, 100, 200, 400], message: `${page.url()} settles` }).toEqual([]);
}

/**
 * Client-side navigation (as a link would do), so a sweep does not reload the app for every route.
 * The router renders a navigation as a React transition: the previous screen stays in <main>, its
 * h1 in place and nothing busy, until the new screen (or its chunk's loader) replaces it. Waiting
 * only for the address let `settle` pass on the previous screen, and axe then measured the new one
 * while it was changing (decision 0034). A new path replaces the whole of <main> (the root layout
 * keys the screen by its path), so this waits for the previous screen's elements to leave.
 */
export async function navigateInApp(page: Page, path: string) {
  const pathname = path.split('?')[0];
  const previous = await page.evaluateHandle(() => [...(document.querySelector('main')?.children ?? [])]);
  const moved = await page.evaluate((to) => {
    const from = window.location.pathname;
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return window.location.pathname !== from;
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === pathname);
  if (moved) {
    await expect
      .poll(() => previous.evaluate((els) => els.some((el) => el.isConnected)), {
        message: `the screen before ${pathname} makes way for it`,
      })
      .toBe(false);
  }
  await previous.dispose();
}

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page as it is now, or inside `include` (a CSS selector).
 * @axe-core/playwright's AxeBuilder evaluates axe's 580 KB source again at every check and opens a
 * new tab to combine the frames' results; the portal has no frames, so axe is evaluated once per
 * document and run where it is, asked for violations only (decision 0034). The rules and the
 * WCAG tags are axe's defaults, as with AxeBuilder.
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeResults['violations']> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const results = await axe.run(selector ?? document, { resultTypes: ['violations'] });
    return results.violations;
  }, include ?? null);
}

/** axe-core over the whole page (header, footer, banner and dialogs included) or inside `include`: serious and critical only. */
export async function seriousFindings(page: Page, include?: string): Promise<Finding[]> {
  const violations = await axeViolations(page, include);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}

/** A finding as one readable line for the test's failure message. */
export const describeFinding = (where: string, f: Finding) =>
  `${where} ${f.rule} (${f.impact}): ${f.help} — ${f.targets.slice(0, 4).join(' | ')}${f.targets.length > 4 ? ` (+${f.targets.length - 4})` : ''}`;

/** Fails the test naming every serious or critical finding on the page, or inside `include`. */
export async function expectNoSeriousFindings(page: Page, include?: string) {
  const found = (await seriousFindings(page, include)).map((f) =>
    describeFinding(include ?? new URL(page.url()).pathname, f),
  );
  expect(found).toEqual([]);
}

/** Checks the current screen at both widths and returns what axe found, labelled. */
export async function sweepScreen(
  page: Page,
  label: string,
  widths: readonly { width: number; height: number }[] = WIDTHS,
): Promise<string[]> {
  const found: string[] = [];
  for (const size of widths) {
    await page.setViewportSize(size);
    await settle(page);
    for (const f of await seriousFindings(page)) found.push(describeFinding(`${label} @${size.width}`, f));
  }
  return found;
}

/** The bearer token and XSRF header of the signed-in page, for set-up reads through the API. */
export async function apiHeaders(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
}
