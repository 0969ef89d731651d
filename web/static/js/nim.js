// Nim against the engine or a friend. The game is its start heaps and its moves; the position
// is replayed from them. Every question (the value, the winning moves) goes to POST /api/nim,
// the same answer as `grundy nim ... --json`.
import { api, attempt, busy, el, $, say, showError } from './common.js';
import { gameOn, gameOver, parseRecord, setupGame } from './game.js';

const MAX_TOKENS_SHOWN = 40;
// start: the heaps the game began with; moves: [{ heap, take, player }].
const state = { start: [], heaps: [], moves: [], misere: false, vsEngine: true, human: 0,
  toMove: 0, over: false, resigned: -1, level: 3, thinking: false, game: 0 };

function playerName(p) {
  if (!state.vsEngine) return `Player ${p + 1}`;
  return p === state.human ? 'You' : 'The engine';
}
const by = (p) => (state.vsEngine ? (p === state.human ? 'you' : 'engine') : `player ${p + 1}`);

function parseHeaps(text) {
  const words = text.trim().split(/[\s,]+/).filter(Boolean);
  if (words.length === 0) throw new Error('give at least one heap, like 3 4 5');
  if (words.length > 12) throw new Error('at most 12 heaps on this page');
  const heaps = words.map((w, i) => {
    if (!/^\d+$/.test(w)) throw new Error(`heap ${i + 1}: '${w}' is not a whole number`);
    const v = BigInt(w);
    if (v > (1n << 63n) - 1n) throw new Error(`heap ${i + 1}: ${w} is above 2^63-1`);
    return v;
  });
  if (heaps.every((h) => h === 0n))
    throw new Error('every heap is empty, so there is no move to make: give at least one token');
  return heaps;
}

const moveName = (m) => `h${m.heap + 1}-${m.take}`;

async function analyse(heaps = state.heaps) {
  return api('nim', { heaps: heaps.map(String), misere: state.misere });
}

function humansTurn() {
  return !state.over && !state.thinking && (!state.vsEngine || state.toMove === state.human);
}

function render(hinted = null) {
  const board = $('#board');
  board.replaceChildren();
  const last = state.moves[state.moves.length - 1];
  state.heaps.forEach((h, i) => {
    const tokens = el('div', { class: 'tokens' });
    if (h <= BigInt(MAX_TOKENS_SHOWN)) {
      const n = Number(h);
      for (let k = 0; k < n; k++) {
        // Token k (from the left) takes every token from k on: n - k tokens.
        const take = n - k;
        const hintTake = hinted && hinted.heap === i ? Number(hinted.from - hinted.to) : 0;
        const b = el('button', {
          type: 'button', class: 'token' + (hintTake && k >= n - hintTake ? ' hinted' : ''),
          'aria-label': `take ${take} from heap ${i + 1}, leaving ${k}`,
          'data-heap': i, 'data-take': take,
          onclick: () => humanMove(i, BigInt(take)),
        });
        b.disabled = !humansTurn();
        tokens.append(b);
      }
      // The tokens the last move took, faded, where they were.
      if (last && last.heap === i && last.take <= BigInt(MAX_TOKENS_SHOWN))
        for (let k = 0; k < Number(last.take); k++) tokens.append(el('span', { class: 'token taken', 'aria-hidden': 'true' }));
    } else {
      tokens.append(el('span', { class: 'mono' }, `${h} tokens`));
    }
    const isLast = last && last.heap === i;
    board.append(el('div', { class: 'heap' + (isLast ? ' last' : ''), 'data-heap': i },
      el('span', { class: 'name' }, `Heap ${i + 1}: ${h}`), tokens,
      isLast ? el('span', { class: 'last-move' }, `${by(last.player)} took ${last.take}`) : null));
  });
  const select = $('#from-heap');
  const keep = select.value;
  select.replaceChildren(...state.heaps.map((h, i) => el('option', { value: i }, `${i + 1} (${h})`)));
  if (keep !== '' && Number(keep) < state.heaps.length) select.value = keep;
  for (const id of ['#play', '#take', '#from-heap', '#hint-button']) $(id).disabled = !humansTurn();
  ui.render();
}

function result() {
  if (state.resigned >= 0) return `${playerName(state.resigned)} resigned`;
  if (!state.over) return '';
  // The player who moved last took the last token.
  const last = 1 - state.toMove;
  const winner = state.misere ? state.toMove : last;
  return `${playerName(winner)} ${playerName(winner) === 'You' ? 'win' : 'wins'}` +
    ` (${playerName(last).toLowerCase()} took the last token${state.misere ? ', which loses in misère play' : ''})`;
}

