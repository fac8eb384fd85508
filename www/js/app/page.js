// Pages of prose from the catalogue: headings, paragraphs (with **bold** lead words), lists and
// figures. Text is always inserted as text, never as HTML.

/** A paragraph from a catalogue message, turning **words** into <b>. */
export function paragraph(text) {
  const p = document.createElement('p');
  text.split(/\*\*(.+?)\*\*/).forEach((part, i) => {
    if (!part) return;
    if (i % 2) {
      const b = document.createElement('b');
      b.textContent = part;
      p.append(b);
    } else {
      p.append(part);
    }
  });
  return p;
}

export function heading(level, text) {
  const h = document.createElement(`h${level}`);
  h.textContent = text;
  return h;
}

export function list(texts) {
  const ul = document.createElement('ul');
  for (const text of texts) {
    const li = document.createElement('li');
    li.textContent = text;
    ul.append(li);
  }
  return ul;
}

/** A figure: whatever `draw(box)` puts in the box, with a caption. */
export function figure(caption, draw) {
  const fig = document.createElement('figure');
  fig.className = 'diagram';
  const box = document.createElement('div');
  box.className = 'diagram-board';
  const text = document.createElement('figcaption');
  text.textContent = caption;
  fig.append(box, text);
  draw(box);
  return fig;
}

/**
 * Fills `body` with a rules page: {title, sections: [{heading?, paragraphs: keys, figures:
 * [{caption key, draw}], list: keys, nodes: () => elements built by the game}]}, every text
 * through `t`.
 */
export function renderPage(body, { t }, page) {
  const article = document.createElement('article');
  article.className = 'rules-page';
  article.append(heading(2, page.title));
  for (const section of page.sections) {
    if (section.heading) article.append(heading(3, t(section.heading)));
    for (const key of section.paragraphs ?? []) article.append(paragraph(t(key)));
    for (const { caption, draw } of section.figures ?? []) {
      const fig = figure(t(caption), draw);
      fig.dataset.say = caption;
      article.append(fig);
    }
    if (section.list) article.append(list(section.list.map((key) => t(key))));
    if (section.nodes) article.append(...section.nodes());
  }
  body.replaceChildren(article);
  return article;
}
