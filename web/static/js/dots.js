// Dots and Boxes against an engine: the moves live here; the engine's move, the analysis and the
// exact value come from POST /api/dots/move, /analyze and /solve (the answers of
// `grundy dots move|analyze|solve ... --json`).
import { api, attempt, busy, el, svg, $, makeButton, randomSeed, say, showError } from './common.js';
import { gameOn, gameOver, parseRecord, setupGame } from './game.js';

const S = 80, M = 44;  // pixels between dots, margin
// start: the lines the game began from (a new game from a position); moves: the lines since,
// by: who drew each (0 or 1). `game` counts games: an answer for an older one is dropped.
const state = { rows: 3, cols: 3, start: [], moves: [], by: [], drawnBy: new Map(), owners: [],
  score: [0, 0], toMove: 0, human: 0, engine: 'control', hinted: [], chains: null, busy: false,
  resigned: -1, game: 0, budget: 2 };

const colName = (x) => String.fromCharCode(97 + x);
const dotName = (x, y) => `${colName(x)}${y + 1}`;

// Every line of the board: name, endpoints, and the boxes beside it.
function lines() {
  const out = [];
  for (let y = 0; y <= state.rows; y++)
    for (let x = 0; x < state.cols; x++)
      out.push({ name: dotName(x, y) + dotName(x + 1, y), x1: x, y1: y, x2: x + 1, y2: y,
        boxes: [y > 0 ? (y - 1) * state.cols + x : -1, y < state.rows ? y * state.cols + x : -1] });
  for (let y = 0; y < state.rows; y++)
    for (let x = 0; x <= state.cols; x++)
      out.push({ name: dotName(x, y) + dotName(x, y + 1), x1: x, y1: y, x2: x, y2: y + 1,
        boxes: [x > 0 ? y * state.cols + x - 1 : -1, x < state.cols ? y * state.cols + x : -1] });
  return out;
}

function boxLines(b) {
  const y = Math.floor(b / state.cols), x = b % state.cols;
  return [dotName(x, y) + dotName(x + 1, y), dotName(x, y + 1) + dotName(x + 1, y + 1),
    dotName(x, y) + dotName(x, y + 1), dotName(x + 1, y) + dotName(x + 1, y + 1)];
}

// "b1a1" and "A1B1" name the same line as "a1b1".
function canonical(name) {
  const m = /^([a-z])(\d+)([a-z])(\d+)$/.exec(name.trim().toLowerCase());
  if (!m) return null;
  const a = [m[1], Number(m[2])], b = [m[3], Number(m[4])];
  const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
  const n = `${p[0]}${p[1]}${q[0]}${q[1]}`;
  return lines().some((l) => l.name === n) ? n : null;
}

// Plays a line for the player to move; returns the number of boxes it completed.
function play(name, record = true) {
  const player = state.toMove;
  state.drawnBy.set(name, player);
  if (record) { state.moves.push(name); state.by.push(player); }
  let done = 0;
  for (const b of lines().find((l) => l.name === name).boxes) {
    if (b < 0 || state.owners[b] !== 0) continue;
    if (boxLines(b).every((n) => state.drawnBy.has(n))) { state.owners[b] = player + 1; state.score[player]++; done++; }
  }
  if (done === 0) state.toMove = 1 - player;
  state.hinted = [];
  state.chains = null;
  return done;
}

const over = () => state.resigned >= 0 || state.drawnBy.size === lines().length;
const who = (p) => (p === state.human ? 'You' : 'The engine');

const allMoves = () => [...state.start, ...state.moves];
function question() {
  return { size: `${state.rows}x${state.cols}`, moves: allMoves().join(' ') };
}

