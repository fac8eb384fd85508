// XII Scripta's messages: what happened, whose turn it is and why a tap was refused, each as
// {key, text} so the status line can say it and carry the catalogue keys for the tests. The
// words come from the catalogue; the facts from the engine's snapshot and refusal codes.
// Against the computer, messages speak to the player ("Your turn", "sent your counter home").

import { joined } from '../../app/notices.js';

export function createWords({ t, list }, board = {}) {
  const side = (s) => t(`side.${s}`);
  const other = (s) => (s === 'albi' ? 'nigri' : 'albi');
  // Where a hit counter goes (the engine's geometry says): off the board, or back to its
  // owner's half of the middle row, and the words say which.
  const hitWord = board.hit === 'middle' ? 'HitMiddle' : 'Hit';
  const say = (key, args) => ({ key, text: t(key, args) });
  // A side's own cells (the split track's entry cells): both halves of the middle row carry
  // the same numbers, so the words say whose half a number is in.
  const own = new Set((board.cells ?? []).filter((c) => c.owner).map((c) => `${c.owner}:${c.mark}`));

  /**
   * Mark `mark` of `side`'s numbering as the words name it: its number, or for one of the
   * side's own cells the number with whose half it is in ("3 in your half" when `side` is
   * `you`). The catalogue key used is added to `keys`, so the status line says it too.
   */
  function mark(mark, owner, you, keys = []) {
    if (!own.has(`${owner}:${mark}`)) return mark;
    const key = owner === you ? 'place.yours' : `place.own.${owner}`;
    keys.push(key);
    return t(key, { mark });
  }

  /** A message said with the keys of the places it names. */
  const named = (message, keys) => ({ ...message, key: [message.key, ...new Set(keys)].join(' ') });

  /**
   * A step's arguments with its places named for `mover`. A step within the mover's own half
   * names the half once, after the second number ("from 3 to 5 in your half").
   */
  function places(s, mover, you, keys) {
    const within = own.has(`${mover}:${s.from}`) && own.has(`${mover}:${s.to}`);
    return { ...s, from: within ? s.from : mark(s.from, mover, you, keys), to: mark(s.to, mover, you, keys) };
  }

  /** A step to play by `mover`, in words: "enter on mark 5", "move from mark 12 to mark 15". */
  function step(s, mover, you = null, keys = []) {
    const args = places(s, mover, you, keys);
    if (s.from === 'tray') return how(t(s.hit ? `step.enter${hitWord}` : 'step.enter', args), s);
    if (s.to === 'off') return how(t('step.bearOff', args), s);
    return how(t(s.hit ? `step.move${hitWord}` : 'step.move', args), s);
  }

  /** A step `mover` played, in words; `you` is the human's side (the victim of a hit is the other). */
  function played(s, mover, you, keys) {
    const victim = other(mover);
    const hit = s.hit ? `${hitWord}${victim === you ? 'You' : ''}` : '';
    const args = { ...places(s, mover, you, keys), other: side(victim) };
    let text;
    if (s.from === 'tray') text = t(`played.enter${hit}`, args);
    else if (s.to === 'off') text = t('played.bearOff', args);
    else text = t(`played.move${hit}`, args);
    return how(text, s);
  }

  /**
   * The steps of a turn in words, each run said once (`runs`): entries ("entered on marks
   * 3, 3 and 2") and one counter's moves on from where it stopped ("from mark 2 via 8 and 11
   * to 12"), the mover's own half named once.
   */
  function playedRuns(steps, mover, you, keys) {
    // Marks of the mover's own half, named with the half once, after the last.
    const half = (marks) => {
      const key = mover === you ? 'place.yours' : `place.own.${mover}`;
      keys.push(key);
      return t(key, { mark: marks });
    };
    const shared = (m) => !own.has(`${mover}:${m}`);
    return runs(steps, shared).map((run) => {
      if (run.length === 1) return played(run[0], mover, you, keys);
      const inHalf = !shared(run.at(-1).to);
      if (run[0].from !== 'tray') {
        const { to } = run.at(-1);
        return t('played.via', { from: run[0].from, via: list(run.slice(1).map((s) => s.from)), to: inHalf ? half(to) : to });
      }
      const marks = list(run.map((s) => s.to));
      return t('played.enters', { marks: inHalf ? half(marks) : marks });
    });
  }

  /** A step's words with how it was played where the readings allow more than one die a move. */
  function how(text, s) {
    if (s.count > 1 && s.summed) return t('played.stackSum', { step: text, count: s.count, dice: s.dice.join(' + ') });
    if (s.count > 1) return t('played.stack', { step: text, count: s.count });
    if (s.summed) return t('played.sum', { step: text, dice: s.dice.join(' + ') });
    return text;
  }

  /** What just happened (an event from the screen), or null. `you`: the human's side, if alone. */
  function event(e, you) {
    if (!e) return null;
    const who = e.who ?? (e.side === you ? t('you.name') : side(e.side));
    const keys = [];
    switch (e.kind) {
      case 'throw':
        return say('event.throw', { who, dice: e.values.join('-') });
      case 'step': {
        const text = t('event.step', { who, step: played(e.step, e.side, you, keys) });
        return named({ key: `event.step played.${stepKind(e.step)}`, text }, keys);
      }
      case 'undo':
        return named(say('event.undo', { who, step: played(e.step, e.side, you, keys) }), keys);
      case 'confirm': {
        const dice = e.dice.join('-');
        if (!e.steps.length) return say('event.forfeit', { who, dice });
        const hits = e.steps.filter((s) => s.hit).length;
        const plain = runs(e.steps.map((s) => ({ ...s, hit: false })), (m) => !own.has(`${e.side}:${m}`));
        // A hit is said with its step, unless that step is one of a run.
        if (hits === 0 || (hits === 1 && !inRun(plain, e.steps.findIndex((s) => s.hit)))) {
          return named(say('event.played', { who, dice, steps: list(playedRuns(e.steps, e.side, you, keys)) }), keys);
        }
        // Hits are said once, after the steps, so the longest turn fits the status box.
        const steps = list(playedRuns(e.steps.map((s) => ({ ...s, hit: false })), e.side, you, keys));
        return named(say(`event.played${hitWord}${e.other === you ? 'You' : ''}`, { who, dice, steps, count: hits, other: side(e.other) }), keys);
      }
      case 'refuse':
        return refusal(e.refusal, e.side, you);
      case 'pick':
        // A stack picked up: how many counters go, and what another tap does.
        return named(say(e.wrong ? 'pick.notWith' : e.last ? 'pick.last' : 'pick.more',
          { count: e.count, mark: mark(e.from, e.side, you, keys) }), keys);
      case 'ways':
        return e.to === 'off' ? say('choice.promptOff')
          : named(say('choice.prompt', { mark: mark(e.to, e.side, you, keys) }), keys);
      case 'hint': {
        if (!e.steps.length) return say('event.hintNone', { who });
        const hits = e.steps.filter((s) => s.hit).length;
        const steps = (plain) => list(e.steps.map((s, i) => t(i ? 'step.then' : 'step.first',
          { step: step(plain ? { ...s, hit: false } : s, e.side, you, keys) })));
        return named(hits < 2 ? say('event.hint', { who, steps: steps(false) })
          : say(`event.hint${hitWord}`, { who, steps: steps(true), count: hits }), keys);
      }
      default:
        return null;
    }
  }

  function stepKind(s) {
    if (s.from === 'tray') return s.hit ? `enter${hitWord}` : 'enter';
    if (s.to === 'off') return 'bearOff';
    return s.hit ? `move${hitWord}` : 'move';
  }

  /**
   * Whose turn it is and what the dice allow now. `you`: the human's side against the
   * computer (messages then speak to them), else null; `level`: the computer's name then;
   * `coach`: 'tray' or 'target' while a newcomer is shown how to enter.
   */
  function situation(snap, { counters, you, level, coach }) {
    const mine = snap.turn === you;
    const who = side(snap.turn);
    if (snap.winner) {
      const turns = t('turns', { count: snap.turns });
      if (snap.winner === you) return say('situation.you.won', { turns });
      if (you) return say('situation.you.lost', { level, turns });
      return say('situation.won', { side: side(snap.winner), turns, counters });
    }
    if (!snap.thrown) return say(mine ? 'situation.you.toThrow' : 'situation.toThrow', { side: who });
    const unused = snap.dice.filter((d) => d.state === 'unused').map((d) => d.value);
    const forfeited = snap.dice.filter((d) => d.state === 'forfeited').map((d) => d.value);
    if (snap.turnOver) {
      if (forfeited.length === snap.dice.length) {
        return say(mine ? 'situation.you.forfeitAll' : 'situation.forfeitAll', { side: who, dice: forfeited.join('-') });
      }
      if (forfeited.length) {
        return say('situation.forfeitSome', { dice: list(forfeited), count: forfeited.length });
      }
      return say(mine ? 'situation.you.allPlayed' : 'situation.allPlayed', { side: who });
    }
    const toPlay = say(mine ? 'situation.you.toPlay' : 'situation.toPlay', { side: who, dice: list(unused) });
    if (coach) {
      const taught = say(coach === 'tray' ? 'situation.coach' : 'situation.coachTarget');
      // Whose turn it is and the dice come first: the coaching alone would not say them.
      return joined([toPlay, taught]);
    }
    const tray = snap[snap.turn];
    if (!tray.sentHome && !tray.mustMove) return toPlay;
    return joined([toPlay, say(tray.sentHome ? 'situation.mustReenter' : 'situation.mustMoveHit')]);
  }

  /**
   * Why a tap by `mover` was refused: the engine's code put into words. Its marks are in the
   * mover's numbering, but for another side's counters (`not-yours`), in that side's.
   */
  function refusal({ code, args = {} }, mover, you = null) {
    const keys = [];
    const words = { ...args };
    if (typeof args.side === 'string') words.side = side(args.side);
    const owner = code === 'not-yours' ? args.side : mover;
    if (args.mark !== undefined) words.mark = mark(args.mark, owner, you, keys);
    if (args.from !== undefined) words.from = mark(args.from, mover, you, keys);
    if (code === 'not-a-die' && args.from === 'tray') return named(say('refuse.not-a-die-tray', words), keys);
    return named(say(`refuse.${code}`, words), keys);
  }

  return { event, situation, refusal, step, mark };
}

/**
 * A turn's steps in runs to be said at once: entries in a row, all into shared marks or all
 * into the mover's own half (`shared(mark)` says which), and one counter's moves on from where
 * it stopped, within one of the two. Only plain steps join: a hit, a stack or summed dice is
 * said on its own, and so is a move from one kind of mark to the other.
 */
export function runs(steps, shared) {
  const plain = (s) => !s.hit && !(s.count > 1) && !s.summed;
  const found = [];
  for (const s of steps) {
    const run = found.at(-1);
    const last = run?.at(-1);
    const enters = s.from === 'tray' && last?.from === 'tray' && shared(s.to) === shared(last.to);
    const goesOn = s.from !== 'tray' && s.to !== 'off' && last?.to === s.from && last.from !== 'tray'
      && new Set([last.from, s.from, s.to].map(shared)).size === 1;
    if (plain(s) && last && plain(last) && (enters || goesOn)) run.push(s);
    else found.push([s]);
  }
  return found;
}

/** Whether step `index` of a turn is one of a run of several in `found` (from `runs`). */
function inRun(found, index) {
  let first = 0;
  return found.some((run) => {
    const here = index >= first && index < first + run.length;
    first += run.length;
    return here && run.length > 1;
  });
}
