// The subtraction and octal explorer: POST /api/subtraction and /api/octal, the answers of
// `grundy subtraction ... --json` and `grundy octal ... --json`.
import { api, attempt, busy, el, svg, $, $$ } from './common.js';

const EXAMPLES = [
  ['subtraction', '1,3,4', 'S = {1,3,4}'],
  ['subtraction', '1,2,3', 'take 1–3 (Baskin-Robbins)'],
  ['subtraction', 'powers:4', 'powers of 4'],
  ['subtraction', 'squares', 'squares'],
  ['octal', '0.77', 'Kayles 0.77'],
  ['octal', '0.07', "Dawson's Kayles"],
  ['octal', '0.137', '0.137'],
  ['octal', 'grundy', "Grundy's game"],
  ['octal', '0.8f', 'hexadecimal 0.8f'],
];

const kind = () => $$('input[name=kind]').find((r) => r.checked).value;

// Hexadecimal codes (a digit 8-f: a move may leave three heaps) cost O(n^2) or more per value,
// so the page's period search stops at 1024 values (the command line goes on to 4096): within
// the server's budget even on a busy machine.
const HEX_LIMIT = 1024;
const isHex = (code) => /\.[0-9a-f]*[89a-f]/i.test(code);

function question(extra) {
  const k = kind();
  const body = { misere: $('#misere').checked, ...extra };
  if (k === 'subtraction') body.set = $('#spec').value.trim();
  else {
    body.code = $('#spec').value.trim();
    if (isHex(body.code) && body.values !== undefined && !body.misere) body.limit = HEX_LIMIT;
  }
  return [k, body];
}

// "Kayles 0.77", "S = {1,3,4}", "Grundy's game": the game a table belongs to.
function gameLabel(k, body) {
  const known = EXAMPLES.find(([kk, spec]) => kk === k && spec === (body.set || body.code));
  const name = k === 'subtraction' ? `the subtraction game S = {${body.set}}`
    : body.code === 'grundy' ? "Grundy's game" : `${isHex(body.code) ? 'hexadecimal' : 'octal'} game ${body.code}`;
  const named = known && k === 'octal' && body.code !== 'grundy'
    ? (known[2].includes(body.code) ? known[2] : `${known[2]} (${body.code})`) : name;
  return named +
    (body.misere ? ', misère play' : '');
}

function periodOf(a) {
  return a.period === null || a.period === undefined ? null
    : { pre: Number(a.preperiod), per: Number(a.period) };
}

function summary(a, k) {
  const p = periodOf(a);
  if (!p) {
    if (a.rule === 'misere') return 'Misère values of single heaps (no period is claimed).';
    if (a.game === 'grundy') return "Grundy's game has no known period, and no theorem could prove one.";
    return 'No period found' + (k === 'subtraction' && !a.certified ? ' in these values.' : ' within the search limit.');
  }
  const how = a.certified
    ? (k === 'octal'
      ? `proven by the octal periodicity theorem (checked ${a.proof ? a.proof.inequality : ''})`
      : 'proven: the values before n repeat a full window, so they repeat forever')
    : 'observed in these values only, not proven';
  return `Period ${p.per} from n = ${p.pre}: ${how}.`;
}

// Tables beyond this many values are drawn in slices, a frame at a time, so that the page stays
// responsive (100,000 cells at once froze it for seconds); the plot summarises them.
const SLICE = 2000;
let drawing = 0;  // the table being drawn; a newer one stops an older one

function renderValues(a) {
  const p = periodOf(a);
  const box = $('#values');
  const cell = (v, n) => {
    let cls = 'cell';
    if (p) cls += n < p.pre ? ' pre' : ' period' + (n < p.pre + p.per ? ' first' : '');
    if (Number(v) === 0) cls += ' zero';
    return el('div', { class: cls, title: `G(${n}) = ${v}` }, el('small', {}, String(n)), String(v));
  };
  box.replaceChildren();
  const id = ++drawing;
  let at = 0;
  const step = () => {
    if (id !== drawing) return;
    const end = Math.min(a.values.length, at + SLICE);
    const part = document.createDocumentFragment();
    for (; at < end; at++) part.append(cell(a.values[at], at));
    box.append(part);
    if (at < a.values.length) requestAnimationFrame(step);
    else delete box.dataset.drawing;
  };
  box.dataset.drawing = 'true';
  step();
}

