// A text command line for a board, for players who cannot see it or would rather type: a
// labelled field where a step (`in/5`, `12/15`) or a move (`d4-d6`, `@d4`) is played on Enter,
// and a few words (`where`, `blocked`, ...) from the catalogue read the board out. What a
// command does, and what the status line says about it, is the screen's business: `run(text)`
// returns true when the command was taken (the field is then emptied for the next one).
// Also the dialog that lists the keyboard's keys.

import { createPageDialog } from '../app/dialogs.js';

/**
 * Appends the command line to `parent`; its example line is said with `explain(text)` once
 * the game is known (its examples name the board's marks). `onKeys` opens the list of keys.
 * Returns {element, input, explain, destroy}.
 */
export function createCommandLine(parent, { t }, { run, onKeys }) {
  const form = document.createElement('form');
  form.className = 'command';
  form.dataset.commandLine = '';
  form.noValidate = true;
  const label = document.createElement('label');
  label.htmlFor = 'command';
  label.textContent = t('a11y.command.label');
  const row = document.createElement('div');
  row.className = 'command-row';
  const input = document.createElement('input');
  input.id = 'command';
  input.name = 'command';
  input.type = 'text';
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.setAttribute('autocapitalize', 'none');
  input.setAttribute('aria-describedby', 'command-about');
  input.setAttribute('enterkeyhint', 'go');
  const submit = document.createElement('button');
  submit.type = 'submit';
  submit.className = 'plain';
  submit.textContent = t('a11y.command.go');
  const keys = document.createElement('button');
  keys.type = 'button';
  keys.className = 'plain';
  keys.dataset.action = 'keys';
  keys.setAttribute('aria-haspopup', 'dialog');
  keys.textContent = t('a11y.keys.button');
  keys.addEventListener('click', onKeys);
  row.append(input, submit, keys);
  const hint = document.createElement('p');
  hint.id = 'command-about';
  hint.className = 'command-about';
  form.append(label, row, hint);
  const onSubmit = (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text && run(text)) input.value = '';
  };
  form.addEventListener('submit', onSubmit);
  parent.append(form);
  return {
    element: form,
    input,
    explain: (text) => { hint.textContent = text; },
    destroy: () => form.remove(),
  };
}

/** The command words of the catalogue, each mapped to its action: {'where': 'where', ...}. */
export function commandWords({ t }, actions) {
  return new Map(actions.map((action) => [t(`a11y.cmd.${action}`).toLowerCase(), action]));
}

/**
 * The dialog listing the keys: `rows` are [key, catalogue key of what it does]. Returns
 * {open, element}.
 */
export function createKeysDialog(parent, i18n, rows) {
  const { t } = i18n;
  return createPageDialog(parent, i18n, 'keys', (body) => {
    const title = document.createElement('h2');
    title.id = 'keys-title';
    title.textContent = t('a11y.keys.title');
    const list = document.createElement('dl');
    list.className = 'keys-list';
    for (const [key, what] of rows) {
      const dt = document.createElement('dt');
      const kbd = document.createElement('kbd');
      kbd.textContent = t(key);
      dt.append(kbd);
      const dd = document.createElement('dd');
      dd.textContent = t(what);
      list.append(dt, dd);
    }
    const more = document.createElement('p');
    more.textContent = t('a11y.keys.command');
    body.replaceChildren(title, list, more);
    body.closest('dialog').setAttribute('aria-labelledby', 'keys-title');
  });
}