function finishIfOver() {
  if (state.resigned < 0 && state.heaps.some((h) => h > 0n)) return false;
  state.over = true;
  gameOver(`Game over: ${result()}.`);
  $('#hint').replaceChildren(el('p', { class: 'muted' }, 'The game is over. Analyse it below, take a move back, or start a new game.'));
  return true;
}

function apply(player, heap, take) {
  state.heaps[heap] -= take;
  state.moves.push({ heap, take, player });
  state.toMove = 1 - state.toMove;
}

// The position after the first n moves, replayed from the start heaps.
function replay(moves) {
  state.heaps = [...state.start];
  state.moves = [];
  state.toMove = 0;
  for (const m of moves) apply(m.player, m.heap, m.take);
}

async function humanMove(heap, take) {
  if (!humansTurn()) return;
  if (take <= 0n || take > state.heaps[heap]) {
    showError(`heap ${heap + 1} has ${state.heaps[heap]} tokens: take from 1 to ${state.heaps[heap]}`);
    return;
  }
  showError('');
  apply(state.toMove, heap, take);
  $('#hint').replaceChildren(el('p', { class: 'muted' }, 'Ask for a hint for the new position.'));
  if (finishIfOver()) return render();
  render();
  if (state.vsEngine) await engineMove();
  else say(`${playerName(state.toMove)} to move.`);
}

// The engine's move at its level: perfect plays a winning move whenever there is one; good
// plays one three times in four; beginner takes at random.
function pick(a) {
  const random = () => {
    const heaps = state.heaps.map((h, i) => (h > 0n ? i : -1)).filter((i) => i >= 0);
    const heap = heaps[Math.floor(Math.random() * heaps.length)];
    const h = state.heaps[heap];
    const take = h <= 1000n ? BigInt(1 + Math.floor(Math.random() * Number(h))) : 1n + (h >> 1n);
    return { heap, take };
  };
  const errs = state.level === 1 || (state.level === 2 && Math.random() < 0.25);
  if (!errs && a.winning_moves.length > 0) {
    const m = a.winning_moves[0];
    return { heap: Number(m.heap), take: BigInt(m.from) - BigInt(m.to) };
  }
  if (!errs) {
    // A lost position: take one token from the largest heap and hope for a mistake.
    const heap = state.heaps.reduce((best, h, i) => (h > state.heaps[best] ? i : best), 0);
    return { heap, take: 1n };
  }
  return random();
}

async function engineMove() {
  const game = state.game;
  say('The engine is thinking…');
  state.thinking = true;
  render();
  const a = await attempt(() => busy(() => analyse()));
  state.thinking = false;
  if (!a || game !== state.game) { render(); return; }
  const { heap, take } = pick(a);
  apply(1 - state.human, heap, take);
  if (finishIfOver()) return render();
  render();
  say('Your move.');
}

function bitsTable(heaps, a) {
  const width = Math.max(1, ...heaps.map((h) => h.toString(2).length), BigInt(a.nim_sum).toString(2).length);
  const row = (label, v, cls) => {
    const bits = v.toString(2).padStart(width, '0');
    return el('tr', { class: cls || '' }, el('th', { scope: 'row' }, label), el('td', {}, String(v)),
      ...[...bits].map((b) => el('td', { class: b === '1' ? 'one' : '' }, b)));
  };
  // Column headers as exact powers of two (2^62 is 4611686018427387904, not a rounded double);
  // above 2^20 they are written as powers.
  const head = (k) => (k > 20 ? `2^${k}` : (1n << BigInt(k)).toString());
  return el('table', { class: 'data bits', 'aria-label': 'heaps in binary and their xor' },
    el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, 'size'),
      ...Array.from({ length: width }, (_, i) => el('th', { title: (1n << BigInt(width - 1 - i)).toString() }, head(width - 1 - i))))),
    el('tbody', {}, heaps.map((h, i) => row(`heap ${i + 1}`, h)), row('xor', BigInt(a.nim_sum), 'xor')));
}

