// The screens of a game on the server (`?online=<id>`): the friend's first screen from an
// invite link (who invites them to what, their name, Join; a used invite says so), then the
// seat's game, which the game screen plays through a session kept here (one connection,
// kit/online-client.js); for its creator, while the friend has not joined, the invite card
// (the link, its QR code, Copy, Share, the watch link) above the board. Names are text only.

import { createOnlineClient } from '../kit/online-client.js';
import { header } from './game-screen.js';
import { inviteInfo, joinGame, links, loadSeat, saveSeat, socketUrl } from './online-api.js';
import { copyText } from './records.js';
import { query } from './route.js';
import * as onlinePlay from './online-game.js';
import { button, el } from '../kit/dom.js';
import { rulesName } from './games.js';
import { sideNameKey } from './opponent.js';
import { optionOf } from './strength.js';

/** A screen of words alone (connecting, a used invite...): a heading, a text and Home. */
function notice(root, ctx, key, args = {}) {
  const { t } = ctx.i18n;
  const main = el('main', 'page online-page');
  main.dataset.notice = key;
  const title = el('h2', '', t(`${key}.title`));
  const text = el('p', 'status', t(`${key}.text`, args));
  text.setAttribute('role', 'status');
  text.dataset.say = `${key}.text`;
  const home = button('home', t('action.home'), 'primary');
  home.addEventListener('click', () => ctx.go('./'));
  main.append(title, text, home);
  root.replaceChildren(pageHeader(ctx), main);
  ctx.furnish();
  return main;
}

/** A seat's own link: the game alone (and the language and pace the link had), no code. */
function seatLink(ctx) {
  const params = new URLSearchParams(location.search);
  return query({ online: ctx.route.online, lang: params.get('lang'), pace: params.get('pace') });
}

function pageHeader(ctx) {
  const bar = el('header', 'bar');
  bar.append(el('h1', '', ctx.i18n.t('online.title')), el('div', 'bar-actions'));
  return bar;
}

/**
 * The friend's first screen: who invites them to play what, on which side; a name field
 * and Join. Resolves once joined (the seat kept, the link without its code).
 */
async function joining(root, ctx, info) {
  const { t } = ctx.i18n;
  const { online: id, invite: code } = ctx.route;
  const main = el('main', 'page online-page online-join');
  main.dataset.online = 'invite';
  const title = el('h2', '', t('online.invited.title'));
  const who = el('p', 'online-invited', t('online.invited', { host: info.host, game: t(ctx.games[info.game].name) }));
  const what = el('p', 'online-what', t('online.invited.what', { rules: rulesName(ctx.i18n, ctx.games, info.game, info.rules), side: t(sideNameKey(info.seat, optionOf(info.game, info.rules, 'opener'))) }));
  const form = el('form', 'online-form');
  const label = el('label', 'online-field', t('online.name'));
  const name = el('input');
  Object.assign(name, { name: 'name', maxLength: 24, required: true, autocomplete: 'nickname' });
  name.value = ctx.savedName ?? '';
  label.append(name);
  const join = el('button', 'primary big', t('online.join'));
  join.type = 'submit';
  join.dataset.action = 'join';
  const status = el('p', 'online-said');
  status.setAttribute('role', 'status');
  form.append(label, join, status);
  main.append(title, who, what, form);
  root.replaceChildren(pageHeader(ctx), main);
  ctx.furnish();
  document.body.classList.add('ready');
  return new Promise((resolve) => {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const chosen = name.value.trim();
      if (!chosen) return;
      join.disabled = true;
      try {
        const seat = await joinGame(id, code, chosen);
        saveSeat(id, { token: seat.token, seat: seat.seat, game: info.game, rules: info.rules, opponent: info.host });
        localStorage.setItem('ludi-romani.online.name', chosen);
        // Left while joining (another language, the back button): the seat is kept, and the
        // screen that took this one's place, and its link, are left alone.
        if (!ctx.current()) return resolve('left');
        history.replaceState(null, '', seatLink(ctx));
        resolve('joined');
      } catch (error) {
        if (!ctx.current()) return resolve('left');
        // Used by this very visitor, on a screen left while it joined: the seat is here.
        if (error.code === 'invite-used' && loadSeat(id)) {
          history.replaceState(null, '', seatLink(ctx));
          return resolve('joined');
        }
        if (error.code === 'invite-used') return resolve('used');
        join.disabled = false;
        status.textContent = t('online.joinFailed', { why: error.message });
        status.dataset.say = 'online.joinFailed';
      }
    });
  });
}

/**
 * The session the game screen plays through: the latest state, a listener list, and send.
 * Resolves with it at the first welcome, or with {failed: code} when the server refuses.
 */
function connect(id, hello) {
  const listeners = new Set();
  const session = { id, seat: null, token: hello.token ?? null, state: null, listen: null, send: null, client: null };
  return new Promise((resolve) => {
    const client = createOnlineClient(socketUrl(), { t: 'hello', game: id, ...hello }, (message) => {
      if (message.state) session.state = message.state;
      if (message.t === 'welcome' && !session.seat) {
        session.seat = message.seat;
        clearInterval(left);
        resolve(session);
      } else if (message.t === 'refused' && !session.seat && ['unknown-game', 'bad-token'].includes(message.code)) {
        clearInterval(left);
        client.close();
        resolve({ failed: message.code });
      }
      for (const listen of listeners) listen(message);
    });
    // Left while still connecting (the server unreachable, say): the attempts stop.
    const left = setInterval(() => {
      if (session.seat || new URLSearchParams(location.search).get('online') === id) return;
      clearInterval(left);
      client.close();
      resolve({ failed: 'gone' });
    }, 1000);
    session.client = client;
    session.send = (action) => client.send(action);
    session.listen = (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    };
  });
}