function render() {
  const W = state.cols * S + 2 * M, H = state.rows * S + 2 * M;
  const X = (x) => M + x * S, Y = (y) => M + y * S;
  const parts = [svg('rect', { x: 0, y: 0, width: W, height: H, fill: '#fff' })];
  for (let b = 0; b < state.rows * state.cols; b++) {
    const x = b % state.cols, y = Math.floor(b / state.cols);
    if (state.owners[b]) {
      parts.push(svg('rect', { class: `box p${state.owners[b]}`, x: X(x), y: Y(y), width: S, height: S, 'data-box': b }));
      parts.push(svg('text', { class: 'label', x: X(x) + S / 2, y: Y(y) + S / 2, fill: state.owners[b] === 1 ? '#2563eb' : '#dc2626' }, String(state.owners[b])));
    }
  }
  if (state.chains) {
    const colours = ['#7c3aed', '#0891b2', '#ea580c', '#16a34a', '#db2777', '#854d0e'];
    state.chains.forEach((c, k) => {
      const colour = colours[k % colours.length];
      for (const name of c.boxes) {
        const x = name.charCodeAt(0) - 97, y = Number(name.slice(1)) - 1;
        parts.push(svg('rect', { class: 'chain', x: X(x) + 8, y: Y(y) + 8, width: S - 16, height: S - 16, stroke: colour, rx: 8 }));
      }
      const first = c.boxes[0];
      const fx = first.charCodeAt(0) - 97, fy = Number(first.slice(1)) - 1;
      parts.push(svg('text', { class: 'label', x: X(fx) + S / 2, y: Y(fy) + S / 2, fill: colour, 'font-size': 12 },
        `${c.kind === 'loop' ? 'loop' : 'chain'} ${c.length}`));
    });
  }
  const last = allMoves()[allMoves().length - 1];
  const canPlay = state.toMove === state.human && !over() && !state.busy;
  const hits = [];
  for (const l of lines()) {
    const drawn = state.drawnBy.has(l.name);
    const cls = drawn ? `line p${state.drawnBy.get(l.name) + 1}${l.name === last ? ' last' : ''}`
      : `line open${state.hinted.includes(l.name) ? ' hinted' : ''}`;
    parts.push(svg('line', { class: cls, x1: X(l.x1), y1: Y(l.y1), x2: X(l.x2), y2: Y(l.y2), 'data-line': l.name }));
    if (!drawn && canPlay) {
      // A rectangle around the line is what the player clicks or focuses.
      const horizontal = l.y1 === l.y2, T = 26, inset = 10;
      const hit = svg('rect', horizontal
        ? { class: 'hit', x: X(l.x1) + inset, y: Y(l.y1) - T / 2, width: S - 2 * inset, height: T, rx: 6, 'data-line': l.name }
        : { class: 'hit', x: X(l.x1) - T / 2, y: Y(l.y1) + inset, width: T, height: S - 2 * inset, rx: 6, 'data-line': l.name });
      makeButton(hit, `draw ${l.name}`, () => humanMove(l.name));
      hits.push(hit);
    }
  }
  parts.push(...hits);
  for (let y = 0; y <= state.rows; y++)
    for (let x = 0; x <= state.cols; x++) parts.push(svg('circle', { class: 'dot', cx: X(x), cy: Y(y), r: 6 }));
  for (let x = 0; x <= state.cols; x++) parts.push(svg('text', { class: 'coord', x: X(x), y: 16 }, colName(x)));
  for (let y = 0; y <= state.rows; y++) parts.push(svg('text', { class: 'coord', x: 16, y: Y(y) }, String(y + 1)));
  $('#board').replaceChildren(svg('svg', { class: 'board dots', viewBox: `0 0 ${W} ${H}`, role: 'group',
    'aria-label': `Dots and Boxes ${state.rows}x${state.cols}` }, parts));
  $('#board').dataset.moves = allMoves().join(' ');
  const you = state.human, eng = 1 - state.human;
  $('#score').replaceChildren(
    el('span', { class: `p${you + 1}${state.toMove === you && !over() ? ' turn' : ''}` }, `You ${state.score[you]}`),
    el('span', { class: `p${eng + 1}${state.toMove === eng && !over() ? ' turn' : ''}` }, `Engine (${state.engine}) ${state.score[eng]}`));
  for (const id of ['#draw', '#line', '#hint-button']) $(id).disabled = !canPlay;
  $('#solve-button').disabled = state.busy || over();
  ui.render();
}

