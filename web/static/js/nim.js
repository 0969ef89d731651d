// Nim against the engine or a friend. The position lives here; every question (the value, the
// winning moves) goes to POST /api/nim, the same answer as `grundy nim ... --json`.
import { api, attempt, busy, el, $, say, showError } from './common.js';

const MAX_TOKENS_SHOWN = 40;
const state = { heaps: [], misere: false, vsEngine: true, human: 0, toMove: 0, over: false };

function playerName(p) {
  if (!state.vsEngine) return `Player ${p + 1}`;
  return p === state.human ? 'You' : 'The engine';
}

function parseHeaps(text) {
  const words = text.trim().split(/[\s,]+/).filter(Boolean);
  if (words.length === 0) throw new Error('give at least one heap, like 3 4 5');
  if (words.length > 12) throw new Error('at most 12 heaps on this page');
  return words.map((w, i) => {
    if (!/^\d+$/.test(w)) throw new Error(`heap ${i + 1}: '${w}' is not a whole number`);
    const v = BigInt(w);
    if (v > (1n << 63n) - 1n) throw new Error(`heap ${i + 1}: ${w} is above 2^63-1`);
    return v;
  });
}

async function analyse() {
  return api('nim', { heaps: state.heaps.map(String), misere: state.misere });
}

function render(hinted = null) {
  const board = $('#board');
  board.replaceChildren();
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
    } else {
      tokens.append(el('span', { class: 'mono' }, `${h} tokens`));
    }
    board.append(el('div', { class: 'heap', 'data-heap': i },
      el('span', { class: 'name' }, `Heap ${i + 1}: ${h}`), tokens));
  });
  const select = $('#from-heap');
  const keep = select.value;
  select.replaceChildren(...state.heaps.map((h, i) => el('option', { value: i }, `${i + 1} (${h})`)));
  if (keep !== '' && Number(keep) < state.heaps.length) select.value = keep;
  for (const id of ['#play', '#take', '#from-heap', '#hint-button']) $(id).disabled = !humansTurn();
}

function humansTurn() {
  return !state.over && (!state.vsEngine || state.toMove === state.human);
}

function log(text) {
  $('#log').append(el('li', {}, text));
  $('#log').scrollTop = 1e9;
}

function finishIfOver() {
  if (state.heaps.some((h) => h > 0n)) return false;
  state.over = true;
  // The player who just moved took the last token.
  const last = 1 - state.toMove;
  const winner = state.misere ? state.toMove : last;
  const text = `Game over: ${playerName(winner)} ${playerName(winner) === 'You' ? 'win' : 'wins'}` +
    ` (${playerName(last).toLowerCase()} took the last token${state.misere ? ', which loses in misère play' : ''}).`;
  say(text);
  document.body.dataset.gameOver = 'true';
  log(text);
  return true;
}

function apply(player, heap, take) {
  state.heaps[heap] -= take;
  log(`${playerName(player)}: take ${take} from heap ${heap + 1} (leaving ${state.heaps[heap]})`);
  state.toMove = 1 - state.toMove;
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

async function engineMove() {
  say('The engine is thinking…');
  const a = await attempt(() => busy(analyse));
  if (!a) return;
  let heap, take;
  if (a.winning_moves.length > 0) {
    const m = a.winning_moves[0];
    heap = Number(m.heap);
    take = BigInt(m.from) - BigInt(m.to);
  } else {
    // A lost position: take one token from the largest heap and hope for a mistake.
    heap = state.heaps.reduce((best, h, i) => (h > state.heaps[best] ? i : best), 0);
    take = 1n;
  }
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
  return el('table', { class: 'data bits', 'aria-label': 'heaps in binary and their xor' },
    el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, 'size'),
      ...Array.from({ length: width }, (_, i) => el('th', {}, String(2 ** (width - 1 - i)))))),
    el('tbody', {}, heaps.map((h, i) => row(`heap ${i + 1}`, h)), row('xor', BigInt(a.nim_sum), 'xor')));
}

async function hint() {
  const a = await attempt(() => busy(analyse));
  if (!a) return;
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

function newGame() {
  showError('');
  let heaps;
  try { heaps = parseHeaps($('#heaps').value); } catch (e) { showError(e.message); return; }
  state.heaps = heaps;
  state.misere = $('#rule').value === 'misere';
  state.vsEngine = $('#opponent').value === 'engine';
  state.human = state.vsEngine && $('#first').value === 'engine' ? 1 : 0;
  state.toMove = 0;
  state.over = false;
  delete document.body.dataset.gameOver;
  $('#log').replaceChildren();
  $('#hint').replaceChildren(el('p', { class: 'muted' }, 'Ask for a hint: the heaps in binary, their xor, and the move that makes it zero.'));
  render();
  if (finishIfOver()) return;
  if (state.vsEngine && state.human === 1) engineMove();
  else say(state.vsEngine ? 'Your move.' : 'Player 1 to move.');
}

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
$('#opponent').addEventListener('change', () => { $('#first').disabled = $('#opponent').value !== 'engine'; });
newGame();
