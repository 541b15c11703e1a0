/* global document, window, location, history, EventSource, fetch, URLSearchParams, setTimeout, clearTimeout, CSS */
/**
 * The sandbox page: one user's view of the sandbox server, live. The server sends a snapshot and
 * then every change (server-sent events); the page draws the selected channel and sends what
 * the user does. `?user=bob` opens it as bob; several tabs can be several users.
 */
import { composer } from './composer.mjs';
import { openForm } from './forms.mjs';
import { el, formatTime } from './markdown.mjs';
import { renderMessage } from './render.mjs';

const $ = (id) => document.getElementById(id);
const state = {
  user: new URLSearchParams(location.search).get('user') ?? 'alice',
  me: '',
  tableId: '',
  selected: '',
  channels: [],
  messages: new Map(),
  commands: [],
  /** Sandbox clock minus this browser's clock (the sandbox clock runs in real time between waits). */
  offset: 0,
  dismissed: new Set(),
  /** Channels with messages the user has not looked at yet. */
  unread: new Set(),
};
let source;
/** Whether the list follows the newest message (the reader is at the bottom, as Discord keeps them). */
let stick = true;

const now = () => Date.now() + state.offset;
const ctx = {
  get me() {
    return state.me;
  },
  now,
  act,
  dismiss(id) {
    state.dismissed.add(id);
    document.querySelector(`[data-id="${CSS.escape(id)}"]`)?.remove();
  },
  closeMenus(except) {
    for (const menu of document.querySelectorAll('.select-menu')) if (menu !== except) menu.hidden = true;
  },
};

