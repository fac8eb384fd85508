// XII Scripta's rules pages: Austin & Murray's rules in plain words with diagrams drawn by the
// board itself, the history, the inscribed boards, the choices this ruleset makes and the
// sources; and a page for each other reading the engine knows (its presets): where it comes
// from, its path drawn on the board, every option it takes, its choices and its sources.

import { renderPage } from '../../app/page.js';
import { query } from '../../app/route.js';
import { asPicture } from '../../kit/svg.js';
import { createBoard } from './board.js';
import { facesFigures } from './faces-section.js';

// Each diagram: a position (XSN with its dice), the source to show selected, and a caption.
const DIAGRAMS = {
  enter: { position: 'A w15s0o0: w15s0o0: 4', selected: 'tray', caption: 'diagram.enter' },
  block: { position: 'A w13s0o0:5,7 w13s0o0:9x2 4', selected: null, caption: 'diagram.block' },
  hit: { position: 'A w13s0o0:3,11 w14s0o0:15 4', selected: 11, caption: 'diagram.hit' },
  bearOff: { position: 'A w0s0o0:31x3,32x3,33x3,34x2,35x2,36x2 w10s0o0:3,8,12,20,25 6', selected: 31, caption: 'diagram.bearOff' },
};

/** Draws `diagram` into `box` with a board of the engine's geometry; a picture, not a control. */
function drawDiagram(box, i18n, engine, diagram) {
  const game = engine.ScriptaGame.fromPosition(diagram.position, '1');
  try {
    const snap = game.snapshot();
    const board = createBoard(box, game.geometry(), { i18n });
    const steps = snap.sources.find((g) => g.source === diagram.selected)?.steps ?? [];
    board.render({
      position: snap.position,
      marks: snap.marks,
      selectable: new Set(),
      selected: diagram.selected,
      targets: new Map(steps.map((s) => [s.to, s])),
      turn: snap.turn,
      hint: null,
    });
    asPicture(box, i18n.t(diagram.caption));
  } finally {
    game.free();
  }
}

// The choices each reading makes where its source is silent or unclear (docs/scripta-rules.md).
const CHOICES = {
  italian: ['path', 'home', 'enter', 'phase', 'stack', 'sum', 'opening', 'again'],
  'italian-6': ['sameAsItalian', 'again'],
  'italian-columns': ['sameAsItalian', 'column', 'lone'],
  russian: ['path', 'sum', 'pair', 'full', 'first', 'home', 'cap', 'opening'],
};
const SOURCES = {
  italian: ['italian'],
  'italian-6': ['italian'],
  'italian-columns': ['italian'],
  russian: ['russian'],
};

// The readings' path is the Ostia board's, whose letters show it: in at the A's, on through
// B, C and D, off from the E's.
const PATH_FACE = 'ostia-alphabet';

/**
 * Draws the board of the reading `rules` into `box` with each side's path on it, the split
 * track lettered as the Ostia board (the shared track's S has its numbers); a picture named by
 * `caption`.
 */
function drawPaths(box, i18n, engine, rules, caption, track) {
  const face = track === 'split' ? engine.scriptaFaces().find((f) => f.id === PATH_FACE) ?? null : null;
  createBoard(box, engine.scriptaGeometry(rules), { i18n, face });
  asPicture(box, caption);
}

/** Links to the other readings' pages, each with its name and a line about it. */
function readingLinks(i18n, readings) {
  const ul = document.createElement('ul');
  ul.className = 'reading-links';
  for (const { id } of readings) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = query({ page: 'rules', game: 'scripta', rules: id });
    a.dataset.reading = id;
    a.textContent = i18n.t(`rules.scripta.${id}`);
    li.append(a, ` · ${i18n.t(`rules.scripta.${id}.about`)}`);
    ul.append(li);
  }
  return ul;
}

/** A reading's rules page: `reading` is one of the engine's presets, {id, text}. */
function renderReading(body, i18n, engine, reading) {
  const { t } = i18n;
  const { id } = reading;
  // The engine writes every option of a preset as key=value; the catalogue says each in words.
  const value = new Map(reading.text.split(',').map((pair) => pair.split('=')));
  const track = value.get('track');
  const caption = `diagram.path.${track}`;
  const article = renderPage(body, i18n, {
    title: `${t('page.rulesTitle', { game: t('game.scripta') })} · ${t(`rules.scripta.${id}`)}`,
    sections: [
      {
        paragraphs: [`scripta.${id}.intro`],
        figures: [{ caption, draw: (box) => drawPaths(box, i18n, engine, id, t(caption), track) }],
      },
      { heading: 'scripta.readings.how', list: engine.scriptaRules().options.map((o) => `scripta.opt.${o.key}.${value.get(o.key)}`) },
      { heading: 'page.choices', list: CHOICES[id].map((c) => `scripta.choice.${id}.${c}`) },
      TEACHERS,
      { heading: 'page.sources', list: SOURCES[id].map((s) => `scripta.source.${s}`) },
    ],
  });
  article.dataset.reading = id;
  return article;
}

