// The level picker's line of strength: for the rules chosen, how each level did in the
// measured matches of its game (meta.js `strength`); under rules of one's own, that it plays
// the network trained for a preset whose inputs mean the same there, or as another level (no
// judgement trained for those rules), or that nothing was measured.

import { NETWORKS, PRESETS } from '../../pkg/pictures.js';

/**
 * The preset whose trained network plays `game`'s rules of one's own, `options` ({key: value},
 * every option), as the engine picks it: the trained one agreeing with them on every option
 * its inputs read (the build writes presets and networks from the engine, `pkg/pictures.js`),
 * as {id, name} (its name's key in the catalogue); null where none does.
 */
export function borrowedReading(game, options) {
  const trained = NETWORKS[game];
  const id = trained && agreeingPreset(game, options, trained.trained, trained.options);
  return id ? { id, name: `rules.${game}.${id}` } : null;
}

/**
 * The preset that rules of one's own, `options` (every option), are: the one agreeing with
 * them on every option; null where none does.
 */
export function presetOfOptions(game, options) {
  return agreeingPreset(game, options, Object.keys(PRESETS[game] ?? {}), null);
}

/** The preset among `ids` agreeing with `options` on `keys` (null: on every option it has). */
function agreeingPreset(game, options, ids, keys) {
  const values = (id) => PRESETS[game]?.[id] ?? {};
  return (options && ids.find((id) => (keys ?? Object.keys(values(id))).every((key) => values(id)[key] === options[key]))) ?? null;
}

/**
 * The value of option `key` under `rules` of `game`: a preset's id or a rules text of one's
 * own; null where neither says.
 */
export function optionOf(game, rules, key) {
  return PRESETS[game]?.[rules]?.[key] ?? optionsOfText(rules)[key] ?? null;
}

/**
 * What the pickers say of `rules` of `game` (a preset's id or a rules text of one's own): the
 * rules, the network they borrow if they are one's own, and who opens under them.
 */
export function playedRules(game, rules) {
  return { rules, borrowed: borrowedReading(game, optionsOfText(rules)), opener: optionOf(game, rules, 'opener') };
}

/** The options a rules text in the engine's canonical form (`key=value,...`) sets. */
export function optionsOfText(text) {
  return Object.fromEntries(String(text ?? '').split(',').filter((p) => p.includes('=')).map((p) => p.split('=', 2)));
}

/**
 * What to say of `level` under `rules` (a preset's id, or anything else for one's own rules;
 * `borrowed`, the preset whose network plays one's own, from `borrowedReading`): {kind:
 * 'measured'|'borrowed'|'same'|'unmeasured', against?, wins?, draws?, reading?, name?}.
 */
export function strengthOf(game, rules, level, borrowed = null) {
  const table = game.strength?.[rules];
  const entry = table ? table[level] : game.unmeasured?.[level];
  if (entry?.borrows && borrowed) return { kind: 'borrowed', reading: borrowed.id, name: borrowed.name };
  if (entry?.as) return { kind: 'same', against: entry.as };
  if (entry?.against) return { kind: 'measured', against: entry.against, wins: entry.wins, draws: entry.draws ?? 0 };
  return { kind: 'unmeasured' };
}

/**
 * The line's words in the catalogue of `t`. The random player is said as what it is: the
 * picker never offers it by its level's name.
 */
export function strengthWords(t, strength) {
  const other = strength.against === 'random' ? t('strength.random')
    : strength.against ? t(`level.${strength.against}`) : '';
  if (strength.kind === 'borrowed') return t('strength.borrowed', { reading: t(strength.name) });
  if (strength.kind === 'same') return t('strength.same', { other });
  if (strength.kind === 'unmeasured') return t('strength.unmeasured');
  const key = strength.draws > 0 ? 'strength.winsDraws' : 'strength.wins';
  return t(key, { wins: strength.wins, draws: strength.draws, other });
}

/** The line as an element carrying what it says as data (tests read these, not the words). */
export function strengthLine(t, strength, tag = 'span') {
  const line = document.createElement(tag);
  line.className = 'strength';
  line.dataset.strength = strength.kind;
  if (strength.against) line.dataset.against = strength.against;
  if (strength.reading) line.dataset.reading = strength.reading;
  if (strength.kind === 'measured') {
    line.dataset.wins = String(strength.wins);
    line.dataset.draws = String(strength.draws);
  }
  line.textContent = strengthWords(t, strength);
  return line;
}
