import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noticeWords, joined } from '../../www/js/app/notices.js';

const i18n = {
  t: (key, words = {}) => `${key}${Object.entries(words).map(([k, v]) => ` ${k}=${v}`).join('')}`,
  list: (items) => items.join('+'),
  lang: 'en',
};

test("a notice's keys are said in the reader's words, its arguments as they are", () => {
  const said = noticeWords(i18n, {
    notice: 'opening',
    args: { albi: '1-2-1 (4)', nigri: '5-4-3 (12)' },
    keys: { albiSide: 'side.albi', nigriSide: 'side.nigri', opener: 'side.nigri' },
  });
  assert.equal(said.key, 'notice.opening');
  assert.equal(said.text, 'notice.opening albi=1-2-1 (4) nigri=5-4-3 (12) albiSide=side.albi nigriSide=side.nigri opener=side.nigri');
});

test("what came from outside is cut, and a list of keys is said as a list", () => {
  const said = noticeWords(i18n, {
    notice: 'unknownLevel', args: { value: 'x'.repeat(100) }, keys: { fallback: 'level.easy', levels: ['level.easy', 'level.hard'] },
  });
  assert.match(said.text, / value=x{39}… /);
  assert.match(said.text, /fallback=level\.easy levels=level\.easy\+level\.hard$/);
});

test('several notices are said as one, keys joined', () => {
  const both = joined([{ key: 'a', text: 'A.' }, null, { key: 'b', text: 'B.' }]);
  assert.deepEqual(both, { key: 'a b', text: 'A. B.' });
});
