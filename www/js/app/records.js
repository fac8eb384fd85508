// Game records on the page: reading one with the engine (which game, the replay view or where
// it goes wrong, said in the visitor's words), keeping the one on show so a reload finds it,
// and handing text to the visitor: a downloaded .txt file, the clipboard, the device's share
// sheet, or, when those are refused, a dialog with the text selected for copying by hand.

import { actions, el, modal } from '../kit/dom.js';
import { cut } from './notices.js';
import { hold, holding } from './storage.js';

const REPLAY_KEY = 'ludi-romani.replay.v1';

// File names: the game's name as a visitor knows it, then the date.
const FILE_STEM = { scripta: 'xii-scripta', latrunculi: 'latrunculi' };

/** Today's date as the record writes it (ISO, the visitor's own calendar day). */
export function today(now = new Date()) {
  const two = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** `xii-scripta-2026-11-30.txt` or `latrunculi-2026-11-30.txt`. */
export function recordFileName(game, date) {
  return `${FILE_STEM[game] ?? game}-${date}.txt`;
}

/**
 * Reads `text` as a record with its game's engine (`engines`: kit/engines.js): resolves to
 * {game: 'scripta'|'latrunculi', engine, view} (the engine's replay view), or rejects with the
 * engine's fault ({line, turn, result, game}: where the record goes wrong, in which game's).
 */
export async function readRecord(engines, text) {
  const { game, engine } = await engines.forRecord(text);
  try {
    const view = game === 'scripta' ? engine.ScriptaGame.readRecord(text) : engine.LatrunculiGame.readRecord(text);
    return { game, engine, view };
  } catch (refused) {
    // Which game's record it is: a Latrunculi record counts moves, XII Scripta's turns.
    throw isFault(refused) ? { ...refused, game } : refused;
  }
}

const isFault = (value) => Boolean(value) && typeof value === 'object' && 'result' in value;
// A pasted record may be one long line: the message quotes only its start.
const QUOTED = 60;

/**
 * Why a record was refused, in the visitor's words: `refused` is the engine's fault (where the
 * record goes wrong, and in which game's record), a failed download of the engine (a
 * TypeError), or the engine failing otherwise. {kind, line, turn, text}, `kind` one of game,
 * line, turn, result, load, error (and the dialog's own `empty`, for no text at all).
 */
export function refusal({ t }, refused, text) {
  if (!isFault(refused)) {
    return refused instanceof TypeError
      ? { kind: 'load', text: t('record.bad.load') }
      : { kind: 'error', text: t('record.bad.error') };
  }
  const { line, turn, result, game } = refused;
  if (turn) return { kind: 'turn', turn, text: t(game === 'latrunculi' ? 'record.bad.move' : 'record.bad.turn', { turn }) };
  if (result) return { kind: 'result', text: t('record.bad.result') };
  // The line as the visitor wrote it, so they see which one to mend; a `Game:` line the
  // engine refuses names another game, which is what the visitor is told.
  const written = text.split(/\r?\n/)[line - 1]?.trim() ?? '';
  if (!line || /^game\s*:/i.test(written)) return { kind: 'game', text: t('record.bad.game') };
  return { kind: 'line', line, text: t('record.bad.line', { line, text: cut(written, QUOTED) }) };
}

/**
 * Keeps the record on show (canonical text) and the turn looked at, for the replay screen:
 * held for the page's life too, so a browser that refuses to store it (or whose storage is
 * full) still shows that one, not none or an older.
 */
export function keepReplay(text, turn = 0) {
  hold(REPLAY_KEY, { text, turn });
  try {
    localStorage.setItem(REPLAY_KEY, JSON.stringify({ text, turn }));
    return true;
  } catch {
    return false;
  }
}

/**
 * The record kept for the replay screen: {text, turn}, the one handed in this page's life,
 * else the stored one (storage is untrusted), else null.
 */
export function keptReplay() {
  const handed = holding(REPLAY_KEY);
  if (handed) return handed;
  try {
    const data = JSON.parse(localStorage.getItem(REPLAY_KEY) ?? 'null');
    if (!data || typeof data.text !== 'string') return null;
    return { text: data.text, turn: Number.isInteger(data.turn) && data.turn >= 0 ? data.turn : 0 };
  } catch {
    return null;
  }
}

/** Saves `text` as a file named `name`, through a Blob and a download link. */
export function downloadText(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Copies `text` to the clipboard; false when the browser refuses (no permission, no API). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Hands a link to the device's share sheet when it has one, else to the clipboard. Resolves to
 * 'shared', 'cancelled', 'copied' or 'refused' (the caller then shows the link to copy).
 */
export async function shareLink(url, title) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, title });
      return 'shared';
    } catch (error) {
      if (error?.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(url)) ? 'copied' : 'refused';
}

