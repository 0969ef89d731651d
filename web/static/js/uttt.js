// Ultimate Tic-Tac-Toe against an engine. The page keeps only the move list: the board, the
// legal cells and the result come from POST /api/uttt/show (`grundy uttt show --json`), the
// engine's moves and the hints from POST /api/uttt (`grundy uttt analyze --json`), so the rules
// live in one place, the engine.
import { api, attempt, busy, el, svg, $, makeButton, randomSeed, say, showError } from './common.js';
import { gameOn, gameOver, parseRecord, setupGame } from './game.js';

// The levels: an engine and its thinking time per move (capped below the server's budget).
const LEVELS = {
  1: { engine: 'random', label: 'random' },
  2: { engine: 'heuristic', label: 'rules of thumb' },
  3: { engine: 'mcts', ms: 200, label: 'MCTS 0.2 s' },
  4: { engine: 'mcts', ms: 1000, label: 'MCTS 1 s' },
  5: { engine: 'alphabeta', ms: 1000, label: 'alpha-beta 1 s' },
};
// The hint: MCTS with a fixed number of playouts and seed, so that it is the same answer as
// `grundy uttt analyze --moves ... --iterations 20000 --json` on the command line.
export const HINT_ITERATIONS = 20000;

const ASK = 'Ask for a hint: the engine\'s evaluation of the position and its best move for you.';
const S = 48, G = 8, M = 26;  // cell size, gap between small boards, margin for coordinates
// `game` counts new games: an answer that arrives after a new game was started is dropped.
// moves: every move from the empty board; the first `fixed` are the start position of a game
// begun from a position; by: who played each of the others (0 = X, 1 = O).
const state = { rules: 'standard', moves: [], fixed: 0, by: [], human: 0, level: 3, show: null,
  hinted: null, busy: false, budgetMs: 2000, keyboard: false, game: 0, resigned: false };
export const REVIEW_ITERATIONS = 5000;