async function hint() {
  if (!humansTurn()) return;
  const a = await attempt(() => busy(() => analyse()));
  if (!a || state.over) return;
  const heaps = state.heaps;
  const box = $('#hint');
  const allSmall = heaps.every((h) => h <= 1n);
  const parts = [bitsTable(heaps, a)];
  let text;
  if (!state.misere) {
    text = BigInt(a.nim_sum) === 0n
      ? 'The xor is 0: whatever you take, the xor becomes non-zero and your opponent can make it 0 again. You are losing against perfect play; take little and hope.'
      : `The xor is ${a.nim_sum}, not 0: you win by reducing a heap so that the xor becomes 0.`;
  } else if (allSmall) {
    text = `Every heap has at most one token, so play is forced. ${a.winner === 'first' ? 'You win' : 'You lose'} with ${heaps.filter((h) => h === 1n).length} heaps of one.`;
  } else {
    text = `Misère Nim plays like normal Nim (make the xor 0) until a move would leave only heaps of 0 or 1: then leave an odd number of 1-heaps. The xor is ${a.nim_sum}.`;
  }
  parts.push(el('p', {}, text));
  const moves = a.winning_moves;
  let hinted = null;
  if (moves.length > 0) {
    const m = moves[0];
    hinted = { heap: Number(m.heap), from: BigInt(m.from), to: BigInt(m.to) };
    const x = BigInt(a.nim_sum);
    const explain = !state.misere || (hinted.from ^ x) === hinted.to ? ` (${m.from} xor ${x} = ${m.to})` : '';
    parts.push(el('p', { class: 'win', id: 'hint-move', 'data-heap': hinted.heap,
      'data-take': String(hinted.from - hinted.to) },
      `Winning move: take ${hinted.from - hinted.to} from heap ${hinted.heap + 1}, leaving ${m.to}${explain}.`));
    if (moves.length > 1) parts.push(el('p', { class: 'muted' }, `${moves.length} winning moves in all.`));
  } else {
    parts.push(el('p', { class: 'lose', id: 'hint-move' }, 'No winning move here.'));
  }
  box.replaceChildren(...parts);
  render(hinted);
}

function settings() {
  state.misere = $('#rule').value === 'misere';
  state.vsEngine = $('#opponent').value === 'engine';
  state.level = Number($('#level').value);
}

// A new game from `heaps`; `human` is the player index of the person (0 moves first).
function start(heaps, human) {
  state.game++;
  state.start = [...heaps];
  state.heaps = [...heaps];
  state.moves = [];
  state.human = human;
  state.toMove = 0;
  state.over = false;
  state.resigned = -1;
  state.thinking = false;
  gameOn();
  $('#hint').replaceChildren(el('p', { class: 'muted' }, 'Ask for a hint: the heaps in binary, their xor, and the move that makes it zero.'));
  render();
  if (finishIfOver()) return render();
  if (state.vsEngine && state.human !== state.toMove) engineMove();
  else say(state.vsEngine ? 'Your move.' : 'Player 1 to move.');
}

function newGame() {
  showError('');
  let heaps;
  try { heaps = parseHeaps($('#heaps').value); } catch (e) { showError(e.message); return; }
  settings();
  start(heaps, state.vsEngine && $('#first').value === 'engine' ? 1 : 0);
}

// Back to the position after n moves; the game goes on from there.
function takeBack(n) {
  showError('');
  state.game++;
  state.thinking = false;
  replay(state.moves.slice(0, n));
  state.over = false;
  state.resigned = -1;
  gameOn();
  render();
  if (finishIfOver()) return render();
  if (state.vsEngine && state.toMove !== state.human) engineMove();
  else say(state.vsEngine ? 'Your move.' : `${playerName(state.toMove)} to move.`);
}

