/* global document, sessionStorage -- these callbacks run in the page, not in Node */
// Lighthouse (npm) on the mobile preset against system Chromium: /hello signed out and Home
// signed in. Each page is run RUNS times (default 3) and the median performance is reported with
// the other category scores of that run. Usage: node bench/lighthouse.mjs [baseUrl]
// Env: RUNS, PAGES (comma-separated paths, default "/hello,/"; sign-in pages signed out, the others signed in), BENCH_EMAIL (default member.za@example.com), LH_REPORT_DIR (write each run's full
// Lighthouse JSON there, to read its diagnostics: bootup-time, mainthread-work-breakdown, …). Run it on an otherwise idle machine:
// Lighthouse simulates a slow phone from the timings it observes, so CPU contention lowers scores.
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const runs = Number(process.env.RUNS ?? 3);
const email = process.env.BENCH_EMAIL ?? 'member.za@example.com';

async function authToken() {
  const xsrf = await fetch(`${base}/api/auth/xsrf`);
  const cookie = (xsrf.headers.getSetCookie?.() ?? []).find((c) => c.startsWith('XSRF-TOKEN='))?.split(';')[0] ?? '';
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': cookie.split('=')[1] ?? '' },
    body: JSON.stringify({ email, password: 'Ovation-demo-1' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (await res.json()).authToken;
}

async function audit(path, token) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    // The cookie banner accepted and, for signed-in pages, the session token where the app keeps it.
    await page.evaluateOnNewDocument((t) => {
      document.cookie = 'cPol=yy-; path=/';
      if (t) sessionStorage.setItem('authToken', t);
    }, token);
    const result = await lighthouse(
      base + path,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      undefined,
      page,
    );
    await browser.disconnect();
    if (process.env.LH_REPORT_DIR) {
      mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
      const name = `${path === '/' ? 'home' : path.replace(/\W/g, '')}-${Date.now()}.json`;
      writeFileSync(`${process.env.LH_REPORT_DIR}/${name}`, JSON.stringify(result.lhr));
    }
    const { categories, audits, runtimeError } = result.lhr;
    // Lighthouse's own failures (NO_NAVSTART, a page that never loaded) score 0 on every
    // category: named and left out of the median, not counted as a figure of the page.
    if (runtimeError) return { error: runtimeError.code };
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      fcp: audits['first-contentful-paint'].displayValue,
      lcp: audits['largest-contentful-paint'].displayValue,
      tbt: audits['total-blocking-time'].displayValue,
      cls: audits['cumulative-layout-shift'].displayValue,
      failing: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && categories.accessibility.auditRefs.some((r) => r.id === a.id))
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

const token = await authToken();
const pages = (process.env.PAGES ?? '/hello,/').split(',').map((p) => p.trim());
// The sign-in pages are measured signed out; every other page as the signed-in member.
const SIGNED_OUT = ['/hello', '/register', '/resetpassword', '/welcometrfauth'];
for (const path of pages) {
  const signedIn = !SIGNED_OUT.includes(path);
  const results = [];
  const errors = [];
  // RUNS runs that produced a report; at most as many again that Lighthouse itself failed.
  while (results.length < runs && errors.length < runs) {
    const result = await audit(path, signedIn ? token : null);
    if (result.error) errors.push(result.error);
    else results.push(result);
  }
  if (results.length === 0) {
    console.log(`${path}: no run produced a report (${errors.join(', ')})`);
    continue;
  }
  results.sort((a, b) => a.performance - b.performance);
  const median = results[Math.floor(results.length / 2)];
  console.log(
    `${path}: performance ${median.performance} (runs: ${results.map((r) => r.performance).join(', ')}` +
      `${errors.length ? `; Lighthouse failed ${errors.length}: ${errors.join(', ')}` : ''}), ` +
      `accessibility ${median.accessibility}, best practices ${median.bestPractices}; ` +
      `FCP ${median.fcp}, LCP ${median.lcp}, TBT ${median.tbt}, CLS ${median.cls}` +
      (median.failing.length ? `; accessibility audits failing: ${median.failing.join(', ')}` : ''),
  );
}
