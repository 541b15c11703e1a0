/* global setTimeout, clearTimeout */
/**
 * The message box: chat, or a slash command typed as the sandbox's scripts write it
 * (`/game start game:item-collection seed:42`), with Discord's suggestions as you type: commands,
 * subcommands, options, an option's fixed choices, and the bot's own autocomplete answers for
 * options that ask for them (sent as the user the page shows).
 */
import { el } from './markdown.mjs';

const TOKEN = /(?:[^\s"]+|"(?:[^"\\]|\\.)*"?)+/g;
const TYPE = {
  3: 'text',
  4: 'whole number',
  5: 'true or false',
  6: 'user',
  7: 'channel',
  8: 'role',
  9: 'user or role',
  10: 'number',
};

export function quote(value) {
  if (value !== '' && !/[\s"\\]/.test(value)) return value;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const unquote = (v) => v.replace(/^"|"$/g, '').replace(/\\(["\\])/g, '$1');

/** What can follow the text typed so far: `{label, detail, insert}` (insert null: a hint). */
function suggestions(text, commands, autocomplete) {
  if (!text.startsWith('/')) return [];
  const tokens = text.slice(1).match(TOKEN) ?? [];
  const current = /\s$/.test(text) || tokens.length === 0 ? '' : tokens.pop();
  const starts = (name) => name.toLowerCase().startsWith(current.toLowerCase());
  if (tokens.length === 0)
    return commands
      .filter((c) => starts(c.name))
      .map((c) => ({ label: `/${c.name}`, detail: c.description, insert: `/${c.name} ` }));
  const command = commands.find((c) => c.name === tokens[0]);
  if (!command) return [];
  let options = command.options ?? [];
  const subs = options.filter((o) => o.type === 1);
  let sub;
  if (subs.length > 0) {
    if (tokens.length === 1)
      return subs
        .filter((s) => starts(s.name))
        .map((s) => ({ label: s.name, detail: s.description, insert: `${s.name} ` }));
    sub = subs.find((s) => s.name === tokens[1]);
    if (!sub) return [];
    options = sub.options ?? [];
  }
  const given = {};
  for (const t of tokens.slice(sub ? 2 : 1)) {
    const at = t.indexOf(':');
    if (at > 0) given[t.slice(0, at)] = unquote(t.slice(at + 1));
  }
  const colon = current.indexOf(':');
  if (colon < 0)
    return options
      .filter((o) => !(o.name in given) && starts(o.name))
      .sort((a, b) => Number(b.required === true) - Number(a.required === true))
      .map((o) => ({
        label: `${o.name}${o.required ? ' *' : ''}`,
        detail: o.description,
        insert: `${o.name}:`,
      }));
  const option = options.find((o) => o.name === current.slice(0, colon));
  if (!option) return [];
  const typed = unquote(current.slice(colon + 1));
  const pick = (name, value) => ({
    label: name,
    detail: name === String(value) ? '' : String(value),
    insert: `${option.name}:${quote(String(value))} `,
  });
  if (option.choices)
    return option.choices
      .filter((c) => `${c.name} ${c.value}`.toLowerCase().includes(typed.toLowerCase()))
      .map((c) => pick(c.name, c.value));
  if (option.type === 5) return ['true', 'false'].filter((v) => v.startsWith(typed)).map((v) => pick(v, v));
  if (option.autocomplete)
    return autocomplete({
      command: command.name,
      ...(sub ? { subcommand: sub.name } : {}),
      options: { ...given, [option.name]: typed },
      focused: option.name,
    }).then((choices) => choices.map((c) => pick(c.name, c.value)));
  return [
    { label: `${option.name}: ${TYPE[option.type] ?? 'value'}`, detail: option.description, insert: null },
  ];
}

/** Wires the message box; `ctx` has commands(), channelName(), send(text) → ok, autocomplete(input) → choices. */
export function composer(form, input, list, ctx) {
  let items = [];
  let active = -1;
  let timer;
  let asked = 0;
  const show = (found) => {
    items = found;
    active = -1;
    list.replaceChildren(
      ...found.map((s, n) => {
        const row = el(
          'div',
          `suggestion${s.insert === null ? ' hint' : ''}`,
          el('span', 'suggestion-label', s.label),
          s.detail ? el('span', 'suggestion-detail', s.detail) : null,
        );
        row.setAttribute('role', 'option');
        row.addEventListener('mousedown', (e) => {
          e.preventDefault();
          apply(n);
        });
        return row;
      }),
    );
    list.hidden = found.length === 0;
  };
  const highlight = () =>
    [...list.children].forEach((row, n) => row.classList.toggle('active', n === active));
  const apply = (n) => {
    const s = items[n];
    if (!s || s.insert === null) return;
    const text = input.value;
    const tokens = text.match(TOKEN) ?? [];
    const current = /\s$/.test(text) ? '' : (tokens[tokens.length - 1] ?? '');
    input.value = text.slice(0, text.length - current.length) + s.insert;
    input.focus();
    refresh();
  };
  const refresh = () => {
    clearTimeout(timer);
    const asking = ++asked;
    const found = suggestions(input.value, ctx.commands(), ctx.autocomplete);
    if (Array.isArray(found)) return show(found);
    // The bot's autocomplete: ask once typing pauses, and keep only the newest answer.
    timer = setTimeout(() => {
      found.then((f) => asking === asked && show(f)).catch(() => show([]));
    }, 120);
  };
  input.addEventListener('input', refresh);
  input.addEventListener('focus', refresh);
  input.addEventListener('blur', () => show([]));
  input.addEventListener('keydown', (e) => {
    if (list.hidden) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      active = (active + step + items.length) % items.length;
      highlight();
    } else if (e.key === 'Tab' || (e.key === 'Enter' && active >= 0)) {
      e.preventDefault();
      apply(Math.max(active, 0));
    } else if (e.key === 'Escape') show([]);
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.disabled = true;
    const ok = await ctx.send(text);
    input.disabled = false;
    if (ok) input.value = '';
    show([]);
    input.focus();
  });
  return { placeholder: (name) => (input.placeholder = `Message #${name} (or type / for commands)`) };
}
