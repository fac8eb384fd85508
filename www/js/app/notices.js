// Notices about the link, the saved game or the computer, as {key, text} for the status line.
// Their arguments name levels and sides by engine id; here they become words.

export function noticeWords({ t, list }, levels, { notice, args = {} }) {
  const words = { ...args };
  if (notice === 'unknownLevel') {
    words.fallback = t(`level.${args.level}`);
    words.levels = list(levels.map((l) => t(`level.${l}`)));
  }
  if (notice === 'unknownSide') words.fallback = t(`side.${args.side}`);
  if (notice === 'unknownRules') words.fallback = t(args.fallback);
  return { key: `notice.${notice}`, text: t(`notice.${notice}`, words) };
}

/** Several messages as one: texts joined, keys joined (the status line's data-say). */
export function joined(messages) {
  const present = messages.filter(Boolean);
  return {
    key: present.map((m) => m.key).join(' '),
    text: present.map((m) => m.text).join(' '),
  };
}
