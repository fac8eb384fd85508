// What a first visit downloads: the home screen opened with a cold cache, until the page is
// ready and its service worker has kept what offline play needs of a first visit. The bytes are
// those over the wire, compressed as the server serves them (brotli to Chromium, headers
// included), and the same files gzipped (the dist's `.gz` copies, for a browser without
// brotli). Printed every run; each must stay within the budget of 100 KB.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import path from 'node:path';
import { launch, BASE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const KB = 1024;
const BUDGET = 100 * KB;
const SITE = process.env.LUDI_SITE;

/**
 * The bytes of a response as a gzip-only browser gets it: a site file's `.gz` copy, or the file
 * itself where it has none (small, or a PNG); the server's own answers (`/api/`, made afresh)
 * as they came.
 */
function gzipped({ url, body }) {
  if (url.pathname.startsWith('/api/')) return body;
  const file = path.join(SITE, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
  for (const candidate of [`${file}.gz`, file]) {
    try {
      return statSync(candidate).size;
    } catch {
      // No such copy: the next.
    }
  }
  throw new Error(`${url.pathname} is not in the site at ${SITE}`);
}

test('the first visit of the home screen, everything included, is within 100 KB (printed)', async () => {
  assert.ok(SITE, 'LUDI_SITE names the built site (cargo xtask test sets it)');
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
  const engines = own.filter((r) => r.url.pathname.endsWith('.wasm'));
  const gzip = own.filter((r) => r.body > 0).reduce((sum, r) => sum + gzipped(r), 0);
  console.log(`first visit of the home screen: ${(total / KB).toFixed(1)} KB over the wire (brotli) in ${own.length} responses, `
    + `${(gzip / KB).toFixed(1)} KB gzipped, no engine (budget ${BUDGET / KB} KB)`);
  assert.deepEqual(engines.map((r) => r.url.pathname), [], 'the home screen downloads no engine');
  assert.ok(own.length > 5 && total > 0, JSON.stringify(own.length));
  assert.ok(total <= BUDGET, `${total} bytes over the wire, over the budget of ${BUDGET}`);
  assert.ok(gzip <= BUDGET, `${gzip} bytes gzipped, over the budget of ${BUDGET}`);
  await context.close();
});
