// XII Scripta face to face on a tablet, in both orientations: everything each player needs
// (their tray, the board, and on their turn the status, dice and buttons) is on screen
// without scrolling, and nothing covers anything else.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, screenshotPath } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const SIZES = [['portrait', { width: 768, height: 1024 }], ['landscape', { width: 1024, height: 768 }]];
const NEEDED = ['#board', '#tray-albi', '#tray-nigri', '[role="status"]', '#dice', '[data-action="replay"]',
  '[data-action="throw"]', '[data-action="undo"]', '[data-action="confirm"]', '[data-action="hint"]'];

/** The boxes of what a player needs, and the first of them outside the viewport, if any. */
const boxes = (page) => page.evaluate((selectors) => {
  const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  const seen = Object.fromEntries(selectors.map((s) => [s, document.querySelector(s).getBoundingClientRect().toJSON()]));
  return { seen, outside: selectors.filter((s) => !inside(seen[s])), scrollY };
}, NEEDED);

const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

for (const [name, viewport] of SIZES) {
  test(`face to face, ${name}: each player has all they need on screen, on either side's turn`, async () => {
    for (const turn of ['A', 'N']) {
      const q = new URLSearchParams({ game: 'scripta', opponent: 'human', seed: '4', position: `${turn} w12s0o0:3,5,9 w13s0o0:20x2 462` });
      const s = await open(browser, `?${q}`, { viewport });
      await s.page.click('[data-action="face"]');
      const { seen, outside, scrollY } = await boxes(s.page);
      assert.deepEqual(outside, [], `${turn} to move: off screen`);
      assert.equal(scrollY, 0);
      // The status box, the dice and the buttons do not cover one another.
      const status = seen['[role="status"]'];
      for (const other of ['#dice', '[data-action="replay"]', '[data-action="throw"]', '[data-action="hint"]', '#board']) {
        assert.ok(!overlap(status, seen[other]), `${turn} to move: the status covers ${other}`);
      }
      await s.page.screenshot({ path: screenshotPath(`face-${name}-${turn}.png`) });
      await close(s);
    }
  });
}
