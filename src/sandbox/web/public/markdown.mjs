/* global document */
/**
 * Draws the server's Markdown trees (src/sandbox/web/markdown-tree.ts) as DOM nodes. Text only
 * ever goes in through text nodes, never as HTML.
 */

/** An element with a class and children (nodes or strings). */
export function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

const INLINE_TAG = { b: 'strong', i: 'em', u: 'u', s: 's' };

/** How Discord writes a timestamp in each of its styles, from the sandbox clock. */
export function formatTime(unix, style, now) {
  const date = new Date(unix * 1000);
  const opts = {
    t: { hour: '2-digit', minute: '2-digit' },
    T: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
    d: { day: '2-digit', month: '2-digit', year: 'numeric' },
    D: { day: 'numeric', month: 'long', year: 'numeric' },
    f: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
    F: {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    },
  };
  if (style !== 'R') return date.toLocaleString('en-GB', opts[style] ?? opts.f);
  const seconds = Math.round((date.getTime() - now) / 1000);
  const units = [
    ['year', 31536000],
    ['month', 2592000],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

function inline(pieces, ctx) {
  return pieces.map((p) => {
    if (typeof p === 'string') return document.createTextNode(p);
    if (INLINE_TAG[p.t]) return el(INLINE_TAG[p.t], null, ...inline(p.c, ctx));
    switch (p.t) {
      case 'spoiler': {
        const span = el('span', 'spoiler', ...inline(p.c, ctx));
        span.title = 'Spoiler: click to reveal';
        span.addEventListener('click', () => span.classList.add('revealed'));
        return span;
      }
      case 'code':
        return el('code', 'inline-code', p.text);
      case 'link': {
        const a = el('a', 'link', ...inline(p.c, ctx));
        if (/^https?:\/\//.test(p.href)) a.href = p.href;
        a.target = '_blank';
        a.rel = 'noopener noreferrer';
        return a;
      }
      case 'mention':
        return el('span', `mention${p.label === `@${ctx.me}` ? ' me' : ''}`, p.label);
      case 'time': {
        const t = el('time', 'timestamp', formatTime(p.unix, p.style, ctx.now()));
        t.dataset.unix = String(p.unix);
        t.dataset.style = p.style;
        return t;
      }
      case 'emoji':
        return el('span', 'emoji', `:${p.name}:`);
      default:
        return document.createTextNode('');
    }
  });
}

/** A tree of blocks as a fragment of elements; `ctx` gives `me` (a name) and `now()` (clock time). */
export function markdown(blocks, ctx) {
  const out = el('div', 'markdown');
  for (const b of blocks) out.append(block(b, ctx));
  return out;
}

function block(b, ctx) {
  switch (b.t) {
    case 'h':
      return el(`h${b.level}`, 'md-heading', ...inline(b.c, ctx));
    case 'sub':
      return el('small', 'md-subtext', ...inline(b.c, ctx));
    case 'li': {
      return el('div', `md-li depth-${b.depth}`, el('span', 'md-marker', b.marker), ' ', ...inline(b.c, ctx));
    }
    case 'quote':
      return el('blockquote', 'md-quote', ...b.c.map((x) => block(x, ctx)));
    case 'pre':
      return el('pre', 'md-pre', el('code', null, b.text));
    default:
      return b.c.length === 0
        ? el('div', 'md-line empty', '\u200b')
        : el('div', 'md-line', ...inline(b.c, ctx));
  }
}
