import { acceptCookies, expect, test } from './fixtures.ts';
import { navigateInApp, seriousFindings, settle, trackRequests } from './support/a11y.ts';

/** The accessibility sweep's runner (a11y-sweep.spec.ts) finds what it should: its passes mean something. */

// No trace, as in a11y-sweep.spec.ts: the failure message names each finding.
test.use({ trace: 'off' });

test('the axe runner finds what it should, after a navigation in the app and inside a selector', async ({ page }) => {
  // The sweep passes when axe finds nothing, so its runner (axe evaluated once per document) is
  // shown to find a planted low-contrast text and an unlabelled field, on a later screen too.
  trackRequests(page);
  await acceptCookies(page);
  await page.goto('/hello');
  await settle(page);
  expect(await seriousFindings(page)).toEqual([]);
  await navigateInApp(page, '/register');
  await settle(page);
  await page.evaluate(() => {
    const planted = document.createElement('div');
    planted.id = 'planted';
    planted.innerHTML = '<p style="color:#bbb;background:#fff">Faint words</p><input type="text">';
    document.querySelector('main')!.append(planted);
  });
  const rules = (findings: { rule: string }[]) => findings.map((f) => f.rule).sort();
  expect(rules(await seriousFindings(page))).toEqual(['color-contrast', 'label']);
  expect(rules(await seriousFindings(page, '#planted'))).toEqual(['color-contrast', 'label']);
  expect(await seriousFindings(page, 'footer')).toEqual([]);
});
