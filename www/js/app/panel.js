// A panel over the board when the game cannot go on in this tab: the engine failed (the error
// view) or another tab took the game over. It says what happened in the catalogue's words,
// offers a way on, and lets the player copy the game record, so no move is lost whatever
// happens next. Everything in it is text (textContent, a textarea's value): nothing is HTML.

function make(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Copies `text`; when the browser will not, selects it in `box` for the player to copy. */
async function copy(text, box) {
  try {
    await navigator.clipboard.writeText(text);
    return 'trouble.copied';
  } catch {
    box.focus();
    box.select();
    return 'trouble.copyByHand';
  }
}

/**
 * Shows the panel in `root`. `notice` names it (`data-notice`), `title` and `text` are shown
 * words, `record()` the last game record ('' when there is none), `actions` [{action, text,
 * run}] the ways on, the first of them the main one.
 */
export function troublePanel(root, { t }, { notice, title, text, record, actions }) {
  root.querySelector(`.trouble[data-notice="${notice}"]`)?.remove();
  const panel = make('section', 'game-over trouble');
  panel.dataset.notice = notice;
  panel.setAttribute('role', 'alertdialog');
  panel.setAttribute('aria-modal', 'true');
  panel.setAttribute('aria-labelledby', `${notice}-title`);
  panel.setAttribute('aria-describedby', `${notice}-text`);
  const card = make('div', 'game-over-card');
  const heading = make('h2', '', title);
  heading.id = `${notice}-title`;
  const about = make('p', '', text);
  about.id = `${notice}-text`;
  card.append(heading, about);

  const buttons = actions.map(({ action, text: label, run }, i) => {
    const b = make('button', i === 0 ? 'primary' : 'plain', label);
    b.type = 'button';
    b.dataset.action = action;
    b.addEventListener('click', run);
    return b;
  });
  const recorded = record();
  if (recorded) {
    const label = make('label', 'trouble-record');
    const box = make('textarea');
    box.readOnly = true;
    box.rows = 4;
    box.spellcheck = false;
    box.value = recorded;
    box.dataset.record = '';
    label.append(make('span', '', t('trouble.record')), box);
    const said = make('p', 'trouble-said');
    said.setAttribute('role', 'status');
    const copier = make('button', 'plain', t('action.copyRecord'));
    copier.type = 'button';
    copier.dataset.action = 'copy-record';
    copier.addEventListener('click', async () => {
      const key = await copy(box.value, box);
      said.textContent = t(key);
      said.dataset.say = key;
    });
    buttons.push(copier);
    card.append(label, said);
  }
  const row = make('div', 'dialog-actions');
  row.append(...buttons);
  card.append(row);
  panel.append(card);
  // The panel covers the screen: Tab and Shift+Tab stay among its controls.
  panel.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const stops = [...panel.querySelectorAll('button, textarea')];
    const at = stops.indexOf(document.activeElement);
    event.preventDefault();
    stops[(at + (event.shiftKey ? -1 : 1) + stops.length) % stops.length]?.focus();
  });
  root.append(panel);
  buttons[0]?.focus();
  return panel;
}
