// Dialogs and controls say their state: the Rules dialog opens at its top, and a control
// that can do nothing now is disabled or says what it would do.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('the Rules dialog in play opens at its top, on its heading', async () => {
  for (const game of ['scripta', 'latrunculi']) {
    const s = await open(browser, `?game=${game}&opponent=human`);
    await s.page.waitForSelector('[data-position]');
    await s.page.click('[data-action="rules"]');
    await s.page.waitForSelector('dialog#rules[open] .rules-page');
    const seen = await s.page.evaluate(() => {
      const dialog = document.querySelector('dialog#rules');
      const focused = document.activeElement;
      return {
        scrollTop: dialog.scrollTop,
        long: dialog.scrollHeight > dialog.clientHeight * 2,
        heading: /^H[12]$/.test(focused.tagName),
        inside: dialog.contains(focused),
        named: dialog.getAttribute('aria-labelledby') === focused.id,
      };
    });
    assert.deepEqual(seen, { scrollTop: 0, long: true, heading: true, inside: true, named: true }, game);
    await close(s);
  }
});