function result() {
  const me = state.score[state.human], them = state.score[1 - state.human];
  if (state.resigned >= 0) return `you resigned at ${me}–${them}: the engine wins`;
  return `${me > them ? 'you win' : me === them ? 'a tie' : 'the engine wins'} ${Math.max(me, them)}–${Math.min(me, them)}`;
}

function finish() {
  gameOver(`Game over: ${result()}.`);
  state.hinted = [];
  render();
}

async function engineTurn() {
  const game = state.game;
  state.busy = true;
  try {
    while (!over() && state.toMove !== state.human) {
      say('The engine is thinking…');
      render();
      const a = await attempt(() => busy(() => api('dots/move', { ...question(), engine: state.engine, seed: randomSeed() })));
      if (!a || game !== state.game) return;
      play(a.move);
      await refreshPanels();
    }
  } finally {
    if (game === state.game) state.busy = false;
  }
  if (game !== state.game) return;
  render();
  if (over()) finish();
  else say(`Your move. The engine drew ${allMoves()[allMoves().length - 1] || 'nothing yet'}.`);
}

// After a move, the chains overlay and the analysis panel describe the new position: the
// overlay is fetched again while its box is ticked, and an old hint or value is cleared.
async function refreshPanels() {
  state.chains = null;
  if ($('#show-chains').checked && !over()) {
    await showChains();
  } else {
    $('#analysis').replaceChildren(el('p', { class: 'muted' }, 'Ask for a hint, the exact value, or the chains for this position.'));
  }
}

async function humanMove(name) {
  if (state.toMove !== state.human || over() || state.busy) return;
  const n = canonical(name);
  if (!n) { showError(`'${name}' is not a line of this board (lines join neighbouring dots, like a1b1 or a1a2)`); return; }
  if (state.drawnBy.has(n)) { showError(`${n} is already drawn`); return; }
  showError('');
  play(n);
  render();
  if (over()) return finish();
  await refreshPanels();
  render();
  if (state.toMove === state.human) { say('You completed a box: move again.'); return; }
  await engineTurn();
}

function chainText(a) {
  if (!a.chains.length) return 'No chains yet: every open box has 3 or 4 undrawn sides.';
  return a.chains.map((c) => `${c.long ? 'a long ' : 'a short '}${c.kind} of ${c.length} (${c.boxes.join('-')})`).join('; ') + '.';
}

function analysisView(a, withAdvice) {
  const parts = [];
  const r = a.long_chain_rule;
  const total = r.dots + r.long_chains;
  const mine = state.human + 1;
  parts.push(el('p', {}, el('strong', {}, 'Chains: '), chainText(a)));
  parts.push(el('p', {}, el('strong', {}, 'Long chain rule: '),
    `with ${r.dots} dots, player 1 wants dots + long chains even, player 2 odd. Now ${r.dots} + ${r.long_chains} = ${total} is ${total % 2 ? 'odd' : 'even'}: it favours `,
    el('span', { class: r.favours === mine ? 'win' : 'lose' }, r.favours === mine ? 'you' : 'the engine'),
    ` (you are player ${mine}).`));
  if (a.nimstring) parts.push(el('p', {}, el('strong', {}, 'Nimstring: '), a.nimstring === '0'
    ? 'value 0 — the player to move loses the fight for control.'
    : a.nimstring === 'loony' ? 'loony — a chain is offered; the mover chooses who moves next.'
      : `value ${a.nimstring} — the player to move wins the fight for control.`));
  if (withAdvice && a.advice) parts.push(el('p', { class: 'win', id: 'hint-line', 'data-line': a.advice.line },
    `Hint: ${a.advice.line} — ${a.advice.reason}.`));
  if (a.solver) {
    const v = Number(a.solver.value);
    parts.push(el('p', { id: 'exact' }, el('strong', {}, 'Exact: '),
      `the player to move ${v > 0 ? 'wins' : v === 0 ? 'ties' : 'loses'} the boxes still to play by ${Math.abs(v)}; best: ${a.solver.best.join(', ')}.`));
  }
  return parts;
}