const letter = (p) => (p === 0 ? 'X' : 'O');
const cellXY = (name) => [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
const cellName = (x, y) => `${String.fromCharCode(97 + x)}${y + 1}`;
const boardOf = (name) => { const [x, y] = cellXY(name); return Math.floor(y / 3) * 3 + Math.floor(x / 3); };
const pos = (i) => M + i * S + Math.floor(i / 3) * G;

const over = () => !state.show || state.show.over || state.resigned;
const humansTurn = () => state.show && !over() && state.show.to_move === letter(state.human);
const question = () => ({ moves: state.moves.join(' '), rules: state.rules });

function render() {
  const show = state.show;
  const W = 2 * M + 9 * S + 2 * G;
  const parts = [svg('rect', { x: 0, y: 0, width: W, height: W, fill: '#fff' })];
  const canPlay = humansTurn() && !state.busy;
  const legal = new Set(show && !show.over ? show.legal_moves : []);
  const last = state.moves[state.moves.length - 1];
  // The boards the mover may play in: the forced one, or every board with a free cell.
  const targets = new Set([...legal].map(boardOf));
  for (let b = 0; b < 9; b++) {
    const x0 = pos((b % 3) * 3) - G / 2, y0 = pos(Math.floor(b / 3) * 3) - G / 2;
    const size = 3 * S + G;
    const owner = show ? show.boards[b] : '.';
    parts.push(svg('rect', { class: `board-frame${owner === '-' ? ' closed' : ''}`, x: x0, y: y0, width: size, height: size, 'data-board': b }));
  }
  const cells = [];
  for (let y = 0; y < 9; y++)
    for (let x = 0; x < 9; x++) {
      const name = cellName(x, y);
      const mark = show ? show.rows[y][x] : '.';
      const playable = canPlay && legal.has(name);
      const cls = ['cell', playable ? 'playable' : '', name === state.hinted ? 'hinted' : '', name === last ? 'last' : '']
        .filter(Boolean).join(' ');
      const rect = svg('rect', { class: cls, x: pos(x), y: pos(y), width: S, height: S, 'data-cell': name,
        'data-mark': mark });
      if (playable) {
        makeButton(rect, `play ${name}`, (ev) => { state.keyboard = ev.type === 'keydown'; humanMove(name); });
        rect.addEventListener('keydown', (ev) => arrowKey(ev, x, y, legal));
      }
      cells.push(rect);
      const cx = pos(x) + S / 2, cy = pos(y) + S / 2, r = S * 0.3;
      if (mark === 'X') cells.push(svg('path', { class: 'mark-x', d: `M${cx - r} ${cy - r}L${cx + r} ${cy + r}M${cx + r} ${cy - r}L${cx - r} ${cy + r}` }));
      if (mark === 'O') cells.push(svg('circle', { class: 'mark-o', cx, cy, r }));
    }
  parts.push(...cells);
  if (show) for (let b = 0; b < 9; b++) {
    const owner = show.boards[b];
    const cx = pos((b % 3) * 3) + 1.5 * S, cy = pos(Math.floor(b / 3) * 3) + 1.5 * S, r = 1.15 * S;
    if (owner === 'X') parts.push(svg('path', { class: 'big-x', 'data-owner': b, d: `M${cx - r} ${cy - r}L${cx + r} ${cy + r}M${cx + r} ${cy - r}L${cx - r} ${cy + r}` }));
    if (owner === 'O') parts.push(svg('circle', { class: 'big-o', 'data-owner': b, cx, cy, r }));
  }
  if (!over()) for (const b of targets) {
    const x0 = pos((b % 3) * 3) - G / 2, y0 = pos(Math.floor(b / 3) * 3) - G / 2;
    parts.push(svg('rect', { class: show.forced_board ? 'forced' : 'forced free', x: x0 + 2, y: y0 + 2,
      width: 3 * S + G - 4, height: 3 * S + G - 4, rx: 4, 'data-forced': b }));
  }
  for (let i = 0; i < 9; i++) {
    parts.push(svg('text', { class: 'coord', x: pos(i) + S / 2, y: M / 2 }, String.fromCharCode(97 + i)));
    parts.push(svg('text', { class: 'coord', x: M / 2, y: pos(i) + S / 2 }, String(i + 1)));
  }
  const hadFocus = $('#board').contains(document.activeElement);
  $('#board').replaceChildren(svg('svg', { class: 'board uttt', viewBox: `0 0 ${W} ${W}`, role: 'group',
    'aria-label': `Ultimate Tic-Tac-Toe, ${state.rules} rules, after ${state.moves.length} moves` }, parts));
  $('#board').dataset.moves = state.moves.join(' ');
  // Keyboard play: after the engine's reply, the focus returns to the board.
  if (canPlay && (hadFocus || state.keyboard)) {
    const first = $(`svg.uttt .cell.playable[data-cell="${state.hinted}"]`) || $('svg.uttt .cell.playable');
    if (first) first.focus();
  }
  for (const id of ['#play', '#cell', '#hint-button']) $(id).disabled = !canPlay;
  ui.render();
}

// Arrow keys move the focus to the next playable cell in that direction.
function arrowKey(ev, x, y, legal) {
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
  if (!step) return;
  ev.preventDefault();
  for (let i = x + step[0], j = y + step[1]; i >= 0 && i < 9 && j >= 0 && j < 9; i += step[0], j += step[1])
    if (legal.has(cellName(i, j))) { $(`svg.uttt .cell[data-cell="${cellName(i, j)}"]`).focus(); return; }
}

function where(show) {
  return show.forced_board ? `in ${show.forced_board}` : 'in any open board (a free move)';
}

function result() {
  if (state.resigned) return `${letter(state.human)} resigned: the engine wins`;
  const w = state.show.winner;
  const how = state.show.won_on === 'tie-break' ? ' on the tie-break (more boards won)' : '';
  return w === null ? 'a draw' : w === letter(state.human) ? `you win${how}` : `the engine wins${how}`;
}

function finish() {
  gameOver(`Game over: ${result()}.`);
  state.hinted = null;
  render();
}

// Plays `name` for the player to move, if the engine says it is legal; false otherwise (the
// page shows the engine's reason).
async function play(name, who) {
  const moves = [...state.moves, name], game = state.game;
  const show = await attempt(() => busy(() => api('uttt/show', { moves: moves.join(' '), rules: state.rules })));
  if (!show || game !== state.game) return false;
  state.moves = moves;
  state.by.push(who === 'You' ? state.human : 1 - state.human);
  state.show = show;
  state.hinted = null;
  $('#analysis').replaceChildren(el('p', { class: 'muted' }, ASK));
  return true;
}

async function engineTurn() {
  const game = state.game;
  state.busy = true;
  try {
    say('The engine is thinking…');
    render();
    const level = LEVELS[state.level];
    const ask = { ...question(), engine: level.engine, seed: randomSeed() };
    if (level.ms) ask.ms = Math.max(10, Math.min(level.ms, Math.floor(state.budgetMs * 0.8)));
    const a = await attempt(() => busy(() => api('uttt', ask)));
    if (!a || game !== state.game) return;
    if (!(await play(a.best, 'Engine'))) return;
    const rate = Math.round(100 * Number(a.win_rate));
    $('#engine-eval')?.remove();
    if (a.engine === 'mcts' || a.engine === 'alphabeta')
      $('#analysis').prepend(el('p', { id: 'engine-eval', class: 'muted' },
        `The engine (${level.label}) played ${a.best}: ${a.result ? `it has proved a ${a.result} for itself` : `it rates its chances at ${rate}%`}.`));
  } finally {
    if (game === state.game) {
      state.busy = false;
      render();
    }
  }
  if (game !== state.game) return;
  if (over()) finish();
  else if (humansTurn()) say(`Your move (${letter(state.human)}): play ${where(state.show)}.`);
}

async function humanMove(raw) {
  if (!humansTurn() || state.busy) return;
  const name = raw.trim().toLowerCase();
  if (!name) return;
  showError('');
  const game = state.game;
  state.busy = true;
  let played = false;
  try {
    played = await play(name, 'You');
  } finally {
    if (game === state.game) state.busy = false;
  }
  if (game !== state.game) return;
  render();
  if (!played) return;
  if (over()) return finish();
  await engineTurn();
}

async function hint() {
  if (!humansTurn() || state.busy) return;
  const game = state.game, asked = state.moves.length;
  state.busy = true;
  let a;
  try {
    a = await attempt(() => busy(() => api('uttt', { ...question(), engine: 'mcts', iterations: HINT_ITERATIONS, seed: 1 })));
  } finally {
    if (game === state.game) state.busy = false;
  }
  if (!a || game !== state.game || asked !== state.moves.length) return;
  state.hinted = a.best;
  const rate = Math.round(100 * Number(a.win_rate));
  const verdict = a.result === 'win' ? el('span', { class: 'win' }, 'you win with best play (proved)')
    : a.result === 'loss' ? el('span', { class: 'lose' }, 'you lose against best play (proved)')
      : a.result === 'draw' ? el('span', {}, 'a draw with best play (proved)')
        : el('span', { class: rate >= 50 ? 'win' : 'lose' }, `your chances are about ${rate}%`);
  $('#analysis').replaceChildren(
    el('p', { class: 'win', id: 'hint-move', 'data-cell': a.best }, `Hint: play ${a.best}.`),
    el('p', { id: 'evaluation' }, el('strong', {}, 'Evaluation: '), verdict,
      ` (MCTS, ${a.playouts} playouts; a draw counts half).`),
    el('p', {}, el('strong', {}, 'Expected line: '), a.principal_variation.join(' '), '.'));
  render();
}

// A game from `moves` (the first `fixed` of them its start), you playing `human`.
async function startGame(moves, fixed, by, human) {
  showError('');
  Object.assign(state, { rules: $('#rules').value, moves: [...moves], fixed, by: [...by], human,
    level: Number($('#level').value), show: null, hinted: null, keyboard: false, busy: false,
    resigned: false, game: state.game + 1 });
  const game = state.game;
  gameOn();
  $('#analysis').replaceChildren(el('p', { class: 'muted' }, ASK));
  const show = await attempt(() => busy(() => api('uttt/show', question())));
  if (!show || game !== state.game) return;
  state.show = show;
  render();
  if (over()) return finish();
  if (!humansTurn()) await engineTurn();
  else if (moves.length === 0) say('Your move (X): play anywhere. The centre of the centre board (e5) is the classic start.');
  else say(`Your move (${letter(state.human)}): play ${where(state.show)}.`);
}

async function newGame() {
  await startGame([], 0, [], $('#first').value === 'me' ? 0 : 1);
}

const ui = setupGame({
  moves: () => state.moves.slice(state.fixed).map((m, i) => ({ text: m, by: state.by[i] === state.human ? 'you' : 'engine' })),
  busy: () => state.busy,
  over,
  lastOwnMove: () => {
    for (let i = state.by.length - 1; i >= 0; i--) if (state.by[i] === state.human) return i;
    return null;
  },
  takeBack: (n) => busy(() => startGame(state.moves.slice(0, state.fixed + n), state.fixed, state.by.slice(0, n), state.human)),
  resign: () => { state.resigned = true; finish(); },
  fromHere: () => {
    const toMove = state.show && state.show.to_move === 'O' ? 1 : 0;
    const human = $('#first').value === 'me' ? toMove : 1 - toMove;
    return busy(() => startGame(state.moves, state.moves.length, [], human));
  },
  header: () => ({
    game: `Ultimate Tic-Tac-Toe, ${state.rules} rules`,
    engine: `level ${state.level}: ${LEVELS[state.level].label}`,
    players: state.human === 0 ? 'X you, O the engine' : 'X the engine, O you',
    result: over() && state.show ? (state.resigned ? `${letter(state.human)} resigned: ${letter(1 - state.human)} wins`
      : state.show.winner === null ? 'a draw' : `${state.show.winner} wins`) : 'unfinished',
  }),
  load: async (text) => {
    const r = parseRecord(text);
    const rules = /orlin/.test(r.header.game || '') ? 'orlin' : 'standard';
    // The server checks the moves and names an illegal one, as the command line does.
    const show = await api('uttt/show', { moves: r.moves.join(' '), rules });
    $('#rules').value = rules;
    const human = show.to_move === 'X' ? 0 : 1;  // you play the side to move now
    const by = r.moves.map((_, i) => i % 2);
    await busy(() => startGame(r.moves.map((m) => m.toLowerCase()), 0, by, human));
  },
  analyse: async () => {
    const r = await busy(() => api('uttt/analyze-game', { moves: state.moves.join(' '), rules: state.rules, iterations: REVIEW_ITERATIONS }));
    const pct = (v) => `${Math.round(100 * Number(v))}%`;
    const rows = r.moves.slice(state.fixed).map((m, i) => ({
      move: m.move, by: state.by[i] === state.human ? 'you' : 'engine',
      before: pct(m.value_before) + (m.result_before ? ` (${m.result_before})` : ''),
      after: pct(m.value_after) + (m.result_after ? ` (${m.result_after})` : ''),
      best: m.move !== m.best ? m.best : '', mistake: m.mistake,
      note: m.mistake ? 'mistake' : '' }));
    const count = (p) => r.moves.slice(state.fixed).filter((m, i) => m.mistake && state.by[i] === p).length;
    return { rows,
      explain: `Values are the mover's chances (a draw counts half) before and after the move, from MCTS with ${r.iterations} playouts per position (the same as grundy uttt analyze-game --iterations ${r.iterations}); a drop of ${Math.round(100 * r.mistake_drop)} points or a proved win let go is a mistake.`,
      summary: `Your mistakes: ${count(state.human)}; the engine's: ${count(1 - state.human)}.` };
  },
});

async function loadBudget() {
  try {
    const res = await fetch('/api/status');
    const s = await res.json();
    if (s.budget_seconds > 0) state.budgetMs = s.budget_seconds * 1000;
  } catch { /* the default of 2 s */ }
}

$('#setup').addEventListener('submit', (e) => { e.preventDefault(); busy(newGame); });
$('#cell-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const name = $('#cell').value;
  $('#cell').value = '';
  humanMove(name);
});
$('#hint-button').addEventListener('click', hint);
busy(async () => { await loadBudget(); await newGame(); });
