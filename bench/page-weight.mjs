// Measures the JavaScript and CSS a page loads (gzip sizes, as served over the wire would be
// compressed) by opening it in Chromium. Usage: node bench/page-weight.mjs [baseUrl] [path...]
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const paths = process.argv.slice(3).length ? process.argv.slice(3) : ['/hello'];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const path of paths) {
  const page = await browser.newPage();
  const sizes = { js: 0, css: 0, files: [] };
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    const gz = gzipSync(body, { level: 9 }).length;
    sizes[type === 'script' ? 'js' : 'css'] += gz;
    sizes.files.push(`${(gz / 1024).toFixed(1).padStart(6)} KB  ${new URL(res.url()).pathname}`);
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  console.log(`${path}: JS ${(sizes.js / 1024).toFixed(1)} KB gzip, CSS ${(sizes.css / 1024).toFixed(1)} KB gzip`);
  if (process.env.VERBOSE) console.log(sizes.files.sort().reverse().join('\n'));
  await page.close();
}
await browser.close();
