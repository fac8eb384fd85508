// A game screen (controller.js) whose moves come from the game server: the screen's engine
// game is a mirror, rebuilt from each state the server sends (XII Scripta: the core's public
// save, its dice in it); taps are checked on the mirror only for highlights and refusals and
// go to the server as actions (`c.send`); the board changes only when a state comes back.
// Each accepted action is first played on the old mirror through the game's own functions
// (`spec.online.before`), so its steps fly and are said as the computer's are, at the same
// followable pace for the other side's; then the mirror is rebuilt from the state's save,
// which has the last word. Presence, the link going down and up, refusals, claiming and
// giving up, and the record from the server are here too. `ctx.online` is the session
// (online.js): {id, seat, token, state, listen(fn) -> stop, send(action) -> bool}.

import { wait } from './game-screen.js';
import { fetchRecord, playerName } from './online-api.js';
import { downloadText, recordFileName, today } from './records.js';
import { button, div } from '../kit/dom.js';

const REFUSALS = ['not-your-turn', 'watching', 'game-over', 'stale', 'waiting', 'rate-limited', 'not-away', 'paused'];

/** The store's online fields from a server STATE and whether the link is up. */
export function onlineFields(state, up) {
  return {
    version: state.version,
    status: state.status,
    names: state.names ?? {},
    // The level of a seat the computer plays (a class's odd pupil's opponent).
    computer: state.computer ?? {},
    here: state.here ?? {},
    claimable: Boolean(state.claimable),
    // When each seat went away by this device's clock, and how long the server waits before
    // a claim: the page knows the moment Claim opens without asking again.
    awaySince: Object.fromEntries(Object.entries(state.awaySeconds ?? {})
      .map(([seat, seconds]) => [seat, Date.now() - seconds * 1000])),
    claimAfter: state.claimAfter ?? 0,
    winner: state.winner ?? null,
    end: state.end ?? null,
    // A class's teacher has paused every game of the class.
    paused: Boolean(state.paused),
    up,
  };
}

/** What the screen starts with: the mirror of the server's state, no local save. */
export function onlineStart(c) {
  const { state, seat } = c.ctx.online;
  return {
    game: c.spec.restore(c.engine, state.save),
    opponent: { kind: 'online', human: seat === 'watch' ? null : seat },
    saving: false,
  };
}

/** A player's name (see playerName), or the side's name when there is none. */
export const nameOf = (c, side) => playerName(c.t, c.get().online ?? {}, side) ?? c.t(`side.${side}`);
/** Who plays `side` for a tray's label: the player's name, or "nobody yet" (not the side again). */
export const personOf = (c, side) => playerName(c.t, c.get().online ?? {}, side) ?? c.t('online.nobody');

/** The refusal for a tap while the server's game is not this seat's to play, or null. */
export function notMine(c, state = c.get()) {
  if (state.opponent.kind !== 'online') return null;
  const o = state.online;
  if (o.paused && o.status === 'playing' && state.opponent.human) return { code: 'online-paused', args: {} };
  if (c.acts(state) !== 'remote') return null;
  if (!state.opponent.human) return { code: 'online-watching', args: {} };
  if (!state.online.up) return { code: 'online-offline', args: {} };
  if (state.online.status === 'waiting') return { code: 'online-waiting', args: {} };
  return { code: 'online-turn', args: { who: nameOf(c, state.snap.turn) } };
}

/** Sends `action` to the server; `change` (a cleared selection) goes to the store at once. */
export function send(c, action, change = {}) {
  const sent = c.ctx.online.send(action);
  c.store.dispatch({ ...change, ...(sent ? {} : { event: { kind: 'say', key: 'online.notSent', args: {} } }) });
}

/**
 * The status line's words for where an online game stands when the game's own words do not
 * say it (not this seat's turn, the link down, a game ended by the server); else null.
 */
export function onlineSituation(c, state, acts) {
  const { t } = c;
  const o = state.online;
  const say = (key, args = {}) => ({ key, text: t(key, args) });
  const ended = onlineEnding(c, state);
  if (ended) return { key: `online.end.${o.end}`, text: ended.text };
  if (!o.up) return say('online.reconnecting');
  if (o.paused && o.status === 'playing') return say('online.paused');
  if (acts !== 'remote') return null;
  const mover = state.snap.turn;
  const you = state.opponent.human;
  if (o.status === 'waiting') return say(you ? 'online.waiting' : 'online.waitingWatch');
  if (!you) return say('online.toPlay', { who: nameOf(c, mover) });
  if (o.here[mover] === false) return say('online.awayWait', { who: nameOf(c, mover) });
  return say('situation.thinking', { who: nameOf(c, mover) });
}

