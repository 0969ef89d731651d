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
];

const kind = () => $$('input[name=kind]').find((r) => r.checked).value;

function question(extra) {
  const k = kind();
  const body = { misere: $('#misere').checked, ...extra };
  if (k === 'subtraction') body.set = $('#spec').value.trim();
  else body.code = $('#spec').value.trim();
  return [k, body];
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

function renderValues(a) {
  const p = periodOf(a);
  const box = $('#values');
  box.replaceChildren(...a.values.map((v, n) => {
    let cls = 'cell';
    if (p) cls += n < p.pre ? ' pre' : ' period' + (n < p.pre + p.per ? ' first' : '');
    if (Number(v) === 0) cls += ' zero';
    return el('div', { class: cls, title: `G(${n}) = ${v}` }, el('small', {}, String(n)), String(v));
  }));
}

function renderPlot(a) {
  const values = a.values.map(Number);
  const W = 720, H = 240, L = 36, B = 24, T = 10, R = 10;
  const maxV = Math.max(1, ...values);
  const x = (n) => L + (values.length <= 1 ? 0 : (n * (W - L - R)) / (values.length - 1));
  const y = (v) => H - B - (v * (H - B - T)) / maxV;
  const p = periodOf(a);
  const parts = [];
  if (p && p.pre > 0) parts.push(svg('rect', { x: L, y: T, width: Math.max(0, x(Math.min(p.pre, values.length - 1)) - L), height: H - B - T, fill: '#fdf0d5' }));
  if (p) for (let s = p.pre; s < values.length; s += p.per)
    parts.push(svg('line', { x1: x(s), x2: x(s), y1: T, y2: H - B, stroke: '#2f6fdf', 'stroke-dasharray': '3 4', 'stroke-width': 1 }));
  for (let v = 0; v <= maxV; v += Math.max(1, Math.ceil(maxV / 6)))
    parts.push(svg('text', { x: L - 6, y: y(v), 'text-anchor': 'end', 'dominant-baseline': 'middle', 'font-size': 11, fill: '#5b6474' }, String(v)));
  parts.push(svg('text', { x: L, y: H - 6, 'font-size': 11, fill: '#5b6474' }, '0'));
  parts.push(svg('text', { x: W - R, y: H - 6, 'font-size': 11, fill: '#5b6474', 'text-anchor': 'end' }, `n = ${values.length - 1}`));
  parts.push(svg('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: '#1d2330' }));
  parts.push(svg('polyline', { points: values.map((v, n) => `${x(n)},${y(v)}`).join(' '), fill: 'none', stroke: '#94a3b8', 'stroke-width': 1 }));
  const r = values.length > 400 ? 1.2 : 2.5;
  for (let n = 0; n < values.length; n++)
    parts.push(svg('circle', { cx: x(n), cy: y(values[n]), r, fill: values[n] === 0 ? '#c2362f' : '#2f6fdf' }));
  $('#plot').replaceChildren(svg('svg', { class: 'plot', viewBox: `0 0 ${W} ${H}`, role: 'img',
    'aria-label': `plot of G(n) for n from 0 to ${values.length - 1}; zeros in red` }, parts));
}

async function compute() {
  const count = $('#count').value.trim() || '100';
  const [k, body] = question({ values: count });
  const a = await attempt(() => busy(() => api(k, body)));
  if (!a) return;
  $('#summary').textContent = summary(a, k);
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
