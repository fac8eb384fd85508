// What a first visit downloads: the home screen opened with a cold cache, until the page is
// ready and its service worker has stored the site for offline play. The bytes are those over
// the wire, compressed as the server serves them (brotli to Chromium). Printed every run, the
// figure the download budgets are measured by; it asserts only that the sizes were read.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, BASE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const KB = 1024;

test('the first visit of the home screen, everything included (printed)', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const finished = [];
  context.on('requestfinished', (request) => finished.push(request));
  const page = await context.newPage();
  await page.goto(BASE);
  await page.waitForSelector('body.ready');
  // The offline copy is part of a first visit: wait until the worker controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  await page.waitForLoadState('networkidle');
  const rows = await Promise.all(finished.map(async (request) => {
    const sizes = await request.sizes();
    return { url: new URL(request.url()), bytes: sizes.responseBodySize + sizes.responseHeadersSize, body: sizes.responseBodySize };
  }));
  const own = rows.filter((r) => r.url.origin === new URL(BASE).origin);
  assert.equal(own.length, rows.length, 'the first visit loads nothing from another origin');
  const total = own.reduce((sum, r) => sum + r.bytes, 0);
  const engine = own.filter((r) => r.url.pathname.includes('/pkg/')).reduce((sum, r) => sum + r.body, 0);
  assert.ok(own.length > 5 && total > 0, JSON.stringify(own.length));
  console.log(`first visit of the home screen: ${(total / KB).toFixed(1)} KB over the wire in ${own.length} responses, `
    + `of which the engine (pkg/) ${(engine / KB).toFixed(1)} KB`);
  await context.close();
});