function renderPlot(a) {
  const values = a.values.map(Number);
  const W = 720, H = 240, L = 36, B = 24, T = 10, R = 10;
  const maxV = Math.max(1, ...values.slice(0, 200000));
  const x = (n) => L + (values.length <= 1 ? 0 : (n * (W - L - R)) / (values.length - 1));
  const y = (v) => H - B - (v * (H - B - T)) / maxV;
  const p = periodOf(a);
  const parts = [];
  if (p && p.pre > 0) parts.push(svg('rect', { x: L, y: T, width: Math.max(0, x(Math.min(p.pre, values.length - 1)) - L), height: H - B - T, fill: '#fdf0d5' }));
  const columns = W - L - R;
  if (p && (values.length - p.pre) / p.per <= columns / 4)
    for (let s = p.pre; s < values.length; s += p.per)
      parts.push(svg('line', { x1: x(s), x2: x(s), y1: T, y2: H - B, stroke: '#2f6fdf', 'stroke-dasharray': '3 4', 'stroke-width': 1 }));
  for (let v = 0; v <= maxV; v += Math.max(1, Math.ceil(maxV / 6)))
    parts.push(svg('text', { x: L - 6, y: y(v), 'text-anchor': 'end', 'dominant-baseline': 'middle', 'font-size': 11, fill: '#5b6474' }, String(v)));
  parts.push(svg('text', { x: L, y: H - 6, 'font-size': 11, fill: '#5b6474' }, '0'));
  parts.push(svg('text', { x: W - R, y: H - 6, 'font-size': 11, fill: '#5b6474', 'text-anchor': 'end' }, `n = ${values.length - 1}`));
  parts.push(svg('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: '#1d2330' }));
  if (values.length <= 2 * columns) {
    parts.push(svg('polyline', { points: values.map((v, n) => `${x(n)},${y(v)}`).join(' '), fill: 'none', stroke: '#94a3b8', 'stroke-width': 1 }));
    const r = values.length > 400 ? 1.2 : 2.5;
    for (let n = 0; n < values.length; n++)
      parts.push(svg('circle', { cx: x(n), cy: y(values[n]), r, fill: values[n] === 0 ? '#c2362f' : '#2f6fdf' }));
  } else {
    // One vertical bar per pixel column from its least to its largest value (a red dot where the
    // column holds a 0): a few hundred elements for any number of values.
    for (let c = 0; c < columns; c++) {
      const from = Math.floor((c * values.length) / columns), to = Math.floor(((c + 1) * values.length) / columns);
      let lo = Infinity, hi = -Infinity, zero = false;
      for (let n = from; n < to; n++) { lo = Math.min(lo, values[n]); hi = Math.max(hi, values[n]); zero ||= values[n] === 0; }
      if (lo === Infinity) continue;
      parts.push(svg('line', { x1: L + c + 0.5, x2: L + c + 0.5, y1: y(lo) + 0.5, y2: y(hi) - 0.5, stroke: '#2f6fdf', 'stroke-width': 1 }));
      if (zero) parts.push(svg('circle', { cx: L + c + 0.5, cy: y(0), r: 1, fill: '#c2362f' }));
    }
  }
  $('#plot').replaceChildren(svg('svg', { class: 'plot', viewBox: `0 0 ${W} ${H}`, role: 'img',
    'aria-label': `plot of G(n) for n from 0 to ${values.length - 1}; zeros in red` }, parts));
}

// After an error the previous table does not stay as if it answered the new question.
function clearTable(message) {
  drawing++;
  $('#values').replaceChildren();
  $('#plot').replaceChildren();
  $('#table-title').textContent = message;
  $('#summary').textContent = '';
}

async function compute() {
  const count = $('#count').value.trim() || '100';
  const [k, body] = question({ values: count });
  const label = gameLabel(k, body);
  $('#values').classList.add('stale');
  const a = await attempt(() => busy(() => api(k, body)));
  $('#values').classList.remove('stale');
  if (!a) { clearTable(`No table: the question about ${label} was refused (the message above).`); return; }
  $('#table-title').textContent = `G(n) of ${label}, n = 0 to ${a.values.length - 1}`;
  $('#summary').textContent = summary(a, k) + (body.limit ? ` (The page's period search stops at ${body.limit} values; grundy octal ${body.code} searches further.)` : '');
  renderValues(a);
  renderPlot(a);
}

function moveText(k, m) {
  if (k === 'subtraction') return `take ${m.take}, leaving ${m.to}`;
  const took = BigInt(m.take) === 0n ? 'split without taking' : `take ${m.take}`;
  if (m.leaves.length === 0) return `${took}, leaving nothing`;
  if (m.leaves.length === 1) return `${took}, leaving a heap of ${m.leaves[0]}`;
  return `${took}, leaving heaps of ${m.leaves.join(' and ')}`;
}

async function analyseHeap() {
  const n = $('#at').value.trim();
  const [k, body] = question({ at: n });
  const a = await attempt(() => busy(() => api(k, body)));
  if (!a) return;
  const moves = a.winning_moves;
  const parts = [el('p', {}, `G(${a.n}) = ${a.value}`,
    a.from_period ? ' (from the proven period, in O(1))' : '', '; ',
    el('span', { class: a.winner === 'first' ? 'win' : 'lose' },
      a.winner === 'first' ? 'the player to move wins.' : 'the player to move loses.'))];
  if (moves.length) {
    parts.push(el('ul', { id: 'winning-moves' }, moves.slice(0, 20).map((m) => el('li', {}, moveText(k, m) + ' (value 0)'))));
    const total = a.winning_moves_total !== undefined ? a.winning_moves_total : moves.length;
    if (BigInt(total) > 20n) parts.push(el('p', { class: 'muted' }, `${total} winning moves in all.`));
  } else {
    parts.push(el('p', { class: 'muted' }, 'No winning move: every move leaves a non-zero value.'));
  }
  $('#at-result').replaceChildren(...parts);
}

function setKind(k) {
  $$('input[name=kind]').forEach((r) => { r.checked = r.value === k; });
  $('#spec-label').textContent = k === 'subtraction' ? 'Set' : 'Code';
}

$('#examples').append(el('span', { class: 'muted' }, 'Examples:'),
  ...EXAMPLES.map(([k, spec, label]) => el('button', {
    type: 'button', class: 'secondary', onclick: () => { setKind(k); $('#spec').value = spec; compute(); },
  }, label)));
$$('input[name=kind]').forEach((r) => r.addEventListener('change', () => {
  setKind(kind());
  $('#spec').value = kind() === 'subtraction' ? '1,3,4' : '0.77';
}));
$('#game').addEventListener('submit', (e) => { e.preventDefault(); compute(); });
$('#at-form').addEventListener('submit', (e) => { e.preventDefault(); analyseHeap(); });
const params = new URLSearchParams(location.search);
if (params.get('octal')) { setKind('octal'); $('#spec').value = params.get('octal'); }
if (params.get('set')) { setKind('subtraction'); $('#spec').value = params.get('set'); }
compute();
