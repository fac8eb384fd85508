// XII Scripta's messages: what happened, whose turn it is and why a tap was refused, each as
// {key, text} so the status line can say it and carry the catalogue key for the tests. The
// words come from the catalogue; the facts from the engine's snapshot and refusal codes.
// Against the computer, messages speak to the player ("Your turn", "sent your counter home").

export function createWords({ t, list }, board = {}) {
  const side = (s) => t(`side.${s}`);
  // Where a hit counter goes (the engine's geometry says): off the board, or back to its
  // owner's half of the middle row, and the words say which.
  const hitWord = board.hit === 'middle' ? 'HitMiddle' : 'Hit';
  const say = (key, args) => ({ key, text: t(key, args) });

  /** A step to play, in words: "enter on mark 5", "move from mark 12 to mark 15". */
  function step(s) {
    if (s.from === 'tray') return how(t(s.hit ? `step.enter${hitWord}` : 'step.enter', s), s);
    if (s.to === 'off') return how(t('step.bearOff', s), s);
    return how(t(s.hit ? `step.move${hitWord}` : 'step.move', s), s);
  }

  /** A step played, in words; `victim` is whose counter a hit sent home, `you` the human's side. */
  function played(s, victim, you) {
    const hit = s.hit ? `${hitWord}${victim === you ? 'You' : ''}` : '';
    const args = { ...s, other: side(victim) };
    let text;
    if (s.from === 'tray') text = t(`played.enter${hit}`, args);
    else if (s.to === 'off') text = t('played.bearOff', args);
    else text = t(`played.move${hit}`, args);
    return how(text, s);
  }

  /** A step's words with how it was played where the readings allow more than one die a move. */
  function how(text, s) {
    if (s.count > 1) return t('played.stack', { step: text, count: s.count });
    if (s.summed) return t('played.sum', { step: text, dice: s.dice.join(' + ') });
    return text;
  }

  /** One of several moves to the same place, as a button says it: one die, dice added, a stack. */
  function option(s) {
    const words = s.count > 1 ? t('choice.stack', { count: s.count, die: s.die })
      : s.summed ? t('choice.sum', { dice: s.dice.join(' + '), die: s.die })
        : t('choice.single', { die: s.die });
    return s.hit ? t('choice.hit', { option: words }) : words;
  }

  /** What just happened (an event from the screen), or null. `you`: the human's side, if alone. */
  function event(e, you) {
    if (!e) return null;
    const who = e.who ?? (e.side === you ? t('you.name') : side(e.side));
    switch (e.kind) {
      case 'throw':
        return say('event.throw', { who, dice: e.values.join('-') });
      case 'step':
        return { key: `event.step played.${stepKind(e.step)}`, text: t('event.step', { who, step: played(e.step, e.other, you) }) };
      case 'undo':
        return say('event.undo', { who, step: played(e.step, e.other, you) });
      case 'confirm': {
        const dice = e.dice.join('-');
        if (!e.steps.length) return say('event.forfeit', { who, dice });
        const hits = e.steps.filter((s) => s.hit).length;
        if (hits < 2) return say('event.played', { who, dice, steps: list(e.steps.map((s) => played(s, e.other, you))) });
        // Several hits are said once, after the steps, so the longest turn fits the status box.
        const steps = list(e.steps.map((s) => played({ ...s, hit: false }, e.other, you)));
        return say(`event.played${hitWord}${e.other === you ? 'You' : ''}`, { who, dice, steps, count: hits, other: side(e.other) });
      }
      case 'refuse':
        return refusal(e.refusal);
      case 'hint': {
        if (!e.steps.length) return say('event.hintNone', { who });
        const hits = e.steps.filter((s) => s.hit).length;
        const steps = (plain) => list(e.steps.map((s, i) => t(i ? 'step.then' : 'step.first', { step: step(plain ? { ...s, hit: false } : s) })));
        return hits < 2 ? say('event.hint', { who, steps: steps(false) }) : say(`event.hint${hitWord}`, { who, steps: steps(true), count: hits });
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
    if (coach === 'tray') return say('situation.coach');
    if (coach === 'target') return say('situation.coachTarget');
    const toPlay = say(mine ? 'situation.you.toPlay' : 'situation.toPlay', { side: who, dice: list(unused) });
    const tray = snap[snap.turn];
    if (!tray.sentHome && !tray.mustMove) return toPlay;
    const duty = say(tray.sentHome ? 'situation.mustReenter' : 'situation.mustMoveHit');
    return { key: `${toPlay.key} ${duty.key}`, text: `${toPlay.text} ${duty.text}` };
  }

  /** Why a tap was refused: the engine's code put into words. */
  function refusal({ code, args = {} }) {
    const words = { ...args };
    if (typeof args.side === 'string') words.side = side(args.side);
    if (code === 'not-a-die' && args.from === 'tray') return say('refuse.not-a-die-tray', words);
    return say(`refuse.${code}`, words);
  }

  return { event, situation, refusal, step, option };
}
