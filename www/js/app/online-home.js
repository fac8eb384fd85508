// The home screen's third way to play, a friend on another device: the side and the player's
// name (the game and rules are chosen as for the other two), Create the invite, and the
// online games this device holds a seat in, to reopen. Without the game server (a static
// host, offline) the choice says plainly that it needs one, and nothing else changes.

import { createGame, loadSeats, saveSeat } from './online-api.js';
import { query } from './route.js';
import { el } from '../kit/dom.js';

const MOST_NAME = 24;

/** The words under the choice while the server is being asked or is not there, else null. */
export function onlineNote({ t }, state) {
  if (state.opponent !== 'online' || state.server === true) return null;
  const note = el('p', 'online-note', t(state.server === null ? 'home.online.asking' : 'home.online.none'));
  note.dataset.online = state.server === null ? 'asking' : 'none';
  return note;
}

/**
 * Online: the side to play (or either), each named by `sideName`, and the player's name, kept
 * as they are typed.
 */
export function onlineChoices(h, state, choiceGroup, sideName) {
  const { t, games, store } = h;
  if (state.opponent !== 'online' || state.server !== true) return [];
  const game = games[state.game];
  const mine = state[state.game];
  const sides = choiceGroup('side', t('home.side'),
    [...game.sides.map((s) => ({ value: s, name: sideName(s) })), { value: 'random', name: t('home.online.random') }],
    mine.online, (online) => store.dispatch({ [state.game]: { ...mine, online } }));
  const row = el('label', 'option online-name');
  const input = el('input');
  input.setAttribute('aria-label', t('home.online.name'));
  Object.assign(input, { name: 'name', maxLength: MOST_NAME, value: h.typed.name ?? state.name, autocomplete: 'nickname' });
  input.dataset.choice = 'name';
  // Kept without drawing the screen again, so the field keeps its focus while typing.
  input.addEventListener('input', () => {
    h.typed.name = input.value;
    h.saveChoices();
  });
  row.append(input);
  const named = el('fieldset', 'choices choices-name');
  named.append(el('legend', '', t('home.online.name')));
  const options = el('div', 'options');
  options.append(row);
  named.append(options);
  return [named, sides];
}

/** Creates the game on the server and opens its invite; says what went wrong, if anything. */
export async function createOnline(h, state, button) {
  const { t, games, go } = h;
  const game = games[state.game];
  const mine = state[state.game];
  const name = (h.main.querySelector('input[name="name"]')?.value ?? state.name).trim();
  const say = h.main.querySelector('.online-said');
  if (!name) {
    say.textContent = t('home.online.needName');
    say.dataset.say = 'home.online.needName';
    h.main.querySelector('input[name="name"]')?.focus();
    return;
  }
  button.disabled = true;
  try {
    const rules = game.rulesText(mine);
    const made = await createGame({ game: state.game, ...(rules ? { rules } : {}), side: mine.online, name });
    saveSeat(made.id, { token: made.token, seat: made.seat, game: state.game, rules: rules ?? '', invite: made.invite, watch: made.watch });
    go(query({ online: made.id, pace: new URLSearchParams(location.search).get('pace') }));
  } catch (error) {
    button.disabled = false;
    say.textContent = t('home.online.failed', { why: error.message });
    say.dataset.say = 'home.online.failed';
  }
}

/** This device's unfinished online games, each with Resume, or null when there are none. */
export function onlineGames({ t, games, go }) {
  const seats = loadSeats().filter((s) => !s.over && games[s.game]);
  if (!seats.length) return null;
  const section = el('section', 'resume online-games');
  const title = el('h2', 'resume-title', t('home.online.unfinished'));
  title.id = 'online-games-title';
  section.setAttribute('aria-labelledby', title.id);
  const list = el('ul', 'unfinished-list');
  for (const seat of seats) {
    const card = el('li', 'unfinished-card online-card');
    const about = el('p', 'unfinished-about');
    about.id = `online-${seat.id}`;
    about.append(el('strong', 'unfinished-game', t(games[seat.game].name)), el('span', '', t(`side.${seat.seat}`)),
      el('span', '', seat.opponent ? t('home.online.with', { name: seat.opponent }) : t('home.online.friend')));
    const resume = el('button', 'primary big', t('home.resume'));
    resume.type = 'button';
    resume.dataset.action = 'resume-online';
    resume.dataset.online = seat.id;
    resume.setAttribute('aria-describedby', about.id);
    resume.addEventListener('click', () => go(query({ online: seat.id })));
    card.append(about, resume);
    list.append(card);
  }
  section.append(title, list);
  return section;
}
