// Short counter moves: a copy of the counter flies from where it was to where it lands while
// the real one waits hidden. Off under prefers-reduced-motion.

const DURATION = 220;
const motion = window.matchMedia('(prefers-reduced-motion: reduce)');

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/**
 * Flies a counter drawn with the CSS class `look` from the screen rectangle `from` to the
 * element `to`, hiding `to` until it arrives. `size` is the counter's diameter in CSS pixels;
 * `duration` (ms) lets a move the eye should follow fly slower.
 */
export function fly(look, from, to, size, duration = DURATION) {
  if (motion.matches || !from || !to) return;
  const end = centre(to.getBoundingClientRect());
  const start = centre(from);
  const ghost = document.createElement('span');
  ghost.className = `ghost ${look}`;
  ghost.style.width = ghost.style.height = `${size}px`;
  ghost.style.left = `${end.x - size / 2}px`;
  ghost.style.top = `${end.y - size / 2}px`;
  document.body.append(ghost);
  to.style.visibility = 'hidden';
  const animation = ghost.animate(
    [
      { transform: `translate(${start.x - end.x}px, ${start.y - end.y}px) scale(1.15)` },
      { transform: 'translate(0, 0) scale(1)' },
    ],
    { duration, easing: 'cubic-bezier(.3,.7,.4,1)' },
  );
  const done = () => {
    ghost.remove();
    to.style.visibility = '';
  };
  animation.onfinish = done;
  animation.oncancel = done;
}

/** A gentle shake and tint on a refused element. */
export function refuse(element) {
  if (!element) return;
  element.classList.remove('refused');
  // Restart the CSS animation on repeated refusals.
  void element.getBoundingClientRect();
  element.classList.add('refused');
  setTimeout(() => element.classList.remove('refused'), 450);
}
