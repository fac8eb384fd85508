// Latrunculi as the home screen and the router see it. The game screen is not built yet: the
// home screen offers its choices and its rules page, and says it is coming.

import { renderPage } from '../../app/page.js';

function renderRules(body, i18n, rules) {
  const { t } = i18n;
  const preset = rules === 'quintana' ? 'quintana' : rules === 'piso' || !rules ? 'piso' : 'custom';
  const own = {
    piso: ['latrunculi.piso.start', 'latrunculi.piso.move', 'latrunculi.piso.capture', 'latrunculi.piso.noback', 'latrunculi.piso.win'],
    quintana: ['latrunculi.quintana.start', 'latrunculi.quintana.move', 'latrunculi.quintana.capture', 'latrunculi.quintana.win'],
    custom: ['latrunculi.custom.intro'],
  }[preset];
  return renderPage(body, i18n, {
    title: `${t('page.rulesTitle', { game: t('game.latrunculi') })} · ${t(`rules.latrunculi.${preset}`)}`,
    sections: [
      { paragraphs: ['latrunculi.goal', ...own] },
      { heading: 'page.history', paragraphs: ['latrunculi.history1', 'latrunculi.history2', 'latrunculi.history3', 'latrunculi.history4', 'latrunculi.history5'] },
      { heading: 'page.choices', list: ['latrunculi.choice1', 'latrunculi.choice2', 'latrunculi.choice3', 'latrunculi.choice4', 'latrunculi.choice5'] },
      { heading: 'page.sources', list: ['latrunculi.source1', 'latrunculi.source2', 'latrunculi.source3'] },
    ],
  });
}

/** What the game catalogue needs of Latrunculi. */
export function latrunculi(engine, i18n) {
  return {
    available: false,
    preview: () => {},
    mount: null,
    rulesPage: (body, rules) => renderRules(body, i18n, rules),
  };
}