/** The invite card above the creator's board until the friend joins. */
function inviteCard(root, ctx, seat) {
  const { t } = ctx.i18n;
  const all = links(seat.id, seat);
  const card = el('section', 'online-invite');
  card.id = 'online-invite';
  card.dataset.invite = all.invite;
  const title = el('h2', '', t('online.invite.title'));
  title.id = 'online-invite-title';
  card.setAttribute('aria-labelledby', title.id);
  card.append(title, el('p', 'online-invite-text', t('online.invite.text')));
  const qr = el('img', 'online-qr');
  qr.src = `/api/qr.svg?${new URLSearchParams({ text: all.invite })}`;
  qr.alt = t('online.invite.qr');
  qr.width = qr.height = 180;
  const link = el('input', 'online-link');
  Object.assign(link, { readOnly: true, value: all.invite, name: 'invite' });
  link.setAttribute('aria-label', t('online.invite.link'));
  const said = el('p', 'online-said');
  said.setAttribute('aria-live', 'polite');
  const copy = button('copy-invite', t('online.invite.copy'), 'primary');
  copy.addEventListener('click', async () => {
    const ok = await copyText(all.invite).then(() => true, () => false);
    said.textContent = t(ok ? 'online.invite.copied' : 'online.invite.copyFailed');
  });
  const actions = el('div', 'online-invite-actions');
  actions.append(copy);
  if (navigator.share) {
    const share = button('share-invite', t('online.invite.share'), 'plain');
    share.addEventListener('click', () => navigator.share({ title: t('online.invite.title'), url: all.invite }).catch(() => {}));
    actions.append(share);
  }
  const watch = el('a', 'online-watch', t('online.invite.watch'));
  watch.href = all.watch ?? '';
  watch.hidden = !all.watch;
  card.append(qr, link, actions, said, watch);
  root.querySelector('header').after(card);
  return card;
}

/** A seat's or a watcher's game: connects, then mounts the game screen on the session. */
async function playing(root, ctx, hello, seat) {
  const { online: id } = ctx.route;
  const waitingFor = notice(root, ctx, 'online.connecting');
  waitingFor.dataset.online = 'connecting';
  document.body.classList.add('ready');
  const session = await connect(id, hello);
  // Left while connecting or while the engine came (the back button, a quick tap): the page is
  // another screen's now, so this one closes its connection and draws nothing more.
  const leave = (screen) => {
    session.client?.close();
    screen?.destroy();
    return { screen: { destroy() {} } };
  };
  if (session.failed === 'gone' || !ctx.current()) return leave();
  if (session.failed) return { screen: noticeScreen(root, ctx, `online.${session.failed}`) };
  // The home screen's card says who the game is with and whether it is over.
  const kept = { opponent: undefined, over: undefined };
  const keep = (state) => {
    const other = Object.keys(state.names ?? {}).find((side) => side !== session.seat);
    const now = { opponent: state.names?.[other] ?? null, over: state.status === 'over' };
    if (seat && (now.opponent !== kept.opponent || now.over !== kept.over)) saveSeat(id, now);
    Object.assign(kept, now);
  };
  keep(session.state);
  const game = ctx.games[session.state.game];
  document.body.classList.remove('ready');
  const screen = await game.mount(root, { ...ctx, online: session, onlinePlay });
  if (!ctx.current()) return leave(screen);
  const card = seat?.invite && session.state.status === 'waiting' ? inviteCard(root, ctx, seat) : null;
  const stop = session.listen((message) => {
    if (!message.state) return;
    keep(message.state);
    if (card && message.state.status !== 'waiting') card.remove();
  });
  document.title = `${ctx.i18n.t(game.name)} · ${ctx.i18n.t('app.title')}`;
  return {
    screen: {
      drawn: screen.drawn,
      destroy() {
        stop();
        session.client.close();
        screen.destroy();
      },
    },
  };
}

const noticeScreen = (root, ctx, key) => {
  notice(root, ctx, key);
  return { destroy() {} };
};

/**
 * Mounts the online screen the route names. `ctx`: the game screen's, with `games`. Resolves
 * to {destroy, drawn}.
 */
export async function mountOnline(root, ctx) {
  const { online: id, invite, watch } = ctx.route;
  const kept = loadSeat(id);
  if (invite && !kept) {
    const info = await inviteInfo(id, invite).catch(() => null);
    // Left while the invitation was looked up or joined: the page is another screen's now.
    if (!ctx.current()) return { destroy() {} };
    if (!info) return noticeScreen(root, ctx, 'online.missing');
    if (!info.open || !ctx.games[info.game]) return noticeScreen(root, ctx, 'online.used');
    ctx.savedName = localStorage.getItem('ludi-romani.online.name');
    const joined = await joining(root, ctx, info);
    if (!ctx.current()) return { destroy() {} };
    if (joined === 'used') return noticeScreen(root, ctx, 'online.used');
    return (await playing(root, ctx, { token: loadSeat(id).token }, loadSeat(id))).screen;
  }
  // A seat held here wins over a watch link; the seat's link loses any code it came with.
  if (kept) {
    if (invite || watch) history.replaceState(null, '', seatLink(ctx));
    return (await playing(root, ctx, { token: kept.token }, kept)).screen;
  }
  if (watch) return (await playing(root, ctx, { watch }, null)).screen;
  return noticeScreen(root, ctx, 'online.notHere');
}
