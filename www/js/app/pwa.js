// The installable, offline page: registers the service worker, offers a waiting new version
// ("A new version is ready", data-action="update") and, once the browser says the page can be
// installed (`beforeinstallprompt`), an Install button (data-action="install").
//
// Nothing here reloads the page by itself: a new version waits (sw.js never skips waiting on
// its own) until the player taps Update, which tells the waiting worker to take over and then
// reloads once, when it has. An embedded board (embed.html) leaves all this to its host page.

const SKIP_WAITING = { type: 'ludi:skip-waiting' };
const COMPLETE_COPY = { type: 'ludi:complete-copy' };

/**
 * Asks the service worker to cache the whole site for offline play. A first visit caches only
 * what the home screen downloaded; this runs once the visitor goes past the home screen (a
 * game, its rules, a replay) or installs the app, so one who has played plays on offline.
 */
export function completeOfflineCopy() {
  if (document.documentElement.hasAttribute('data-embed') || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(COMPLETE_COPY)).catch(() => {});
}

/** Starts offline play and the update and install offers; `i18n` gives the words. */
export function startPwa({ t }) {
  if (document.documentElement.hasAttribute('data-embed')) return;
  const notice = createNotice(t);
  document.body.append(notice.element);
  offerInstall(notice);
  if ('serviceWorker' in navigator) {
    watchForUpdates(notice).catch(() => {
      // Offline play is a bonus; the page works without it.
    });
  }
}

function createNotice(t) {
  const element = document.createElement('aside');
  element.className = 'pwa-notice';
  element.hidden = true;
  const text = document.createElement('p');
  text.setAttribute('role', 'status');
  const actions = document.createElement('div');
  actions.className = 'pwa-actions';
  const make = (action, key, kind) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = kind;
    b.dataset.action = action;
    b.textContent = t(key);
    b.hidden = true;
    actions.append(b);
    return b;
  };
  const buttons = {
    install: make('install', 'pwa.install', 'plain'),
    update: make('update', 'pwa.update', 'primary'),
    dismiss: make('dismiss-pwa', 'pwa.dismiss', 'plain'),
  };
  element.append(text, actions);
  const shown = new Set();
  const render = () => {
    element.hidden = shown.size === 0;
    buttons.install.hidden = !shown.has('install');
    buttons.update.hidden = !shown.has('update');
    buttons.dismiss.hidden = !shown.has('install') || shown.has('update');
    const key = shown.has('update') ? 'pwa.updateReady' : shown.has('install') ? 'pwa.installText' : '';
    text.textContent = key ? t(key) : '';
    text.dataset.say = key;
    element.dataset.offer = [...shown].sort().join(' ');
  };
  buttons.dismiss.addEventListener('click', () => {
    shown.delete('install');
    render();
  });
  return {
    element,
    buttons,
    show(what) {
      shown.add(what);
      render();
    },
    hide(what) {
      shown.delete(what);
      render();
    },
  };
}

function offerInstall(notice) {
  let deferred = null;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event;
    notice.show('install');
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notice.hide('install');
    completeOfflineCopy();
  });
  notice.buttons.install.addEventListener('click', () => {
    const event = deferred;
    deferred = null;
    notice.hide('install');
    // The browser allows one prompt per event.
    event?.prompt?.();
  });
}

async function watchForUpdates(notice) {
  const sw = navigator.serviceWorker;
  let asked = false;
  let reloaded = false;
  sw.addEventListener('controllerchange', () => {
    // The first visit's worker claims the page too: only reload when the player asked.
    if (asked && !reloaded) {
      reloaded = true;
      location.reload();
    }
  });
  const registration = await sw.register('sw.js', { updateViaCache: 'none' });
  const offer = (worker) => {
    // No controller means this is the first install, not an update.
    if (!worker || !sw.controller) return;
    notice.show('update');
    notice.buttons.update.onclick = () => {
      asked = true;
      notice.buttons.update.disabled = true;
      (registration.waiting ?? worker).postMessage(SKIP_WAITING);
    };
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  // A game can stay open for days: look for a new version whenever the page comes back.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => {});
  });
}