/** The game-over panel of a game the server ended without the rules (claimed, abandoned). */
export function onlineEnding(c, state) {
  const o = state.online;
  if (o?.status !== 'over' || (o.end !== 'claimed' && o.end !== 'abandoned')) return null;
  const loser = Object.keys(o.names).find((side) => side !== o.winner);
  return {
    winner: o.winner,
    turns: c.spec.rules.progress(state.snap),
    data: { end: o.end },
    text: c.t(`online.end.${o.end}`, { winner: nameOf(c, o.winner), loser: nameOf(c, loser) }),
  };
}

/** The bar under the status line: who plays, who is away, and Claim or Give up. */
function furnishBar(c) {
  const bar = div('online-bar', 'online-bar');
  const people = document.createElement('p');
  people.className = 'online-people';
  const claim = button('claim', c.t('online.claim'), 'primary');
  const abandon = button('abandon', c.t('online.abandon'), 'plain');
  const why = document.createElement('p');
  why.className = 'online-why';
  bar.append(people, why, claim, abandon);
  c.dom.status.after(bar);
  return { bar, people, why, claim, abandon };
}

/** Draws the bar and the root's `data-seat`, `data-online` and `data-version`. */
export function renderOnline(c, state) {
  const o = state.online;
  const parts = c.parts.online;
  const seat = state.opponent.human ?? 'watch';
  c.root.dataset.seat = seat;
  c.dom.main.dataset.seat = seat;
  c.root.dataset.online = o.status;
  c.root.dataset.version = String(o.version);
  c.root.dataset.link = o.up ? 'up' : 'down';
  c.root.dataset.paused = String(o.paused);
  // Play again would need a new invitation: New game goes home, where one is made.
  const again = c.dom.over.querySelector('[data-action="again"]');
  if (again) again.hidden = true;
  const sides = c.GAME.sides;
  parts.people.replaceChildren(...sides.map((side) => {
    const span = document.createElement('span');
    span.className = 'online-person';
    span.dataset.side = side;
    span.dataset.here = String(o.here[side] !== false);
    if (o.computer[side]) span.dataset.computer = o.computer[side];
    const player = playerName(c.t, o, side);
    const name = player ?? c.t('online.nobody');
    // An empty seat is nobody's yet, not someone away.
    span.textContent = c.t(player !== null && o.here[side] === false ? 'online.person.away' : 'online.person', {
      side: c.t(`side.${side}`), name: side === seat ? c.t('online.you', { name }) : name,
    });
    return span;
  }));
  const playing = o.status === 'playing' && seat !== 'watch';
  const other = sides.find((side) => side !== seat);
  const away = playing && o.here[other] === false;
  // Shown as soon as the other is away, open once they have been away the server's claim
  // time (the words under it say which); the screen draws itself again at that moment.
  const opensAt = (o.awaySince[other] ?? Date.now()) + o.claimAfter * 1000;
  const claimable = away && (o.claimable || Date.now() >= opensAt);
  clearTimeout(c.online.claimTimer);
  if (away && !claimable) c.online.claimTimer = setTimeout(() => c.store.dispatch({}), opensAt - Date.now() + 50);
  parts.claim.hidden = !away;
  parts.abandon.hidden = !playing;
  parts.claim.disabled = !o.up || !claimable;
  parts.abandon.disabled = !o.up;
  parts.claim.dataset.claimable = String(claimable);
  parts.why.hidden = !away;
  parts.why.textContent = away ? c.t(claimable ? 'online.claimNow' : 'online.claimLater', { who: nameOf(c, other) }) : '';
}

/** The actions the online screen adds or answers otherwise than a local game. */
export const ONLINE_ACTIONS = {
  claim: (c) => send(c, { t: 'claim' }),
  abandon(c) {
    if (window.confirm(c.t('online.abandonSure'))) send(c, { t: 'abandon' });
  },
  again: (c) => c.ctx.go('./'),
  new: (c) => c.ctx.go('./'),
  async 'record-download'(c) {
    const { id, token } = c.ctx.online;
    // A watcher holds no token: the record is written from the page's own mirror.
    if (!token) return c.records.act('record-download');
    try {
      downloadText(await fetchRecord(id, token), recordFileName(c.GAME.id, today()));
      c.say('record.downloaded');
    } catch (error) {
      c.say('online.recordFailed', { why: error.message });
    }
  },
};

