// One connection to the game server's WebSocket (docs/online.md), kept open by itself: it says
// hello with the seat's token or the watch code, reconnects after a drop with a growing,
// jittered wait (at once when the page is shown again or the network comes back), pings so a
// dead link is noticed, and stamps every action with the version last seen, so an action
// replayed after a reconnect is refused `stale` rather than played twice. It decides nothing:
// every message goes to the listener as it came. Game-agnostic, and its socket, timers and
// window are passed in, so node's tests drive it with fakes.

const FIRST_WAIT = 500; // ms before the first reconnect
const LONGEST_WAIT = 10000; // ms: the wait stops growing here
const PING_EVERY = 20000; // ms between pings on a quiet connection
const PONG_WITHIN = 8000; // ms: a ping unanswered this long means the link is dead

/**
 * `url`: the socket's address; `hello`: {game, token} or {game, watch}; `listen(message)`
 * hears every server message, and {t: 'link', up: bool} when the connection opens (after its
 * welcome) or drops. `env`: {socket(url), setTimeout, clearTimeout, random, target} (the
 * window's events: visibilitychange, online), defaults the browser's.
 */
export function createOnlineClient(url, hello, listen, env = {}) {
  const {
    socket: open = (address) => new WebSocket(address),
    setTimeout: later = (fn, ms) => setTimeout(fn, ms),
    clearTimeout: cancel = (id) => clearTimeout(id),
    random = Math.random,
    target = typeof window === 'undefined' ? null : window,
    visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  } = env;
  const link = { ws: null, up: false, closed: false, version: null, tries: 0, retry: null, ping: null, pong: null };

  const clearTimers = () => {
    for (const name of ['retry', 'ping', 'pong']) {
      if (link[name] !== null) cancel(link[name]);
      link[name] = null;
    }
  };

  function schedulePing() {
    if (link.ping !== null) cancel(link.ping);
    link.ping = later(() => {
      link.ping = null;
      if (!link.up) return;
      raw({ t: 'ping' });
      link.pong = later(() => { link.pong = null; link.ws?.close(); }, PONG_WITHIN);
    }, PING_EVERY);
  }

  function raw(message) {
    try {
      link.ws.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  function connect() {
    if (link.closed || link.ws) return;
    clearTimers();
    const ws = open(url);
    link.ws = ws;
    ws.onopen = () => raw(hello);
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message?.t === 'pong') {
        if (link.pong !== null) cancel(link.pong);
        link.pong = null;
      }
      if (message?.state && Number.isInteger(message.state.version)) link.version = message.state.version;
      if (message?.t === 'refused' && Number.isInteger(message.v)) link.version = Math.max(link.version ?? 0, message.v);
      if (message?.t === 'welcome') {
        link.up = true;
        link.tries = 0;
      }
      listen(message);
      if (message?.t === 'welcome') listen({ t: 'link', up: true });
      schedulePing();
    };
    ws.onclose = () => dropped(ws);
    ws.onerror = () => ws.close();
  }

  function dropped(ws) {
    if (link.ws !== ws) return;
    link.ws = null;
    const was = link.up;
    link.up = false;
    clearTimers();
    if (was) listen({ t: 'link', up: false });
    if (link.closed) return;
    // 0.5 s, 1 s, 2 s ... up to 10 s, each somewhere in its upper half, so many pages cut off
    // together by a restarting server do not all come back in the same instant.
    const wait = Math.min(LONGEST_WAIT, FIRST_WAIT * 2 ** link.tries);
    link.tries += 1;
    link.retry = later(() => { link.retry = null; connect(); }, wait / 2 + random() * (wait / 2));
  }

  // Back on screen or on the network: try now rather than at the end of a long wait.
  const now = () => {
    if (link.closed || link.ws || !visible()) return;
    link.tries = 0;
    connect();
  };
  target?.addEventListener('online', now);
  target?.addEventListener('visibilitychange', now);

  connect();
  return {
    /** Sends a game action stamped with the version last seen; false when not connected. */
    send(action) {
      if (!link.up || link.version === null) return false;
      return raw({ ...action, v: link.version });
    },
    get up() { return link.up; },
    get version() { return link.version; },
    /** Ends this connection for good (the screen goes). */
    close() {
      link.closed = true;
      clearTimers();
      target?.removeEventListener('online', now);
      target?.removeEventListener('visibilitychange', now);
      const ws = link.ws;
      link.ws = null;
      link.up = false;
      ws?.close();
    },
  };
}