const ui = setupGame({
  moves: () => state.moves.map((m) => ({ text: moveName(m), by: by(m.player) })),
  busy: () => state.thinking,
  over: () => state.over,
  lastOwnMove: () => {
    if (!state.vsEngine) return state.moves.length ? state.moves.length - 1 : null;
    for (let i = state.moves.length - 1; i >= 0; i--) if (state.moves[i].player === state.human) return i;
    return null;
  },
  takeBack,
  resign: () => {
    state.resigned = state.vsEngine ? state.human : state.toMove;
    finishIfOver();
    render();
  },
  fromHere: () => {
    settings();
    if (state.heaps.every((h) => h === 0n)) { showError('every heap is empty: nothing to play from here'); return; }
    start(state.heaps, state.vsEngine && $('#first').value === 'engine' ? 1 : 0);
  },
  header: () => ({
    game: `Nim, ${state.misere ? 'misère' : 'normal'} play`,
    engine: state.vsEngine ? ['', 'beginner (random moves)', 'good (a wrong move now and then)', 'perfect'][state.level] : 'none (two players)',
    players: state.vsEngine ? (state.human === 0 ? 'player 1 you, player 2 the engine' : 'player 1 the engine, player 2 you') : 'two players',
    result: state.over ? result() : 'unfinished',
    extra: [`Heaps: ${state.start.join(' ')}`, `Rule: ${state.misere ? 'misere' : 'normal'}`],
  }),
  load: (text) => {
    const r = parseRecord(text);
    if (!r.header.heaps) throw new Error('the record has no "# Heaps:" line');
    const heaps = parseHeaps(r.header.heaps);
    $('#heaps').value = heaps.join(' ');
    $('#rule').value = /mis/.test(r.header.rule || '') ? 'misere' : 'normal';
    settings();
    const moves = r.moves.map((w, i) => {
      const m = /^h(\d+)-(\d+)$/.exec(w);
      if (!m) throw new Error(`move ${i + 1} '${w}' is not h<heap>-<tokens>, like h1-2`);
      return { heap: Number(m[1]) - 1, take: BigInt(m[2]) };
    });
    const h = [...heaps];
    moves.forEach((m, i) => {
      if (m.heap < 0 || m.heap >= h.length) throw new Error(`move ${i + 1}: there is no heap ${m.heap + 1}`);
      if (m.take < 1n || m.take > h[m.heap]) throw new Error(`move ${i + 1}: heap ${m.heap + 1} has ${h[m.heap]} tokens, so take 1 to ${h[m.heap]}`);
      h[m.heap] -= m.take;
    });
    state.game++;
    state.start = [...heaps];
    replay(moves.map((m, i) => ({ ...m, player: i % 2 })));
    // You play the side to move now.
    state.human = state.vsEngine ? state.toMove : 0;
    state.over = false;
    state.resigned = -1;
    state.thinking = false;
    gameOn();
    $('#hint').replaceChildren(el('p', { class: 'muted' }, 'Ask for a hint for this position.'));
    render();
    if (!finishIfOver()) say(state.vsEngine ? 'Your move.' : `${playerName(state.toMove)} to move.`);
    render();
  },
  // Exact values from Bouton's theorem: the position before and after each move, each asked of
  // POST /api/nim (the value is the xor; 0 means the player to move loses).
  analyse: async () => {
    const positions = [];
    let h = [...state.start];
    positions.push(h);
    for (const m of state.moves) { h = [...h]; h[m.heap] -= m.take; positions.push(h); }
    const answers = await busy(() => Promise.all(positions.map((p) => analyse(p))));
    const rows = state.moves.map((m, i) => {
      const before = answers[i], after = answers[i + 1];
      const wonBefore = before.winner === 'first', lostAfter = after.winner === 'second';
      const best = before.winning_moves.length
        ? `h${Number(before.winning_moves[0].heap) + 1}-${BigInt(before.winning_moves[0].from) - BigInt(before.winning_moves[0].to)}` : '';
      const word = (a) => `${a.value}${a.winner === 'first' ? ' (win)' : ' (loss)'}`;
      return { move: moveName(m), by: by(m.player), before: word(before),
        after: `${after.value}${after.winner === 'first' ? ' (opponent wins)' : ' (opponent loses)'}`,
        best: wonBefore ? best : '', mistake: wonBefore && !lostAfter,
        note: wonBefore && !lostAfter ? 'mistake: a won position given away' : '' };
    });
    const count = (p) => rows.filter((r, i) => r.mistake && state.moves[i].player === p).length;
    return { rows, explain: `Values are the Grundy value of the heaps (${state.misere ? 'misère' : 'normal'} play) before the move, for the player to move, and after it, for the opponent: a player who moves from a non-zero value to a non-zero value gives the win away.`,
      summary: state.vsEngine ? `Your mistakes: ${count(state.human)}; the engine's: ${count(1 - state.human)}.` : `Mistakes: player 1 ${count(0)}, player 2 ${count(1)}.` };
  },
});

$('#setup').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
$('#random').addEventListener('click', () => {
  const n = 3 + Math.floor(Math.random() * 3);
  $('#heaps').value = Array.from({ length: n }, () => 1 + Math.floor(Math.random() * 9)).join(' ');
});
$('#move').addEventListener('submit', (e) => {
  e.preventDefault();
  const t = $('#take').value.trim();
  if (!/^\d+$/.test(t)) { showError(`'${t}' is not a whole number of tokens`); return; }
  humanMove(Number($('#from-heap').value), BigInt(t));
});
$('#hint-button').addEventListener('click', hint);
$('#opponent').addEventListener('change', () => {
  const engine = $('#opponent').value === 'engine';
  $('#first').disabled = !engine;
  $('#level').disabled = !engine;
});
newGame();