async function post(path, body) {
  const res = await fetch(`${path}?user=${encodeURIComponent(state.user)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

let toastTimer;
function toast(text, kind = 'error') {
  const box = $('toast');
  box.textContent = text;
  box.className = kind;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), 8000);
}

/** Sends an action; a form the bot answers with opens here, as Discord would open it. */
async function act(action) {
  const result = await post('/act', action).catch((err) => ({ ok: false, error: String(err) }));
  if (!result.ok) {
    toast(result.error);
    return result;
  }
  $('last-line').textContent = result.line;
  if (result.modal)
    void openForm($('modal-root'), result.modal, async (fields) => {
      const sent = await post('/act', { type: 'modal', customId: result.modal.custom_id, fields });
      if (sent.ok) $('last-line').textContent = sent.line;
      return sent.ok ? null : sent.error;
    });
  return result;
}

function drawChannels() {
  const list = $('channels');
  list.replaceChildren(
    ...state.channels.map((c) => {
      const flags = [
        c.thread && 'thread',
        c.id === state.selected && 'selected',
        c.archived && 'archived',
        state.unread.has(c.id) && 'unread',
      ];
      const item = el('li', ['channel', ...flags.filter(Boolean)].join(' '));
      const button = el(
        'button',
        null,
        el('span', 'channel-icon', c.thread ? (c.private ? '🔒' : '↳') : '#'),
        el('span', 'channel-name', c.name),
      );
      button.type = 'button';
      button.title = c.archived ? `${c.name} (archived)` : c.name;
      button.addEventListener('click', () => select(c.id));
      item.append(button);
      return item;
    }),
  );
}

function select(channelId) {
  state.selected = channelId;
  state.unread.delete(channelId);
  stick = true;
  const channel = state.channels.find((c) => c.id === channelId);
  $('channel-title').textContent = channel ? `${channel.thread ? '↳ ' : '# '}${channel.name}` : '';
  typing.placeholder(channel?.name ?? '');
  drawChannels();
  drawMessages();
}

function inChannel() {
  return [...state.messages.values()]
    .filter((m) => m.channelId === state.selected && !state.dismissed.has(m.id))
    .sort((a, b) => a.createdAt - b.createdAt || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

function follow() {
  const box = $('messages');
  if (stick) box.scrollTop = box.scrollHeight;
}

function drawMessages() {
  const box = $('messages');
  const list = inChannel();
  box.replaceChildren(
    el(
      'div',
      'channel-start',
      el('h1', null, `Welcome to ${$('channel-title').textContent}`),
      el('p', null, `You are ${state.me}. Everything below is what ${state.me} would see on Discord.`),
    ),
    ...list.map((m, n) => renderMessage(m, ctx, list[n - 1])),
  );
  follow();
}

/** A new or edited message: edits replace the message where it stands. */
function upsert(m) {
  const isNew = !state.messages.has(m.id);
  state.messages.set(m.id, m);
  if (m.channelId !== state.selected) {
    if (isNew && !state.unread.has(m.channelId)) {
      state.unread.add(m.channelId);
      drawChannels();
    }
    return;
  }
  const list = inChannel();
  const n = list.findIndex((x) => x.id === m.id);
  const old = document.querySelector(`.message[data-id="${CSS.escape(m.id)}"]`);
  if (old) old.replaceWith(renderMessage(m, ctx, list[n - 1]));
  else drawMessages();
  follow();
}

function tick() {
  $('clock').textContent = new Date(now()).toLocaleString('en-GB', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const t of document.querySelectorAll('time.timestamp[data-style="R"]'))
    t.textContent = formatTime(Number(t.dataset.unix), 'R', now());
}

function connect() {
  source?.close();
  state.messages.clear();
  state.dismissed.clear();
  state.unread.clear();
  $('status').textContent = 'connecting…';
  source = new EventSource(`/events?user=${encodeURIComponent(state.user)}`);
  const on = (name, fn) => source.addEventListener(name, (e) => fn(JSON.parse(e.data)));
  on('snapshot', (s) => {
    Object.assign(state, {
      me: s.me,
      tableId: s.tableId,
      channels: s.channels,
      commands: s.commands,
      offset: s.now - Date.now(),
    });
    state.messages = new Map(s.messages.map((m) => [m.id, m]));
    $('server-name').textContent = s.server;
    $('me-name').textContent = s.me;
    $('me-avatar').textContent = s.me[0].toUpperCase();
    document.title = `${s.me} · Tradecraft sandbox`;
    $('user-switch').replaceChildren(
      ...s.users.map((u) => Object.assign(el('option', null, u), { value: u, selected: u === s.me })),
    );
    $('status').textContent = 'live';
    tick();
    select(state.channels.some((c) => c.id === state.selected) ? state.selected : s.tableId);
  });
  on('message', upsert);
  on('delete', (d) => {
    state.messages.delete(d.id);
    document.querySelector(`.message[data-id="${CSS.escape(d.id)}"]`)?.remove();
  });
  on('channels', (list) => {
    state.channels = list;
    if (!list.some((c) => c.id === state.selected)) select(state.tableId);
    else drawChannels();
  });
  on('clock', (c) => {
    state.offset = c.now - Date.now();
    tick();
  });
  source.onerror = () => ($('status').textContent = 'reconnecting…');
}

const typing = composer($('composer'), $('composer-input'), $('suggestions'), {
  commands: () => state.commands,
  autocomplete: (input) =>
    post('/autocomplete', { channelId: state.selected, ...input }).then((r) => r.choices ?? []),
  send: async (text) => (await act({ type: 'send', channelId: state.selected, text })).ok,
});

$('user-switch').addEventListener('change', (e) => {
  state.user = e.target.value;
  history.replaceState(null, '', `?user=${encodeURIComponent(state.user)}`);
  connect();
});
$('wait-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const duration = $('wait-input').value.trim();
  if (!duration) return;
  if ((await act({ type: 'wait', duration })).ok) $('wait-input').value = '';
});
$('messages').addEventListener('scroll', () => {
  const box = $('messages');
  stick = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
});
// Pictures arrive after their message: keep the newest message in view as they grow it.
document.addEventListener('load', (e) => e.target.tagName === 'IMG' && follow(), true);
document.addEventListener('click', (e) => {
  if (!e.target.closest('.select')) ctx.closeMenus(null);
});
window.setInterval(tick, 1000);
connect();
