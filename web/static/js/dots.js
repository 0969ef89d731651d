// Dots and Boxes against an engine: the moves live here; the engine's move, the analysis and the
// exact value come from POST /api/dots/move, /analyze and /solve (the answers of
// `grundy dots move|analyze|solve ... --json`).
import { api, attempt, busy, el, svg, $, makeButton, randomSeed, say, showError } from './common.js';

const S = 80, M = 44;  // pixels between dots, margin
const state = { rows: 3, cols: 3, moves: [], drawnBy: new Map(), owners: [], score: [0, 0],
  toMove: 0, human: 0, engine: 'control', hinted: [], chains: null, busy: false };

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
function play(name) {
  const player = state.toMove;
  state.drawnBy.set(name, player);
  state.moves.push(name);
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

const over = () => state.drawnBy.size === lines().length;
const who = (p) => (p === state.human ? 'You' : 'The engine');

function question() {
  return { size: `${state.rows}x${state.cols}`, moves: state.moves.join(' ') };
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
  const last = state.moves[state.moves.length - 1];
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
  $('#board').dataset.moves = state.moves.join(' ');
  const you = state.human, eng = 1 - state.human;
  $('#score').replaceChildren(
    el('span', { class: `p${you + 1}${state.toMove === you && !over() ? ' turn' : ''}` }, `You ${state.score[you]}`),
    el('span', { class: `p${eng + 1}${state.toMove === eng && !over() ? ' turn' : ''}` }, `Engine (${state.engine}) ${state.score[eng]}`));
  for (const id of ['#draw', '#line', '#hint-button']) $(id).disabled = !canPlay;
}

function log(text) { $('#log').append(el('li', {}, text)); $('#log').scrollTop = 1e9; }

function finish() {
  const me = state.score[state.human], them = state.score[1 - state.human];
  const text = `Game over: ${me > them ? 'you win' : me === them ? 'a tie' : 'the engine wins'} ${Math.max(me, them)}–${Math.min(me, them)}.`;
  say(text);
  log(text);
  document.body.dataset.gameOver = 'true';
}

async function engineTurn() {
  state.busy = true;
  try {
    while (!over() && state.toMove !== state.human) {
      say('The engine is thinking…');
      render();
      const a = await attempt(() => busy(() => api('dots/move', { ...question(), engine: state.engine, seed: randomSeed() })));
      if (!a) return;
      const done = play(a.move);
      log(`Engine: ${a.move}${done ? ` (${done === 1 ? 'a box' : 'two boxes'})` : ''}`);
    }
  } finally {
    state.busy = false;
  }
  render();
  if (over()) finish();
  else say('Your move.');
}

async function humanMove(name) {
  if (state.toMove !== state.human || over() || state.busy) return;
  const n = canonical(name);
  if (!n) { showError(`'${name}' is not a line of this board (lines join neighbouring dots, like a1b1 or a1a2)`); return; }
  if (state.drawnBy.has(n)) { showError(`${n} is already drawn`); return; }
  showError('');
  const done = play(n);
  log(`You: ${n}${done ? ` (${done === 1 ? 'a box' : 'two boxes'})` : ''}`);
  render();
  if (over()) return finish();
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
  const a = await attempt(() => busy(() => api('dots/analyze', { ...question(), seconds: 0 })));
  if (!a) return;
  state.chains = a.chains;
  $('#analysis').replaceChildren(...analysisView(a, false));
  render();
}

async function solve() {
  const r = await attempt(() => busy(() => api('dots/solve', question())));
  if (!r) return;
  const v = Number(r.value);
  const mover = r.to_move - 1 === state.human ? 'you' : 'the engine';
  $('#analysis').replaceChildren(el('p', { id: 'exact' }, el('strong', {}, 'Exact value: '),
    over() ? 'nothing left to play.' : `with ${mover} to move and best play on both sides, ${mover} ${v > 0 ? 'wins' : v === 0 ? 'ties' : 'loses'} the boxes still to play by ${Math.abs(v)}.`),
  r.best.length ? el('p', {}, `Best lines: ${r.best.join(', ')}.`) : '',
  el('p', { class: 'muted' }, `${r.nodes} positions searched in ${Number(r.seconds).toFixed(2)} s.`));
  state.hinted = r.to_move - 1 === state.human ? r.best : [];
  render();
}

function newGame() {
  showError('');
  const [rows, cols] = $('#size').value.split('x').map(Number);
  Object.assign(state, { rows, cols, moves: [], drawnBy: new Map(), owners: new Array(rows * cols).fill(0),
    score: [0, 0], toMove: 0, human: $('#first').value === 'me' ? 0 : 1, engine: $('#engine').value,
    hinted: [], chains: null });
  delete document.body.dataset.gameOver;
  $('#log').replaceChildren();
  $('#show-chains').checked = false;
  render();
  if (state.human === 1) engineTurn();
  else say('Your move: click a line between two dots.');
}

$('#setup').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
$('#line-form').addEventListener('submit', (e) => { e.preventDefault(); humanMove($('#line').value); $('#line').value = ''; });
$('#hint-button').addEventListener('click', hint);
$('#solve-button').addEventListener('click', solve);
$('#show-chains').addEventListener('change', showChains);
newGame();