/**
 * The dialog shown when the clipboard is refused: the text, selected, to copy by hand.
 * Returns {open(title, text), element}.
 */
export function createTextDialog(parent, { t }) {
  const { dialog, form, title } = modal(parent, 'record-text', 'record-dialog', '');
  const about = el('p', '', t('record.copyByHand'));
  const area = el('textarea', 'record-text');
  area.readOnly = true;
  area.rows = 8;
  area.setAttribute('aria-labelledby', 'record-text-title');
  form.append(about, area, actions([['close', t('action.close'), true]]));
  return {
    element: dialog,
    open(heading, text) {
      title.textContent = heading;
      area.value = text;
      dialog.showModal();
      area.focus();
      area.select();
    },
  };
}

/**
 * The "Open a record" dialog: a file or pasted text. `onText(text)` reads it and resolves to
 * null when it was taken, or to what the engine refused it with; the dialog stays open on a bad
 * record, so nothing changes. Returns {open(), element}.
 */
export function createOpenDialog(parent, i18n, onText) {
  const { t } = i18n;
  const { dialog, form } = modal(parent, 'open-record', 'record-dialog', t('record.open.title'));
  const about = el('p', '', t('record.open.about'));
  const fileLabel = el('label', 'record-file');
  const fileText = el('span', '', t('record.open.file'));
  const file = el('input');
  file.type = 'file';
  file.accept = '.txt,text/plain';
  file.dataset.recordFile = '';
  // The browser's own file button speaks the browser's language, not the page's: it is
  // hidden behind one in the page's words, with the file chosen named beside it.
  const row = el('span', 'record-file-row');
  const chosenName = el('span', 'record-file-name', t('record.open.none'));
  row.append(el('span', 'record-file-pick', t('record.open.choose')), chosenName);
  fileLabel.append(fileText, file, row);
  const pasteLabel = el('label', 'record-paste', t('record.open.paste'));
  const area = el('textarea', 'record-text');
  area.rows = 7;
  area.dataset.recordText = '';
  area.spellcheck = false;
  area.setAttribute('autocapitalize', 'off');
  pasteLabel.append(area);
  const problem = el('p', 'record-error');
  problem.setAttribute('role', 'alert');
  problem.hidden = true;
  form.append(about, fileLabel, pasteLabel, problem,
    actions([['cancel', t('action.cancel')], ['open', t('record.open.go'), true]]));

  async function tryText(text) {
    // Nothing chosen or pasted yet is said as such, not as a record of no game.
    const empty = !text.trim();
    const refused = empty ? 'empty' : await onText(text);
    problem.hidden = refused === null;
    if (refused === null) {
      dialog.close('opened');
      return;
    }
    const why = empty ? { kind: 'empty', text: t('record.bad.empty') } : refusal(i18n, refused, text);
    problem.textContent = why.text;
    problem.dataset.recordError = why.kind;
    for (const where of ['line', 'turn']) {
      if (why[where]) problem.dataset[where] = why[where];
      else delete problem.dataset[where];
    }
  }

  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    chosenName.textContent = chosen?.name ?? t('record.open.none');
    if (!chosen) return;
    const text = await chosen.text();
    area.value = text;
    tryText(text);
  });
  form.addEventListener('submit', (event) => {
    if (event.submitter?.value !== 'open') return;
    event.preventDefault();
    tryText(area.value);
  });

  return {
    element: dialog,
    open() {
      problem.hidden = true;
      for (const name of ['recordError', 'line', 'turn']) delete problem.dataset[name];
      file.value = '';
      chosenName.textContent = t('record.open.none');
      area.value = '';
      dialog.showModal();
    },
  };
}
