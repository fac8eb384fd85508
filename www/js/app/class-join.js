// A pupil's way into a class (`?class=<code>`, the link of the teacher's QR code): the code
// and a first name, Join, then a waiting screen until the teacher pairs the class, and then
// the pupil's own online game. The pupil's token is kept on this device (class-api.js), so a
// reload or a restarted tablet comes back to the waiting screen or straight into its game.
// Names are text only.

import { saveSeat } from './online-api.js';
import { joinClass, loadClasses, pupilView, readCode, saveClass } from './class-api.js';
import { query } from './route.js';
import { button, el } from '../kit/dom.js';

const ASK_EVERY = 2000; // ms between asks while waiting to be paired
const MOST_NAME = 24;
const FAILURES = ['unknown-class', 'class-full', 'bad-name', 'network'];

/** The page's bar: the title and room for the language and theme switches. */
export function classHeader(ctx, key) {
  const bar = el('header', 'bar');
  const actions = el('div', 'bar-actions');
  const home = button('home', ctx.i18n.t('action.home'), 'plain');
  home.addEventListener('click', () => ctx.go('./'));
  actions.append(home);
  bar.append(el('h1', '', ctx.i18n.t(key)), actions);
  return bar;
}

/** The words for a server's refusal of a join, by its code. */
const failure = (error) => `class.failed.${FAILURES.includes(error.code) ? error.code : 'other'}`;

export function mountClassJoin(root, ctx) {
  const { t } = ctx.i18n;
  const life = { gone: false, timer: null };
  const main = el('main', 'page online-page class-page');
  root.replaceChildren(classHeader(ctx, 'class.join.title'), main);
  ctx.furnish();

  const said = (node, key, args = {}) => {
    node.textContent = t(key, args);
    node.dataset.say = key;
  };

  /** The form: the code (unless the link gave a good one) and the name. */
  function form(code) {
    main.dataset.class = 'join';
    const intro = el('p', 'class-intro', t('class.join.intro'));
    const fields = el('form', 'online-form class-form');
    const codeLabel = el('label', 'online-field', t('class.join.code'));
    const codeInput = el('input');
    Object.assign(codeInput, { name: 'code', maxLength: 12, value: code ?? '', autocomplete: 'off', autocapitalize: 'characters', spellcheck: false });
    codeLabel.append(codeInput);
    codeLabel.hidden = Boolean(code);
    const nameLabel = el('label', 'online-field', t('class.join.name'));
    const nameInput = el('input');
    Object.assign(nameInput, { name: 'name', maxLength: MOST_NAME, autocomplete: 'given-name' });
    nameLabel.append(nameInput);
    const join = el('button', 'primary big', t('class.join.go'));
    join.type = 'submit';
    join.dataset.action = 'join-class';
    const status = el('p', 'online-said');
    status.setAttribute('role', 'status');
    fields.append(codeLabel, nameLabel, join, status);
    main.replaceChildren(el('h2', '', t('class.join.heading')), intro, fields);
    (code ? nameInput : codeInput).focus();
    fields.addEventListener('submit', async (event) => {
      event.preventDefault();
      const typed = readCode(codeInput.value);
      const name = nameInput.value.trim();
      if (!typed) {
        codeLabel.hidden = false;
        codeInput.focus();
        return said(status, 'class.failed.unknown-class');
      }
      if (!name) {
        nameInput.focus();
        return said(status, 'class.failed.bad-name');
      }
      join.disabled = true;
      try {
        const joined = await joinClass(typed, name);
        saveClass(joined.id, { role: 'pupil', secret: joined.token, code: joined.code, game: joined.game, rules: joined.rules, name: joined.name });
        const params = new URLSearchParams(location.search);
        history.replaceState(null, '', query({ class: joined.code, lang: params.get('lang'), pace: params.get('pace') }));
        waiting(loadClasses().find((c) => c.id === joined.id));
      } catch (error) {
        join.disabled = false;
        said(status, failure(error), { why: error.message });
      }
    });
  }

  /** Waiting to be paired: asks the server now and then, and goes into the game once there is one. */
  function waiting(entry) {
    main.dataset.class = 'waiting';
    const hello = el('h2', '', t('class.wait.hello', { name: entry.name ?? '' }));
    const text = el('p', 'status', t('class.wait.text'));
    text.setAttribute('role', 'status');
    text.dataset.say = 'class.wait.text';
    const code = el('p', 'class-code-small', t('class.wait.code', { code: entry.code }));
    main.replaceChildren(hello, text, code);
    const ask = async () => {
      if (life.gone) return;
      try {
        const view = await pupilView(entry.id, entry.secret);
        if (life.gone) return;
        if (view.paired) {
          saveSeat(view.paired.game, { token: entry.secret, seat: view.paired.seat, game: view.game, rules: view.rules });
          const params = new URLSearchParams(location.search);
          return ctx.go(query({ online: view.paired.game, lang: params.get('lang'), pace: params.get('pace') }));
        }
        if (view.status === 'ended') {
          saveClass(entry.id, { ended: true });
          return said(text, 'class.wait.ended');
        }
        said(text, 'class.wait.text');
      } catch (error) {
        if (life.gone) return;
        if (error.code === 'unknown-class') {
          saveClass(entry.id, { ended: true });
          return said(text, 'class.wait.ended');
        }
        said(text, 'class.wait.offline');
      }
      life.timer = setTimeout(ask, ASK_EVERY);
    };
    return ask();
  }

  const code = readCode(ctx.route.classCode);
  const mine = loadClasses().find((c) => c.role === 'pupil' && !c.ended && (!code || c.code === code));
  if (mine) waiting(mine);
  else form(code);
  document.title = `${t('class.join.title')} · ${t('app.title')}`;

  return {
    drawn: Promise.resolve(),
    destroy() {
      life.gone = true;
      clearTimeout(life.timer);
      root.replaceChildren();
    },
  };
}
