// A rules page as a screen of its own (`?page=rules&game=...`): the game's page, with a way
// back home and a button to play.

import { query } from './route.js';
import { isFatal } from './fault.js';
import { button } from '../kit/dom.js';

export function mountRulesPage(root, ctx, id) {
  const { i18n, games, go, route } = ctx;
  const { t } = i18n;
  const game = games[id];
  const header = document.createElement('header');
  header.className = 'bar';
  const title = document.createElement('h1');
  title.textContent = t(game.name);
  const actions = document.createElement('div');
  actions.className = 'bar-actions';
  const home = document.createElement('button');
  home.type = 'button';
  home.className = 'plain';
  home.dataset.action = 'home';
  home.textContent = t('action.home');
  home.addEventListener('click', () => go('./'));
  actions.append(home);
  header.append(title, actions);
  const main = document.createElement('main');
  main.className = 'page';
  const body = document.createElement('div');
  // The page says which game it shows once its text and diagrams are there. Its words and
  // module may fail to arrive (offline before the site was kept): it says so, and tries again
  // when asked, by a reload (a browser remembers a failed import for the page's life).
  const drawn = game.rulesPage(body, route.rules).then(() => {
    main.dataset.rulesPage = id;
  }, (error) => {
    if (isFatal(error)) throw error;
    const text = document.createElement('p');
    text.textContent = t('notice.rulesPageFailed');
    const again = button('try-again', t('action.tryAgain'), 'primary');
    again.addEventListener('click', () => location.reload());
    body.replaceChildren(text, again);
    main.dataset.rulesFailed = '';
  });
  const play = document.createElement('button');
  play.type = 'button';
  play.className = 'primary big';
  play.dataset.action = 'play';
  play.textContent = t('page.play', { game: t(game.name) });
  play.addEventListener('click', () => go(query({ game: id, rules: route.rules })));
  // A reading the page cannot play yet offers no button that would start another one.
  main.append(body, play);
  root.replaceChildren(header, main);
  document.title = `${t('page.rulesTitle', { game: t(game.name) })} · ${t('app.title')}`;
  return { drawn, destroy() {} };
}
