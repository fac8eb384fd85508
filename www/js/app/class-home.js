// The home screen's way to teach a class: with "A class" chosen, the game and rules chosen
// above become the class's, and Open the class creates it on the server and opens the
// teacher's screen. Also this device's classes (a teacher's, to open again; a pupil's, to go
// back to) and Join a class for a pupil who has the code but not the link.

import { createClass, loadClasses, saveClass } from './class-api.js';
import { query } from './route.js';
import { el } from '../kit/dom.js';

/** Opens a class of the chosen game and rules; says what went wrong, if anything. */
export async function createClassFromHome(h, state, button) {
  const { t, games, go } = h;
  const rules = games[state.game].rulesText(state[state.game]);
  const say = h.main.querySelector('.online-said');
  button.disabled = true;
  try {
    const made = await createClass(state.game, rules);
    saveClass(made.id, { role: 'teacher', secret: made.key, code: made.code, game: made.game, rules: made.rules });
    go(query({ teach: made.id }));
  } catch (error) {
    button.disabled = false;
    say.textContent = t('home.class.failed', { why: error.message });
    say.dataset.say = 'home.class.failed';
  }
}

/** This device's classes not yet ended, each with its way back, or null when there are none. */
export function classGames({ t, games, go }) {
  const mine = loadClasses().filter((c) => !c.ended && games[c.game]);
  if (!mine.length) return null;
  const section = el('section', 'resume class-games');
  const title = el('h2', 'resume-title', t('home.class.yours'));
  title.id = 'class-games-title';
  section.setAttribute('aria-labelledby', title.id);
  const list = el('ul', 'unfinished-list');
  for (const entry of mine) {
    const card = el('li', 'unfinished-card');
    const about = el('p', 'unfinished-about');
    about.id = `class-${entry.id}`;
    const role = entry.role === 'teacher' ? t('home.class.teacher') : t('home.class.pupil', { name: entry.name ?? '' });
    about.append(el('strong', 'unfinished-game', t(games[entry.game].name)), el('span', '', t('home.class.code', { code: entry.code })), el('span', '', role));
    const open = el('button', 'primary big', t(entry.role === 'teacher' ? 'home.class.open' : 'home.resume'));
    open.type = 'button';
    open.dataset.action = entry.role === 'teacher' ? 'open-class' : 'back-to-class';
    open.dataset.class = entry.id;
    open.setAttribute('aria-describedby', about.id);
    open.addEventListener('click', () => go(entry.role === 'teacher' ? query({ teach: entry.id }) : query({ class: entry.code })));
    card.append(about, open);
    list.append(card);
  }
  section.append(title, list);
  return section;
}
