/**
 * A message as Discord's client draws it: author line, content, embeds, and the Components V2
 * layout (containers with their accent colour, text displays, sections, media galleries,
 * separators, action rows of buttons and select menus). `ctx.act(action)` sends what the user
 * does; every label and text is set as text, never as HTML.
 */
import { el, markdown } from './markdown.mjs';

const BUTTON_STYLE = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' };

const hex = (n) => `#${Number(n).toString(16).padStart(6, '0')}`;

function clock(ms) {
  return new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

function avatar(name, bot) {
  const a = el('div', `avatar${bot ? ' bot' : ''}`, (name[0] ?? '?').toUpperCase());
  a.setAttribute('aria-hidden', 'true');
  return a;
}

/** One message; `previous` (the message above) lets a run by one author drop the repeated header. */
export function renderMessage(m, ctx, previous) {
  const continued =
    previous &&
    previous.author.name === m.author.name &&
    !previous.ephemeral &&
    !m.ephemeral &&
    m.createdAt - previous.createdAt < 7 * 60_000;
  const classes = [
    'message',
    m.ephemeral ? 'ephemeral' : '',
    m.mentionsMe ? 'mentioned' : '',
    continued ? 'continued' : '',
  ];
  const node = el('article', classes.filter(Boolean).join(' '));
  node.dataset.id = m.id;
  const body = el('div', 'message-body');
  if (!continued) {
    const header = el('header', 'message-header', el('span', 'author', m.author.name));
    if (m.author.bot) header.append(el('span', 'app-tag', 'APP'));
    header.append(el('time', 'sent-at', clock(m.createdAt)));
    body.append(header);
  }
  if (m.thinking) body.append(el('div', 'thinking', `${m.author.name} is thinking…`));
  if (m.content.length > 0) body.append(markdown(m.content, ctx));
  for (const e of m.embeds) body.append(embed(e, ctx));
  if (m.components.length > 0) body.append(components(m.components, m, ctx));
  for (const f of m.files) body.append(file(f));
  if (m.edited) body.append(el('span', 'edited', '(edited)'));
  if (m.ephemeral) {
    const dismiss = el('button', 'dismiss', 'Dismiss message');
    dismiss.type = 'button';
    dismiss.addEventListener('click', () => ctx.dismiss(m.id));
    body.append(el('footer', 'ephemeral-note', el('span', 'eye', '👁'), 'Only you can see this · ', dismiss));
  }
  node.append(
    continued
      ? el('div', 'gutter', el('time', 'hover-time', clock(m.createdAt)))
      : avatar(m.author.name, m.author.bot),
    body,
  );
  return node;
}

function file(f) {
  if (!f.image) return el('div', 'file', `📎 ${f.name}`);
  const img = el('img', 'attachment');
  img.src = f.url;
  img.alt = f.name;
  return img;
}

function embed(e, ctx) {
  const box = el('div', 'embed');
  if (typeof e.color === 'number') box.style.borderLeftColor = hex(e.color);
  if (e.title) box.append(el('div', 'embed-title', e.title));
  if (e.description.length > 0) box.append(markdown(e.description, ctx));
  for (const f of e.fields)
    box.append(el('div', 'embed-field', el('div', 'embed-field-name', f.name), markdown(f.value, ctx)));
  if (e.footer) box.append(el('div', 'embed-footer', e.footer));
  return box;
}

function components(list, m, ctx) {
  const wrap = el('div', 'components');
  for (const c of list) wrap.append(component(c, m, ctx));
  return wrap;
}

function component(c, m, ctx) {
  switch (c.type) {
    case 17: {
      const box = el('div', 'container');
      if (typeof c.accent_color === 'number') box.style.borderLeftColor = hex(c.accent_color);
      else box.classList.add('no-accent');
      for (const child of c.components ?? []) box.append(component(child, m, ctx));
      return box;
    }
    case 10:
      return el('div', 'text-display', markdown(c.md, ctx));
    case 9: {
      const text = el('div', 'section-text', ...(c.components ?? []).map((x) => component(x, m, ctx)));
      return el(
        'div',
        'section',
        text,
        c.accessory ? el('div', 'section-accessory', component(c.accessory, m, ctx)) : null,
      );
    }
    case 11:
      return picture(c.src, c.alt, 'thumbnail');
    case 12: {
      const gallery = el('div', `gallery items-${Math.min(c.items.length, 4)}`);
      for (const item of c.items) gallery.append(picture(item.src, item.alt, 'gallery-item'));
      return gallery;
    }
    case 13:
      return el('div', 'file', `📎 ${c.name ?? 'file'}`);
    case 14:
      return el(
        c.divider === false ? 'div' : 'hr',
        `separator spacing-${c.spacing === 2 ? 'large' : 'small'}`,
      );
    case 1: {
      const row = el('div', 'action-row');
      for (const child of c.components ?? []) row.append(component(child, m, ctx));
      return row;
    }
    case 2:
      return button(c, m, ctx);
    case 3:
      return select(c, m, ctx);
    default:
      return el('div', 'unsupported', c.placeholder ? `⟨${c.placeholder}⟩ (not in the sandbox)` : '');
  }
}

function picture(src, alt, className) {
  if (!src) return el('div', `${className} missing`, `🖼 ${alt || 'picture'}`);
  const img = el('img', className);
  img.src = src;
  img.alt = alt || 'picture';
  img.title = alt || '';
  const a = el('a', 'picture-link', img);
  a.href = src;
  a.target = '_blank';
  a.rel = 'noopener';
  return a;
}

function button(c, m, ctx) {
  const style = BUTTON_STYLE[c.style] ?? 'secondary';
  const label = [c.emoji?.name, c.label].filter(Boolean).join(' ');
  if (style === 'link') {
    const a = el('a', 'btn link', `${label} ↗`);
    if (/^https?:\/\//.test(c.url ?? '')) a.href = c.url;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    return a;
  }
  const b = el('button', `btn ${style}`, label);
  b.type = 'button';
  b.disabled = c.disabled === true;
  b.addEventListener('click', async () => {
    b.classList.add('pending');
    b.disabled = true;
    await ctx.act({ type: 'click', messageId: m.id, customId: c.custom_id });
    b.classList.remove('pending');
    b.disabled = c.disabled === true;
  });
  return b;
}

/** A string select as Discord draws it: a box that opens a list; several choices end with Choose. */
function select(c, m, ctx) {
  const multi = (c.max_values ?? 1) > 1;
  const wrap = el('div', 'select');
  const chosen = new Set((c.options ?? []).filter((o) => o.default).map((o) => o.value));
  const boxText = () =>
    (c.options ?? [])
      .filter((o) => chosen.has(o.value))
      .map((o) => o.label)
      .join(', ') ||
    c.placeholder ||
    'Make a selection';
  const box = el('button', 'select-box', el('span', 'select-text', boxText()), el('span', 'chevron', '▾'));
  box.type = 'button';
  box.disabled = c.disabled === true;
  box.setAttribute('aria-haspopup', 'listbox');
  const menu = el('div', 'select-menu');
  menu.setAttribute('role', 'listbox');
  menu.hidden = true;
  const send = async (values) => {
    menu.hidden = true;
    box.classList.add('pending');
    await ctx.act({ type: 'select', messageId: m.id, customId: c.custom_id, values });
    box.classList.remove('pending');
  };
  for (const o of c.options ?? []) {
    const option = el(
      'div',
      'select-option',
      o.emoji?.name ? el('span', 'option-emoji', o.emoji.name) : null,
      el(
        'span',
        'option-text',
        el('span', 'option-label', o.label),
        o.description ? el('span', 'option-description', o.description) : null,
      ),
    );
    option.setAttribute('role', 'option');
    option.setAttribute('aria-label', o.label);
    option.setAttribute('aria-selected', String(chosen.has(o.value)));
    option.addEventListener('click', () => {
      if (!multi) return void send([o.value]);
      if (chosen.has(o.value)) chosen.delete(o.value);
      else if (chosen.size < c.max_values) chosen.add(o.value);
      option.setAttribute('aria-selected', String(chosen.has(o.value)));
      box.firstChild.textContent = boxText();
    });
    menu.append(option);
  }
  if (multi) {
    const done = el('button', 'btn primary select-done', 'Choose');
    done.type = 'button';
    done.addEventListener('click', () => void send([...chosen]));
    menu.append(done);
  }
  box.addEventListener('click', () => {
    menu.hidden = !menu.hidden;
    if (menu.hidden) return;
    ctx.closeMenus(menu);
    // Near the bottom of the channel the list opens upwards, as Discord's does.
    const room = box.closest('#messages')?.getBoundingClientRect().bottom ?? Infinity;
    menu.classList.toggle('up', box.getBoundingClientRect().bottom + menu.offsetHeight + 8 > room);
  });
  wrap.append(box, menu);
  return wrap;
}