/**
 * The page of "your own rules", `text` a key=value list the engine reads: every option in words
 * (the engine's default where the text is silent) and the path it makes. Null when the engine
 * does not read `text`.
 */
function renderOwn(body, i18n, engine, text) {
  const { t } = i18n;
  const given = new Map(text.split(',').map((pair) => pair.split('=').map((part) => part.trim())));
  const value = (o) => given.get(o.key) ?? o.default;
  try {
    engine.scriptaGeometry(text);
  } catch {
    return null;
  }
  const options = engine.scriptaRules().options;
  const track = value(options.find((o) => o.key === 'track'));
  const caption = `diagram.path.${track}`;
  const article = renderPage(body, i18n, {
    title: `${t('page.rulesTitle', { game: t('game.scripta') })} · ${t('rules.scripta.custom')}`,
    sections: [
      {
        paragraphs: ['scripta.own.intro'],
        figures: [{ caption, draw: (box) => drawPaths(box, i18n, engine, text, t(caption), track) }],
      },
      { heading: 'scripta.readings.how', list: options.map((o) => `scripta.opt.${o.key}.${value(o)}`) },
      TEACHERS,
    ],
  });
  article.dataset.reading = 'custom';
  return article;
}

// What the game teaches, and how a class plays it, on every reading's page: Austin & Murray's
// counts its odds with three dice each spent alone, which other readings need not throw.
const TEACHERS = { heading: 'page.teachers', paragraphs: ['scripta.teachers.reading'] };

/**
 * The rules page of the reading `rules` (a preset id, or a key=value text of one's own;
 * Austin & Murray's for anything else)
 * into `body`. `others` adds links to the other readings' pages (not inside a game, where a
 * link would leave it).
 */
export function renderRules(body, i18n, engine, { rules = null, others = false } = {}) {
  const presets = engine.scriptaRules().presets;
  const reading = presets.find((p) => p.id === rules && CHOICES[p.id]);
  if (reading) return renderReading(body, i18n, engine, reading);
  const own = rules && rules.includes('=') ? renderOwn(body, i18n, engine, rules) : null;
  if (own) return own;
  const { t } = i18n;
  const figure = (name) => ({
    caption: DIAGRAMS[name].caption,
    draw: (box) => drawDiagram(box, i18n, engine, DIAGRAMS[name]),
  });
  return renderPage(body, i18n, {
    title: `${t('page.rulesTitle', { game: t('game.scripta') })} · ${t('rules.scripta.austin-murray')}`,
    sections: [
      { paragraphs: ['scripta.am.goal', 'scripta.am.board', 'scripta.am.dice', 'scripta.am.enter'], figures: [figure('enter')] },
      { paragraphs: ['scripta.am.block'], figures: [figure('block')] },
      { paragraphs: ['scripta.am.hit'], figures: [figure('hit')] },
      { paragraphs: ['scripta.am.bearOff'], figures: [figure('bearOff')] },
      { paragraphs: ['scripta.am.win'] },
      { heading: 'page.history', paragraphs: ['scripta.am.history1', 'scripta.am.history2', 'scripta.am.history3'] },
      { heading: 'faces.heading', paragraphs: ['faces.intro', 'faces.vulgar'], nodes: () => facesFigures(i18n, engine) },
      { heading: 'page.choices', list: ['scripta.am.choice1', 'scripta.am.choice2', 'scripta.am.choice3', 'scripta.am.choice4', 'scripta.am.choice5', 'scripta.am.choice6'] },
      { heading: 'page.teachers', paragraphs: ['scripta.teachers'] },
      { heading: 'page.sources', list: ['scripta.am.source1', 'scripta.am.source2', 'scripta.am.source3'] },
      ...(others ? [{
        heading: 'scripta.readings.heading',
        paragraphs: ['scripta.readings.intro'],
        nodes: () => [readingLinks(i18n, presets.filter((p) => CHOICES[p.id]))],
      }] : []),
    ],
  });
}
