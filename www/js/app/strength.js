// The level picker's line of strength: for the rules chosen, how each level did in the
// measured matches of its game (meta.js `strength`), or that it plays as another level there
// (no judgement trained for those rules), or that nothing was measured under rules of one's
// own.

/**
 * What to say of `level` under `rules` (a preset's id, or anything else for one's own rules):
 * {kind: 'measured'|'same'|'unmeasured', against?, wins?, draws?}.
 */
export function strengthOf(game, rules, level) {
  const table = game.strength?.[rules];
  const entry = table ? table[level] : game.unmeasured?.[level];
  if (entry?.as) return { kind: 'same', against: entry.as };
  if (entry?.against) return { kind: 'measured', against: entry.against, wins: entry.wins, draws: entry.draws ?? 0 };
  return { kind: 'unmeasured' };
}

/** The line's words in the catalogue of `t`. */
export function strengthWords(t, strength) {
  const other = strength.against ? t(`level.${strength.against}`) : '';
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
  if (strength.kind === 'measured') {
    line.dataset.wins = String(strength.wins);
    line.dataset.draws = String(strength.draws);
  }
  line.textContent = strengthWords(t, strength);
  return line;
}
