import DOMPurify from 'dompurify';

/**
 * HTML from the database (content pages, news, message boxes) is sanitized before it is
 * rendered (architecture §7). Links that open a new tab get rel="noopener noreferrer".
 */
let hooked = false;
function ensureHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof Element && node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function sanitizeHtml(html: string): string {
  ensureHooks();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}

const HEADINGS = 'h1, h2, h3, h4, h5, h6';

/**
 * Moves the headings of sanitized HTML so the highest of them is `top` and the others keep their
 * distance below it (at most h6). Authors write the body of a page or message in isolation, often
 * starting at h3; where it is shown, the heading above it decides the level it must continue
 * from, so a screen reader's outline has no gaps (axe heading-order).
 */
export function headingsFrom(html: string, top: number): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const headings = [...template.content.querySelectorAll(HEADINGS)];
  if (headings.length === 0) return html;
  const shift = top - Math.min(...headings.map((h) => Number(h.tagName[1])));
  if (shift === 0) return html;
  for (const heading of headings) {
    const level = Math.min(6, Math.max(1, Number(heading.tagName[1]) + shift));
    const moved = document.createElement(`h${level}`);
    for (const { name, value } of [...heading.attributes]) moved.setAttribute(name, value);
    moved.append(...heading.childNodes);
    heading.replaceWith(moved);
  }
  return template.innerHTML;
}
