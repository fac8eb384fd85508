// Building the page's HTML: small helpers, so a screen's code reads as what it shows (buttons
// carry their action in `data-action`; a dialog's form closes it with the button's value).

/** A new `tag` element with `className` and `text`, each left out when not given. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A plain button that says what it does in `data-action`, for the screen's one click handler. */
export function button(action, text, className = '') {
  const b = el('button', className, text);
  b.type = 'button';
  b.dataset.action = action;
  return b;
}

/** A `div` with `className`, and `id` when given. */
export function div(className, id) {
  const d = el('div', className);
  if (id) d.id = id;
  return d;
}

/** A button that closes its dialog with `value` as the dialog's returnValue. */
export function submit(value, text, className = 'plain') {
  const b = el('button', className, text);
  b.type = 'submit';
  b.value = value;
  return b;
}

/** A dialog's row of submit buttons: [value, text, primary?] each. */
export function actions(buttons) {
  const row = div('dialog-actions');
  row.append(...buttons.map(([value, text, primary]) => submit(value, text, primary ? 'primary' : 'plain')));
  return row;
}

/**
 * A modal dialog `id` on `parent` holding a form that closes it, headed by `titleText` (the
 * dialog's name): {dialog, form, title}.
 */
export function modal(parent, id, className, titleText) {
  const dialog = el('dialog', className);
  dialog.id = id;
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  const form = el('form');
  form.method = 'dialog';
  const title = el('h2', '', titleText);
  title.id = `${id}-title`;
  form.append(title);
  dialog.append(form);
  parent.append(dialog);
  return { dialog, form, title };
}