async function hint() {
  if (over() || state.busy || state.toMove !== state.human) return;
  const a = await attempt(() => busy(() => api('dots/analyze', question())));
  if (!a) return;
  state.hinted = a.advice ? [a.advice.line] : [];
  if (a.solver && a.solver.best.length && a.advice && !a.solver.best.includes(a.advice.line))
    state.hinted = [a.solver.best[0]];
  $('#analysis').replaceChildren(...analysisView(a, true));
  if ($('#show-chains').checked) state.chains = a.chains;
  render();
}

async function showChains() {
  if (!$('#show-chains').checked) { state.chains = null; render(); return; }
  const asked = allMoves().length;
  const a = await attempt(() => busy(() => api('dots/analyze', { ...question(), seconds: 0 })));
  if (!a || asked !== allMoves().length) return;
  state.chains = a.chains;
  $('#analysis').replaceChildren(...analysisView(a, false));
  $('#analysis').dataset.moves = allMoves().join(' ');
  render();
}

async function solve() {
  // Within the page's time: the solver stops with bounds instead of the request failing.
  const seconds = Math.max(0.1, Math.round(state.budget * 0.8 * 10) / 10);
  const asked = allMoves().length;
  const r = await attempt(() => busy(() => api('dots/solve', { ...question(), seconds })));
  if (!r || asked !== allMoves().length) return;
  const v = Number(r.value);
  const yours = r.to_move - 1 === state.human;
  const subject = yours ? 'you' : 'the engine';
  const verb = (v > 0 ? 'win' : v === 0 ? 'tie' : 'lose') + (yours ? '' : 's');
  const parts = [];
  if (over()) parts.push(el('p', { id: 'exact' }, el('strong', {}, 'Exact value: '), 'nothing left to play.'));
  else if (!r.complete)
    parts.push(el('p', { id: 'exact' }, el('strong', {}, 'Exact value: '),
      `not found in ${seconds} s: with best play, ${subject} (to move) ${yours ? 'finish' : 'finishes'} the ${state.rows * state.cols - state.score[0] - state.score[1]} boxes still to play between ${r.lower} and ${r.upper} (the margin). Boards this big are beyond the solver in a page's time; draw more lines and ask again.`));
  else {
    parts.push(el('p', { id: 'exact' }, el('strong', {}, 'Exact value: '),
      `with ${subject} to move and best play on both sides, ${subject} ${verb} the boxes still to play by ${Math.abs(v)}.`));
    if (r.best.length) parts.push(el('p', {}, `Best lines: ${r.best.join(', ')}.`));
  }
  parts.push(el('p', { class: 'muted' }, `${r.nodes} positions searched in ${Number(r.seconds).toFixed(2)} s.`));
  $('#analysis').replaceChildren(...parts);
  state.hinted = r.complete && yours ? r.best : [];
  render();
}

// The position after `moves` from `start`: the board replayed.
function replay(start, moves, by) {
  Object.assign(state, { drawnBy: new Map(), owners: new Array(state.rows * state.cols).fill(0),
    score: [0, 0], toMove: 0, start: [], moves: [], by: [], hinted: [], chains: null, resigned: -1 });
  for (const l of start) play(l, false);
  state.start = [...start];
  moves.forEach((l, i) => { const p = state.toMove; play(l); if (by) state.by[i] = by[i] ?? p; });
}

function beginTurn() {
  gameOn();
  render();
  if (over()) return finish();
  if (state.toMove !== state.human) engineTurn();
  else say('Your move: click a line between two dots.');
}

function newGame(start = []) {
  showError('');
  const [rows, cols] = $('#size').value.split('x').map(Number);
  state.game++;
  Object.assign(state, { rows, cols, engine: $('#engine').value, busy: false });
  replay(start, []);
  state.human = $('#first').value === 'me' ? state.toMove : 1 - state.toMove;
  $('#show-chains').checked = false;
  $('#analysis').replaceChildren(el('p', { class: 'muted' }, 'Ask for a hint, the exact value, or the chains: the long chain rule, Nimstring and the control engine\'s advice.'));
  beginTurn();
}