/** Puts a new mirror of `state` in place, with `change` (an event, the game's own fields). */
function mirror(c, state, change = {}) {
  const old = c.get().game;
  const next = c.safe.guard(c.spec.restore(c.engine, state.save));
  const snap = next.snapshot();
  c.dispatchChecked({
    game: next, snap, hint: null, ...c.spec.derive?.(c.get(), snap),
    online: onlineFields(state, c.get().online.up), ...change,
  });
  if (old !== next) old.free();
}

/** One state from the server: its action shown as it happens (after the pace for the other's). */
async function applied(c, message, clock) {
  const { state, by, action } = message;
  const current = c.get().online;
  if (message.t === 'paused') {
    const event = { kind: 'say', key: state.paused ? 'online.paused' : 'online.resumed', args: {} };
    return c.store.dispatch({ online: onlineFields(state, current.up), event });
  }
  // No new action (a friend joining, say): only who plays and where the game stands change.
  if (state.version <= current.version && message.t === 'state') {
    return c.store.dispatch({ online: onlineFields(state, current.up) });
  }
  const seat = c.get().opponent.human;
  const who = by && by !== seat ? nameOf(c, by) : undefined;
  const follows = message.t === 'state' && state.version === current.version + 1 && action;
  if (follows && who) {
    await wait(clock.shown + c.route.pace - performance.now());
    if (c.life.destroyed) return;
  }
  let change = {};
  if (follows) {
    try {
      c.online.applying = true;
      change = c.spec.online.before(c, action, who) ?? {};
    } catch {
      // The mirror could not follow: the save below has the last word.
    } finally {
      c.online.applying = false;
    }
    if (action.t === 'claim' || action.t === 'abandon') change.event = { kind: 'say', key: `online.said.${action.t}`, args: { who: nameOf(c, by) } };
  }
  mirror(c, state, change);
  if (follows) c.spec.online.after?.(c, action, who);
  clock.shown = performance.now();
}

/** A message that is no new state: presence, the link, a refusal, an error. */
function heard(c, message) {
  const o = c.get().online;
  if (message.t === 'link') {
    return c.store.dispatch({ online: { ...o, up: message.up }, event: { kind: 'say', key: message.up ? 'online.back' : 'online.lost', args: {} } });
  }
  if (message.t === 'presence') {
    const here = { ...o.here, [message.seat]: message.here };
    const awaySince = { ...o.awaySince, [message.seat]: Date.now() };
    const mine = message.seat === c.get().opponent.human;
    const event = mine ? c.get().event : { kind: 'say', key: message.here ? 'online.here' : 'online.away', args: { who: nameOf(c, message.seat) } };
    return c.store.dispatch({ online: { ...o, here, awaySince }, event });
  }
  if (message.t === 'refused') {
    const key = `online.refused.${REFUSALS.includes(message.code) ? message.code : 'other'}`;
    return c.store.dispatch({ event: { kind: 'say', key, args: { code: message.code } } });
  }
  if (message.t === 'error') c.store.dispatch({ event: { kind: 'say', key: 'online.refused.other', args: { code: message.code } } });
}

/** Listens to the session for as long as the screen lives; returns the detach. */
export function attachOnline(c) {
  c.parts.online = furnishBar(c);
  c.online = { applying: false };
  const clock = { shown: 0 };
  let queue = Promise.resolve();
  const onMessage = (message) => {
    if (message.state) queue = queue.then(() => !c.life.destroyed && applied(c, message, clock)).catch(() => {});
    else queue = queue.then(() => !c.life.destroyed && heard(c, message));
  };
  // What came while the screen was being built: the latest state at once.
  if (c.ctx.online.state.version !== c.get().online.version) mirror(c, c.ctx.online.state);
  const stop = c.ctx.online.listen(onMessage);
  return () => {
    stop();
    clearTimeout(c.online.claimTimer);
    for (const key of ['seat', 'online', 'version', 'link', 'paused']) delete c.root.dataset[key];
  };
}
