// What every game page shares, as on a game site: the move list (click a move to go back to
// it), Take back, Resign, New game from here, the game record (copy it out, paste one in and
// load it) and the post-game analysis of every move. Each page gives an adapter:
//
//   moves()          [{ text, by }]: the moves played since the start position, in notation
//   takeBack(n)      keep the first n moves (the page replays them; the engine may then move)
//   lastOwnMove()    how many moves to keep for "Take back" (before the player's last move)
//   resign()         the player resigns (the page ends the game)
//   fromHere()       a new game from the current position
//   header()         { game, engine, players, result, extra: [lines] } for the record
//   load(text)       start the game the record describes (throws Error naming the problem)
//   analyse()        async: { rows: [{ move, by, before, after, best, mistake, note }], summary }
//   over(), busy()   whether the game is over; whether the page is waiting for the engine
import { $, attempt, busy as markBusy, el } from './common.js';

export function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// The record: '#' header lines, then the moves (the notation `grundy ... --moves` reads, which
// skips '#' lines, so the whole record can be given to --moves).
export function recordText(h, moves) {
  const lines = ['# grundy game record', `# Game: ${h.game}`];
  for (const [k, v] of [['Engine', h.engine], ['Players', h.players], ['Result', h.result]])
    if (v) lines.push(`# ${k}: ${v}`);
  lines.push(`# Date: ${today()}`);
  for (const x of h.extra || []) lines.push(`# ${x}`);
  lines.push(moves.join(' '));
  return lines.join('\n') + '\n';
}

// A record's header fields ({game: ..., heaps: ...}, keys in lower case) and its moves (the
// words outside comments).
export function parseRecord(text) {
  const header = {};
  const words = [];
  for (const raw of text.split('\n')) {
    const hash = raw.indexOf('#');
    const comment = hash >= 0 ? raw.slice(hash + 1).trim() : '';
    const m = /^([A-Za-z][A-Za-z ]*):\s*(.*)$/.exec(comment);
    if (m) header[m[1].trim().toLowerCase()] = m[2].trim();
    const body = hash >= 0 ? raw.slice(0, hash) : raw;
    for (const w of body.split(/[\s,]+/)) if (w) words.push(w);
  }
  return { header, moves: words };
}

export function setupGame(a) {
  const panel = $('#game-panel');
  const api = {};
  let review = null;  // the analysis shown, and the moves it was made for

  function render() {
    const moves = a.moves();
    const list = $('#log');
    list.replaceChildren(...moves.map((m, i) => el('li', { class: i === moves.length - 1 ? 'last' : '' },
      el('button', { type: 'button', class: 'move-link', 'data-ply': i + 1,
        title: `go back to the position after move ${i + 1}`,
        onclick: () => goTo(i + 1) }, m.text),
      el('span', { class: 'muted' }, ` ${m.by}`))));
    list.scrollTop = 1e9;
    const busy = a.busy();
    $('#takeback').disabled = busy || a.lastOwnMove() === null;
    $('#resign').disabled = busy || a.over();
    $('#from-here').disabled = busy || moves.length === 0;
    $('#analyse-game').disabled = busy || moves.length === 0;
    $('#record').value = recordText(a.header(), moves.map((m) => m.text));
    if (review && review.count !== moves.length) clearReview();
  }

  function goTo(n) {
    if (a.busy()) return;
    clearReview();
    a.takeBack(n);
  }

  function clearReview() {
    review = null;
    $('#review').replaceChildren();
  }

  async function analyse() {
    const count = a.moves().length;
    $('#review').replaceChildren(el('p', { class: 'muted' }, 'Analysing every move…'));
    const r = await attempt(() => a.analyse());
    if (!r) { clearReview(); return; }
    review = { count };
    const rows = r.rows.map((row, i) => el('tr', { class: row.mistake ? 'mistake' : '', 'data-mistake': row.mistake ? 'true' : 'false' },
      el('td', {}, String(i + 1)), el('td', {}, row.by), el('td', { class: 'mono' }, row.move),
      el('td', {}, row.before), el('td', {}, row.after),
      el('td', {}, row.mistake ? el('strong', { class: 'lose' }, row.note || 'mistake') : (row.note || '')),
      el('td', { class: 'mono' }, row.best || '')));
    $('#review').replaceChildren(
      el('h3', {}, 'Analysis of the game'),
      el('p', { class: 'muted' }, r.explain),
      el('div', { class: 'scroll' }, el('table', { class: 'data review', 'aria-label': 'every move with its value before and after' },
        el('thead', {}, el('tr', {}, ...['#', 'by', 'move', 'before', 'after', '', 'best'].map((h) => el('th', {}, h)))),
        el('tbody', {}, rows))),
      el('p', { id: 'review-summary' }, r.summary));
  }

  async function copy() {
    const text = $('#record').value;
    try {
      await navigator.clipboard.writeText(text);
      $('#record-note').textContent = 'Copied.';
    } catch {
      $('#record').select();
      $('#record-note').textContent = 'Selected: press Ctrl-C to copy.';
    }
  }

  async function load() {
    const text = $('#record').value;
    clearReview();
    $('#record-note').textContent = '';
    try {
      // Busy from the first request on (the record's check by the server), so nothing reads the
      // page before the loaded game is on it.
      await markBusy(() => a.load(text));
      $('#record-note').textContent = 'Loaded.';
    } catch (e) {
      $('#error').textContent = e.message;
      $('#error').hidden = false;
    }
  }

  $('#takeback').addEventListener('click', () => { const n = a.lastOwnMove(); if (n !== null) goTo(n); });
  $('#resign').addEventListener('click', () => { if (!a.over() && !a.busy()) a.resign(); });
  $('#from-here').addEventListener('click', () => { if (!a.busy()) { clearReview(); a.fromHere(); } });
  $('#analyse-game').addEventListener('click', analyse);
  $('#copy-record').addEventListener('click', copy);
  $('#load-record').addEventListener('click', load);
  api.render = render;
  api.clearReview = clearReview;
  if (panel) panel.hidden = false;
  return api;
}

// The game-over state every page shows the same way: the message, body[data-game-over], and
// the hint off (a hint answers only while a game is on).
export function gameOver(text) {
  const s = $('#status');
  if (s) s.textContent = text;
  document.body.dataset.gameOver = 'true';
  const hint = $('#hint-button');
  if (hint) hint.disabled = true;
}

export function gameOn() {
  delete document.body.dataset.gameOver;
}
