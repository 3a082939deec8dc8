/* global sessionStorage -- the init script runs in the page, not in Node */
// What a first visit downloads, measured by Chromium: bytes as transferred (compressed bodies
// plus headers) for every request a page makes until the network is idle, with an empty cache.
// /hello is visited signed out; every other path signed in as the member below.
// Usage: node bench/page-weight.mjs [baseUrl] [path...]   (default: /hello and /)
// Env: BENCH_EMAIL (default member.za@example.com), VERBOSE=1 lists every request.
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const paths = process.argv.slice(3).length ? process.argv.slice(3) : ['/hello', '/'];
const email = process.env.BENCH_EMAIL ?? 'member.za@example.com';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Signs in through the API only, so that no page load warms the context's cache. */
async function signIn(context) {
  await context.request.get(`${base}/api/auth/xsrf`);
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await context.request.post(`${base}/api/auth/login`, {
    data: { email, password: 'Ovation-demo-1' },
    headers: { 'x-xsrf-token': xsrf },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
  const { authToken } = await res.json();
  await context.addCookies([{ name: 'cPol', value: 'yy-', url: base }]);
  await context.addInitScript((t) => sessionStorage.setItem('authToken', t), authToken);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const path of paths) {
  // A new context per page: an empty HTTP cache, as on a first visit.
  const context = await browser.newContext();
  if (path !== '/hello') await signIn(context);
  const page = await context.newPage();
  const done = [];
  page.on('requestfinished', (request) => {
    done.push(
      request.sizes().then(async (sizes) => {
        const response = await request.response();
        return {
          url: new URL(request.url()).pathname,
          type: request.resourceType(),
          encoding: (await response?.headerValue('content-encoding')) ?? '',
          body: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
        };
      }),
    );
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const rows = await Promise.all(done);
  const total = rows.reduce((sum, r) => sum + r.body + r.headers, 0);
  const by = (types) => rows.filter((r) => types.includes(r.type)).reduce((sum, r) => sum + r.body + r.headers, 0);
  const uncompressed = rows.filter(
    (r) => !r.encoding && r.body > 1024 && ['script', 'stylesheet', 'document', 'fetch', 'xhr'].includes(r.type),
  );
  console.log(
    `${path}: ${kb(total)} transferred in ${rows.length} requests ` +
      `(JS ${kb(by(['script']))}, CSS ${kb(by(['stylesheet']))}, HTML ${kb(by(['document']))}, ` +
      `API ${kb(by(['fetch', 'xhr']))}, images and fonts ${kb(by(['image', 'font']))}); ` +
      `${uncompressed.length} text responses over 1 KB sent uncompressed`,
  );
  if (process.env.VERBOSE) {
    for (const r of rows.sort((a, b) => b.body - a.body)) {
      console.log(
        `  ${kb(r.body + r.headers).padStart(9)}  ${(r.encoding || '-').padEnd(4)} ${r.type.padEnd(10)} ${r.url}`,
      );
    }
  }
  await context.close();
}
await browser.close();
