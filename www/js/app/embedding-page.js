// embedding.html: how to put a board on another site. The snippets are written for the
// address this page is served from, so they can be copied as they are; the live example at
// the end is the same snippet, run.

import { loadI18n, pickLanguage } from '../i18n/index.js';
import { heading, paragraph } from './page.js';

const OPTIONS = ['game', 'rules', 'opponent', 'level', 'side', 'face', 'lang', 'theme', 'title'];

function code(text) {
  const pre = document.createElement('pre');
  const c = document.createElement('code');
  c.textContent = text;
  pre.append(c);
  return pre;
}

function render(root, { t }) {
  const base = new URL('./', location.href);
  const script = new URL('embed.js', base).href;
  const article = document.createElement('article');
  article.className = 'embedding-page';
  const back = document.createElement('a');
  back.href = './';
  back.textContent = t('embedding.back');
  article.append(back, heading(1, t('embedding.title')), paragraph(t('embedding.intro')));

  article.append(heading(2, t('embedding.oneLine')), paragraph(t('embedding.oneLineText')));
  article.append(code(`<script src="${script}" defer></script>\n`
    + '<div data-ludi-game="scripta" data-opponent="computer" data-level="medium"></div>'));

  article.append(heading(2, t('embedding.options')), paragraph(t('embedding.optionsText')));
  const dl = document.createElement('dl');
  for (const option of OPTIONS) {
    const dt = document.createElement('dt');
    dt.textContent = option === 'game' ? 'data-ludi-game' : `data-${option}`;
    const dd = document.createElement('dd');
    dd.textContent = t(`embedding.opt.${option}`);
    dl.append(dt, dd);
  }
  article.append(dl);

  article.append(heading(2, t('embedding.events')), paragraph(t('embedding.eventsText')));
  article.append(code("document.querySelector('[data-ludi-game]').addEventListener('ludi:gameover', (event) => {\n"
    + '  const { winner, rules, turns } = event.detail;\n});'));

  article.append(heading(2, t('embedding.csp')), paragraph(t('embedding.cspText')));
  article.append(code(`Content-Security-Policy: script-src ${base.origin}; frame-src ${base.origin}`));

  article.append(heading(2, t('embedding.direct')), paragraph(t('embedding.directText')));
  article.append(code(`<iframe src="${new URL('embed.html?game=scripta&opponent=computer&theme=dark', base).href}"\n`
    + '        title="XII Scripta" width="100%" height="640"></iframe>'));

  article.append(heading(2, t('embedding.selfHost')), paragraph(t('embedding.selfHostText')));

  article.append(heading(2, t('embedding.example')));
  const example = document.createElement('div');
  example.className = 'embedding-example';
  example.dataset.ludiGame = 'scripta';
  example.dataset.opponent = 'computer';
  example.dataset.level = 'easy';
  article.append(example);
  root.replaceChildren(article);

  const loader = document.createElement('script');
  loader.src = script;
  document.body.append(loader);
}

const i18n = await loadI18n(pickLanguage([new URLSearchParams(location.search).get('lang'), ...(navigator.languages ?? [])]));
document.documentElement.lang = i18n.lang;
document.title = `${i18n.t('embedding.title')} · ${i18n.t('app.title')}`;
render(document.getElementById('app'), i18n);
document.body.classList.add('ready');
