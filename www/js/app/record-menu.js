// What a game screen offers with its record: the Record dialog from the header (download, copy,
// watch the replay, open another record, share this position) and the same on the game-over
// panel. The screen gives its record text, its position link and a way to say things on its
// status line; everything else is here, shared by both games.

import { query } from './route.js';
import { actions, el, modal, submit } from '../kit/dom.js';
import {
  copyText, createOpenDialog, createTextDialog, downloadText, keepReplay, readRecord, recordFileName, shareLink, today,
} from './records.js';

// What the dialog offers, in order: [action, catalogue key].
const MENU = [
  ['record-download', 'record.download'],
  ['record-copy', 'record.copy'],
  ['record-replay', 'record.replay'],
  ['record-open', 'record.openOne'],
  ['record-share', 'record.share'],
];

/** Who played each side, as the screen knows them: a person, or the computer by its level. */
export function playerNames({ t }, opponent, sides) {
  const person = t('record.person');
  return sides.map((side) => (opponent.kind === 'computer' && side !== opponent.human
    ? t(`level.${opponent.level}`) : person));
}

/**
 * Attaches the record actions to a game screen on `root`. `screen`: {game: its id, record(date)
 * -> the record's text, link() -> the query of this position, say(key, args)}. Returns
 * {act(action) -> true when it was a record action, open()}.
 */
export function attachRecordMenu(root, ctx, screen) {
  const { i18n, engines, go } = ctx;
  const { t } = i18n;
  const text = createTextDialog(root, i18n);
  const opener = createOpenDialog(root, i18n, async (record) => {
    try {
      await readRecord(engines, record);
    } catch (refused) {
      return refused;
    }
    keepReplay(record);
    // The dialog closes first; the replay screen then takes the page.
    setTimeout(() => go(query({ page: 'replay' })));
    return null;
  });

  const { dialog, form } = modal(root, 'record-menu', 'record-dialog', t('record.menu'));
  const list = el('div', 'record-menu');
  for (const [action, key] of MENU) {
    const b = submit(action, t(key));
    b.dataset.menu = action;
    list.append(b);
  }
  form.append(list, actions([['cancel', t('action.close')]]));
  dialog.addEventListener('close', () => {
    if (dialog.returnValue && dialog.returnValue !== 'cancel') act(dialog.returnValue);
  });

  async function copy() {
    const record = screen.record(today());
    if (await copyText(record)) screen.say('record.copied');
    else text.open(t('record.copy'), record);
  }

  async function share() {
    const url = new URL(screen.link(), location.href).href;
    const how = await shareLink(url, t('app.title'));
    if (how === 'copied') screen.say('record.shareCopied');
    else if (how === 'shared') screen.say('record.shared');
    else if (how === 'refused') text.open(t('record.share'), url);
  }

  function act(action) {
    if (action === 'records') {
      dialog.returnValue = '';
      dialog.showModal();
    } else if (action === 'record-download') {
      const date = today();
      downloadText(screen.record(date), recordFileName(screen.game, date));
      screen.say('record.downloaded');
    } else if (action === 'record-copy') {
      copy();
    } else if (action === 'record-replay') {
      keepReplay(screen.record(today()));
      go(query({ page: 'replay' }));
    } else if (action === 'record-open') {
      opener.open();
    } else if (action === 'record-share') {
      share();
    } else {
      return false;
    }
    return true;
  }

  return { act };
}