const ui = setupGame({
  moves: () => state.moves.map((m, i) => ({ text: m, by: state.by[i] === state.human ? 'you' : 'engine' })),
  busy: () => state.busy,
  over,
  lastOwnMove: () => {
    for (let i = state.moves.length - 1; i >= 0; i--) if (state.by[i] === state.human) return i;
    return null;
  },
  takeBack: (n) => {
    showError('');
    state.game++;
    state.busy = false;
    replay(state.start, state.moves.slice(0, n), state.by.slice(0, n));
    $('#analysis').replaceChildren(el('p', { class: 'muted' }, 'Taken back. Ask for a hint, the exact value, or the chains for this position.'));
    $('#show-chains').checked = false;
    beginTurn();
  },
  resign: () => { state.resigned = state.human; finish(); },
  fromHere: () => newGame(allMoves()),
  header: () => ({
    game: `Dots and Boxes ${state.rows}x${state.cols}`,
    engine: state.engine,
    players: state.human === 0 ? 'player 1 you, player 2 the engine' : 'player 1 the engine, player 2 you',
    result: over() ? result() : 'unfinished',
  }),
  load: async (text) => {
    const r = parseRecord(text);
    const m = /(\d+)x(\d+)/.exec(r.header.game || '');
    if (!m) throw new Error('the record has no "# Game: Dots and Boxes RxC" line');
    const size = `${m[1]}x${m[2]}`;
    if (![...$('#size').options].some((o) => o.value === size || o.text === size)) throw new Error(`this page plays 2x2 to 5x5, not ${size}`);
    // The server checks the lines (and names the bad one, as the command line does).
    await api('dots/show', { size, moves: r.moves.join(' ') });
    $('#size').value = size;
    const [rows, cols] = size.split('x').map(Number);
    state.game++;
    Object.assign(state, { rows, cols, engine: $('#engine').value, busy: false });
    replay([], r.moves);
    state.human = state.toMove;  // you play the side to move now
    $('#show-chains').checked = false;
    beginTurn();
  },
  analyse: async () => {
    const r = await busy(() => api('dots/analyze-game', { size: `${state.rows}x${state.cols}`, moves: allMoves().join(' ') }));
    const offset = state.start.length;
    const fmt = (v) => (v === null ? '?' : v > 0 ? `+${v}` : String(v));
    const rows = r.moves.slice(offset).map((m, i) => ({
      move: m.move, by: state.by[i] === state.human ? 'you' : 'engine',
      before: fmt(m.value_before), after: fmt(m.value_after),
      best: m.mistake ? m.best.join(', ') : '', mistake: m.mistake,
      note: m.mistake ? `mistake: ${m.boxes_lost} box${m.boxes_lost === 1 ? '' : 'es'} given away` : (m.captured ? `+${m.captured}` : ''),
    }));
    const lost = (p) => r.moves.slice(offset).reduce((t, m, i) => t + (m.mistake && state.by[i] === p ? m.boxes_lost : 0), 0);
    return { rows,
      explain: 'Values are exact (the solver): the best final margin of the boxes still to play, for the player who moved, before and after the move. A move that lowers it gives boxes away; ? marks a position the solver did not finish in time.',
      summary: `You gave away ${lost(state.human)} box(es) by mistakes; the engine ${lost(1 - state.human)}. Exact values for ${r.solved} of ${r.positions} positions (${Number(r.seconds).toFixed(2)} s).` };
  },
});

async function loadBudget() {
  try {
    const s = await (await fetch('/api/status')).json();
    if (s.budget_seconds > 0) state.budget = s.budget_seconds;
  } catch { /* the default of 2 s */ }
}

$('#setup').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
$('#line-form').addEventListener('submit', (e) => { e.preventDefault(); humanMove($('#line').value); $('#line').value = ''; });
$('#hint-button').addEventListener('click', hint);
$('#solve-button').addEventListener('click', solve);
$('#show-chains').addEventListener('change', showChains);
loadBudget().then(() => newGame());
