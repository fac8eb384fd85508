// XII Scripta's messages: what happened, whose turn it is and why a tap was refused, each as
// {key, text} so the status line can say it and carry the catalogue key for the tests. The
// words come from the catalogue; the facts from the engine's snapshot and refusal codes.

export function createWords({ t, list }) {
  const side = (s) => t(`side.${s}`);
  const say = (key, args) => ({ key, text: t(key, args) });

  /** One step in words, for a hint or an undo: "enter on 5", "12 to 15, sending a counter home". */
  function step(s) {
    if (s.from === 'tray') return t(s.hit ? 'step.enterHit' : 'step.enter', s);
    if (s.to === 'off') return t('step.bearOff', s);
    return t(s.hit ? 'step.moveHit' : 'step.move', s);
  }

  /** What just happened (an event from the screen), or null. */
  function event(e) {
    if (!e) return null;
    const who = e.who ?? (e.side ? side(e.side) : '');
    switch (e.kind) {
      case 'throw':
        return say('event.throw', { who, dice: e.values.join('-') });
      case 'step': {
        const s = e.step;
        const args = { who, from: s.from, to: s.to, die: s.die, other: side(e.other) };
        if (s.from === 'tray') return say(s.hit ? 'event.enterHit' : 'event.enter', args);
        if (s.to === 'off') return say('event.bearOff', args);
        return say(s.hit ? 'event.moveHit' : 'event.move', args);
      }
      case 'undo':
        return say('event.undo', { who, step: step(e.step) });
      case 'confirm':
        return e.steps.length
          ? say('event.played', { who, steps: list(e.steps.map((s) => s.step)) })
          : say('event.forfeit', { who });
      case 'refuse':
        return refusal(e.refusal);
      case 'notice':
        return say(`notice.${e.notice}`, e.args);
      case 'hint':
        return e.steps.length
          ? say('event.hint', {
            who,
            steps: e.steps.map((s, i) => t('step.numbered', { n: i + 1, step: step(s) })).join('; '),
          })
          : say('event.hintNone', { who });
      default:
        return null;
    }
  }

  /** Whose turn it is and what the dice allow now. */
  function situation(snap, counters) {
    const who = side(snap.turn);
    if (snap.winner) return say('situation.won', { side: side(snap.winner), turns: t('turns', { count: snap.turns }), counters });
    if (!snap.thrown) return say('situation.toThrow', { side: who });
    const unused = snap.dice.filter((d) => d.state === 'unused').map((d) => d.value);
    const forfeited = snap.dice.filter((d) => d.state === 'forfeited').map((d) => d.value);
    if (snap.turnOver) {
      if (forfeited.length === snap.dice.length) {
        return say('situation.forfeitAll', { side: who, dice: forfeited.join('-') });
      }
      if (forfeited.length) {
        return say('situation.forfeitSome', { dice: list(forfeited), count: forfeited.length });
      }
      return say('situation.allPlayed', { side: who });
    }
    const toPlay = say('situation.toPlay', { side: who, dice: list(unused) });
    if (!snap[snap.turn].sentHome) return toPlay;
    const duty = say('situation.mustReenter');
    return { key: `${toPlay.key} ${duty.key}`, text: `${toPlay.text} ${duty.text}` };
  }

  /** Why a tap was refused: the engine's code put into words. */
  function refusal({ code, args = {} }) {
    const words = { ...args };
    if (typeof args.side === 'string') words.side = side(args.side);
    if (code === 'not-a-die' && args.from === 'tray') return say('refuse.not-a-die-tray', words);
    return say(`refuse.${code}`, words);
  }

  return { event, situation, refusal, step };
}
