// Hackenbush: draw a picture, see its value and winning cuts (POST /api/hackenbush, the answer
// of `grundy hackenbush FILE.json --json`), and play it out against the engine.
import { api, attempt, busy, el, svg, $, $$, makeButton, say, showError } from './common.js';
import { gameOn, gameOver, parseRecord, setupGame } from './game.js';

const W = 600, H = 400, GROUND = 360, SNAP = 14;
const COLOUR_LETTER = { green: 'g', blue: 'b', red: 'r' };
const LETTER_COLOUR = { g: 'green', b: 'blue', r: 'red', e: 'green', l: 'blue' };

// Vertices have positions; every vertex on the ground is vertex 0 of the game.
const state = {
  verts: [], edges: [], tool: 'green', history: [], analysis: null, game: null, drag: null,
};

// The seed's pictures (examples/hackenbush/*.txt), laid out by hand.
const EXAMPLES = {
  'seed tree (value *5)': {
    verts: [[40, 360, 1], [40, 300], [90, 360, 1], [90, 300], [140, 360, 1], [140, 300], [190, 360, 1], [190, 300],
      [240, 360, 1], [240, 300], [420, 360, 1], [420, 290], [360, 230], [320, 170], [400, 170], [295, 110], [340, 110],
      [380, 110], [420, 110], [480, 230], [450, 165], [485, 155], [520, 165]],
    edges: [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [11, 12], [12, 13], [12, 14], [13, 15], [13, 16],
      [14, 17], [14, 18], [11, 19], [19, 20], [19, 21], [19, 22]].map(([a, b]) => [a, b, 'green']),
  },
  'fusion: a cycle with a triangle (*1)': {
    verts: [[240, 360, 1], [240, 260], [300, 210], [360, 260], [360, 360, 1], [250, 130], [350, 130]],
    edges: [[0, 1], [1, 2], [2, 3], [3, 4], [2, 5], [5, 6], [6, 2]].map(([a, b]) => [a, b, 'green']),
  },
  'blue-red stalk BBRB (7/4)': {
    verts: [[300, 360, 1], [300, 290], [300, 220], [300, 150], [300, 80]],
    edges: [[0, 1, 'blue'], [1, 2, 'blue'], [2, 3, 'red'], [3, 4, 'blue']],
  },
  'blue-red tree (−1/4)': {
    verts: [[220, 360, 1], [220, 280], [180, 200], [260, 200], [380, 360, 1], [380, 280], [380, 200]],
    edges: [[0, 1, 'blue'], [1, 2, 'red'], [1, 3, 'red'], [4, 5, 'red'], [5, 6, 'blue']],
  },
  'green, blue and red (1/2^*)': {
    verts: [[150, 360, 1], [150, 280], [150, 200], [300, 360, 1], [300, 280], [450, 360, 1], [450, 280], [410, 200], [490, 200]],
    edges: [[0, 1, 'green'], [1, 2, 'blue'], [3, 4, 'green'], [5, 6, 'blue'], [6, 7, 'green'], [6, 8, 'red']],
  },
  'stick figure': {
    verts: [[270, 360, 1], [330, 360, 1], [300, 260], [300, 170], [240, 200], [360, 200], [300, 120], [275, 80], [325, 80]],
    edges: [[0, 2, 'blue'], [1, 2, 'blue'], [2, 3, 'red'], [3, 4, 'red'], [3, 5, 'red'], [3, 6, 'blue'], [6, 7, 'blue'], [7, 8, 'blue'], [8, 6, 'blue']],
  },
};

// ---- the graph as the engine sees it ----

function apiNumber(v) {
  // Ground vertices are 0; the others are numbered 1, 2, ... in order.
  if (state.verts[v].ground) return 0;
  let k = 0;
  for (let i = 0; i <= v; i++) if (!state.verts[i].ground) k++;
  return k;
}

function apiEdges() {
  return state.edges.map((e) => [apiNumber(e.a), apiNumber(e.b), COLOUR_LETTER[e.colour]]);
}

// An edge's name: its number in the drawing (as `grundy hackenbush` numbers the edges of the
// text below), or during a game its number in the picture the game started from, so that
// names stay the same while edges are cut and fall. The picture shows the same names.
const edgeNumber = (i) => (state.game ? state.edges[i].id : i);
function edgeName(i) {
  const e = state.edges[i];
  return `e${edgeNumber(i)} (${apiNumber(e.a)}-${apiNumber(e.b)}${e.colour === 'green' ? '' : ' ' + COLOUR_LETTER[e.colour]})`;
}

// What the value's kind means, in words (MixedAnalysis::value_kind).
const KIND_WORDS = { number: 'a number', nimber: 'a nimber', 'number+ups+star': 'a number plus ups and a star (infinitesimal)', game: 'a game in canonical form' };

// Edges still connected to the ground, by BFS over the edges.
function standing(edges) {
  const reached = new Set(state.verts.map((v, i) => (v.ground ? i : -1)).filter((i) => i >= 0));
  let grew = true;
  const live = new Array(edges.length).fill(false);
  while (grew) {
    grew = false;
    edges.forEach((e, i) => {
      if (live[i]) return;
      if (reached.has(e.a) || reached.has(e.b)) {
        live[i] = true; grew = true;
        reached.add(e.a); reached.add(e.b);
      }
    });
  }
  return live;
}

// Removes unused vertices (keeping ground ones) and renumbers the edges' ends.
function compact() {
  const used = new Set();
  state.edges.forEach((e) => { used.add(e.a); used.add(e.b); });
  const map = new Map();
  const verts = [];
  state.verts.forEach((v, i) => { if (used.has(i)) { map.set(i, verts.length); verts.push(v); } });
  state.verts = verts;
  state.edges = state.edges.map((e) => ({ ...e, a: map.get(e.a), b: map.get(e.b) }));
}

// ---- drawing ----

function snapshot() {
  state.history.push(JSON.stringify({ verts: state.verts, edges: state.edges }));
  if (state.history.length > 100) state.history.shift();
}

function point(ev) {
  const s = $('#canvas svg');
  const p = s.createSVGPoint();
  p.x = ev.clientX; p.y = ev.clientY;
  const q = p.matrixTransform(s.getScreenCTM().inverse());
  return { x: Math.max(10, Math.min(W - 10, q.x)), y: Math.max(10, Math.min(GROUND, q.y)) };
}

function nearestVertex(p) {
  let best = -1, dist = SNAP;
  state.verts.forEach((v, i) => {
    const d = Math.hypot(v.x - p.x, v.y - p.y);
    if (d <= dist) { best = i; dist = d; }
  });
  return best;
}

// The vertex at p: an existing one nearby, a new one on the ground, or a new one in the air.
function vertexAt(p) {
  const v = nearestVertex(p);
  if (v >= 0) return v;
  const ground = p.y >= GROUND - SNAP;
  state.verts.push({ x: p.x, y: ground ? GROUND : p.y, ground });
  return state.verts.length - 1;
}

function onPointerDown(ev) {
  if (state.game || state.tool === 'erase' || ev.button !== 0) return;
  ev.preventDefault();
  state.drag = { from: point(ev), to: point(ev) };
  $('#canvas svg').setPointerCapture?.(ev.pointerId);
}

function onPointerMove(ev) {
  if (!state.drag) return;
  state.drag.to = point(ev);
  const d = $('#draft');
  if (d) { d.setAttribute('x2', state.drag.to.x); d.setAttribute('y2', state.drag.to.y); }
  else render();
}

function onPointerUp(ev) {
  if (!state.drag) return;
  const { from } = state.drag;
  const to = point(ev);
  state.drag = null;
  if (Math.hypot(to.x - from.x, to.y - from.y) < 10) return render();
  snapshot();
  const a = vertexAt(from);
  const b = vertexAt(to);
  if (a === b || (state.verts[a].ground && state.verts[b].ground)) {
    state.history.pop();
    compact();
    return render();
  }
  state.edges.push({ a, b, colour: state.tool });
  changed();
}

function eraseEdge(i) {
  snapshot();
  state.edges.splice(i, 1);
  compact();
  changed();
}

// ---- playing ----
// A game keeps the picture it started from (state.picture, restored by "Back to the drawing"),
// its start position (start: the standing edges, each with its id) and its cuts by id, so a
// takeback replays the cuts and the drawing is never lost.

function canCut(player, e) {
  return e.colour === 'green' || e.colour === player;
}

function legalCuts(player, edges = state.edges) {
  return edges.map((e, i) => (canCut(player, e) ? i : -1)).filter((i) => i >= 0);
}

const copy = (x) => JSON.parse(JSON.stringify(x));
const mover = (k) => (k % 2 === 0 ? state.game.first : other(state.game.first));
const whoName = (p) => (p === state.game.you ? 'you' : 'engine');

// Removes edge i and whatever no longer touches the ground; returns how many fell.
function removeEdge(i) {
  state.edges.splice(i, 1);
  const live = standing(state.edges);
  const fell = live.filter((x) => !x).length;
  state.edges = state.edges.filter((_, k) => live[k]);
  compact();
  return fell;
}

function cut(i, who) {
  const e = state.edges[i];
  const A = state.verts[e.a], B = state.verts[e.b];
  state.game.lastCut = { x1: A.x, y1: A.y, x2: B.x, y2: B.y };
  const fell = removeEdge(i);
  state.game.cuts.push({ id: e.id, by: who });
  const name = who === state.game.you ? 'You' : 'The engine';
  say(`${name} cut e${e.id}, a ${e.colour} edge${fell ? `, and ${fell} more fell` : ''}.`);
}

function other(p) { return p === 'blue' ? 'red' : 'blue'; }

function gameResult() {
  const g = state.game;
  if (g.resigned) return 'you resigned: the engine wins';
  const winner = other(g.toMove);
  return `${winner === g.you ? 'you win' : 'the engine wins'} — ${g.toMove === g.you ? 'you have' : 'the engine has'} no edge left to cut`;
}

async function nextTurn() {
  const g = state.game;
  const id = g.id;
  render();
  await analyse();
  if (state.game !== g || g.id !== id) return;
  if (legalCuts(g.toMove).length === 0) {
    g.over = true;
    gameOver(`Game over: ${gameResult()}.`);
    render();
    return;
  }
  if (g.toMove === g.you) {
    say(`Your move: cut a ${g.you} or green edge.`);
    render();
    return;
  }
  await engineMove();
}

async function engineMove() {
  const g = state.game;
  const me = g.toMove;
  const a = state.analysis;
  let choice = -1;
  // The level: perfect always cuts a winning edge when it has one; good three times in four;
  // beginner cuts at random.
  const errs = g.level === 1 || (g.level === 2 && Math.random() < 0.25);
  if (a && !errs) {
    const wins = a.kind === 'green' ? a.winning_moves : a.winning_moves[me];
    const legal = new Set(legalCuts(me));
    const good = (wins || []).map(Number).filter((i) => legal.has(i));
    if (good.length) choice = good[0];
  }
  if (choice < 0) {
    const legal = legalCuts(me);
    choice = legal[Math.floor(Math.random() * legal.length)];
  }
  cut(choice, me);
  g.toMove = other(me);
  await nextTurn();
}

async function humanCut(i) {
  const g = state.game;
  if (!g || g.over || g.toMove !== g.you || state.busy) return;
  if (!canCut(g.you, state.edges[i])) {
    showError(`You play ${g.you}: cut a ${g.you} or green edge.`);
    return;
  }
  showError('');
  g.hint = false;
  cut(i, g.you);
  g.toMove = other(g.you);
  state.busy = true;
  try { await nextTurn(); } finally { state.busy = false; render(); }
}

// A game on the standing edges of the drawing now.
function startGame() {
  if (!state.edges.length) { showError('Draw something first.'); return; }
  showError('');
  state.picture = copy({ verts: state.verts, edges: state.edges });
  const live = standing(state.edges);
  state.edges = state.edges.filter((_, k) => live[k]);
  compact();
  state.edges.forEach((e, i) => { e.id = i; });
  const you = $('#side').value;
  state.game = { you, first: $('#starts').value === 'me' ? you : other(you), toMove: null,
    over: false, resigned: false, cuts: [], level: Number($('#hb-level').value), id: 1,
    start: copy({ verts: state.verts, edges: state.edges }), lastCut: null };
  state.game.toMove = state.game.first;
  playing(true);
  nextTurn();
}

// Back to the position after the first n cuts of the game.
function replayCuts(n) {
  const g = state.game;
  const cuts = g.cuts.slice(0, n);
  Object.assign(state, copy(g.start));
  g.cuts = [];
  g.lastCut = null;
  for (const c of cuts) {
    const i = state.edges.findIndex((e) => e.id === c.id);
    const e = state.edges[i], A = state.verts[e.a], B = state.verts[e.b];
    g.lastCut = { x1: A.x, y1: A.y, x2: B.x, y2: B.y };
    removeEdge(i);
    g.cuts.push(c);
  }
  g.toMove = mover(n);
  g.over = false;
  g.resigned = false;
  g.hint = false;
  g.id++;
}

function playing(on) {
  $('#play').hidden = on; $('#stop').hidden = !on; $('#hint-button').hidden = !on;
  $('#hint-button').disabled = false;
  $$('.toolbar button, .toolbar select').forEach((b) => { b.disabled = on; });
  if (on) gameOn();
}

// Ends the game and puts back the picture that was drawn before it.
function stopGame() {
  if (state.picture) Object.assign(state, copy(state.picture));
  state.game = null;
  gameOn();
  playing(false);
  say('');
  changed();
}

// ---- the engine's answer ----

async function analyse() {
  if (!state.edges.length) {
    state.analysis = null;
    $('#analysis').replaceChildren(el('p', { class: 'muted' }, 'Draw something.'));
    return;
  }
  // Only the latest question's answer is shown (a takeback or a loaded record may ask again
  // before an earlier answer arrives).
  const ticket = state.ticket = (state.ticket || 0) + 1;
  const sent = state.edges;
  const a = await attempt(() => busy(() => api('hackenbush', { edges: apiEdges() })));
  if (ticket !== state.ticket || sent !== state.edges) return;
  state.analysis = a;
  if (!a) return;
  const parts = [];
  if (a.kind === 'green') {
    parts.push(el('p', { id: 'value' }, 'Value ', el('strong', {}, `*${a.value}`), '; ',
      el('span', { class: a.winner === 'first' ? 'win' : 'lose' },
        a.winner === 'first' ? 'the player to move wins.' : 'the player to move loses (the second player wins).')));
    parts.push(el('p', {}, `Winning cuts (${a.winning_moves.length}; each leaves value 0):`));
    parts.push(el('ul', { id: 'cuts' }, a.winning_moves.slice(0, 30).map((i) => el('li', {}, `cut ${edgeName(Number(i))}`))));
  } else {
    const sentence = { blue: 'Blue (Left) wins whoever starts', red: 'Red (Right) wins whoever starts', first: 'the first player wins', second: 'the second player wins' }[a.winner];
    parts.push(el('p', { id: 'value' }, 'Value ', el('strong', {}, String(a.value)),
      a.kind === 'blue-red' ? ' (a number)' : ` (${KIND_WORDS[a.value_kind] || a.value_kind})`, `; ${sentence}.`));
    for (const side of ['blue', 'red']) {
      const cuts = a.winning_moves[side];
      parts.push(el('p', {}, `Winning cuts for ${side === 'blue' ? 'Blue' : 'Red'} moving first (${cuts.length}):`));
      parts.push(el('ul', { class: `cuts-${side}` }, cuts.slice(0, 30).map((i) => el('li', {}, `cut ${edgeName(Number(i))}`))));
    }
  }
  $('#analysis').replaceChildren(...parts);
  render();
}

// Highlighted cuts: in a game, only the human's after a hint; otherwise every winning cut.
function halos() {
  const a = state.analysis;
  if (!a || !$('#show-cuts').checked) return new Map();
  const m = new Map();
  const add = (list, cls) => (list || []).forEach((i) => { if (!m.has(Number(i))) m.set(Number(i), cls); });
  if (state.game) {
    if (!state.game.hint || state.game.over) return m;
    if (a.kind === 'green') add(a.winning_moves, 'halo');
    else add(a.winning_moves[state.game.you], state.game.you === 'red' ? 'halo red-halo' : 'halo');
    return m;
  }
  if (a.kind === 'green') add(a.winning_moves, 'halo');
  else { add(a.winning_moves.blue, 'halo'); add(a.winning_moves.red, 'halo red-halo'); }
  return m;
}

function render() {
  const parts = [svg('rect', { x: 0, y: 0, width: W, height: H, fill: '#fff' }),
    svg('line', { class: 'ground', x1: 0, x2: W, y1: GROUND + 3, y2: GROUND + 3 })];
  const glow = halos();
  state.edges.forEach((e, i) => {
    if (!glow.has(i)) return;
    const A = state.verts[e.a], B = state.verts[e.b];
    parts.push(svg('line', { class: glow.get(i), x1: A.x, y1: A.y, x2: B.x, y2: B.y, 'data-halo': i }));
  });
  const hits = [];
  const lastCut = state.game && state.game.lastCut;
  if (lastCut) parts.push(svg('line', { class: 'last-cut', ...lastCut, 'data-last-cut': state.game.cuts[state.game.cuts.length - 1]?.id }));
  const labels = [];
  state.edges.forEach((e, i) => {
    const A = state.verts[e.a], B = state.verts[e.b];
    parts.push(svg('line', { class: `edge ${e.colour}`, x1: A.x, y1: A.y, x2: B.x, y2: B.y, 'data-edge': i }));
    if ($('#show-names').checked)
      labels.push(svg('text', { class: 'edge-label', x: (A.x + B.x) / 2 + 7, y: (A.y + B.y) / 2 - 4, 'data-label': i }, `e${edgeNumber(i)}`));
    const action = state.game ? 'cut' : state.tool === 'erase' ? 'erase' : null;
    if (!action) return;
    // A band around the edge is what the player clicks or focuses.
    const len = Math.hypot(B.x - A.x, B.y - A.y) || 1, T = 11;
    const nx = (-(B.y - A.y) / len) * T, ny = ((B.x - A.x) / len) * T;
    const hit = svg('polygon', { class: 'hit', 'data-edge': i,
      points: [[A.x + nx, A.y + ny], [B.x + nx, B.y + ny], [B.x - nx, B.y - ny], [A.x - nx, A.y - ny]].map((p) => p.join(',')).join(' ') });
    makeButton(hit, `${action} ${e.colour} edge ${edgeName(i)}`,
      () => (action === 'cut' ? humanCut(i) : eraseEdge(i)));
    hits.push(hit);
  });
  state.verts.forEach((v) => { if (!v.ground) parts.push(svg('circle', { class: 'vertex', cx: v.x, cy: v.y, r: 5 })); });
  parts.push(...labels, ...hits);
  if (state.drag) {
    const { from, to } = state.drag;
    parts.push(svg('line', { id: 'draft', class: 'draft', x1: from.x, y1: from.y, x2: to.x, y2: to.y }));
  }
  const board = svg('svg', { class: 'board hb', viewBox: `0 0 ${W} ${H}`, role: 'img',
    'aria-label': `Hackenbush picture with ${state.edges.length} edges` }, parts);
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('pointermove', onPointerMove);
  board.addEventListener('pointerup', onPointerUp);
  const old = $('#canvas svg');
  if (old && state.drag) {
    // Keep the element under the pointer while dragging (pointer capture).
    old.replaceChildren(...board.childNodes);
  } else {
    $('#canvas').replaceChildren(board);
  }
  if (!state.game) $('#edges-text').value = state.edges.map((e) => `${apiNumber(e.a)} ${apiNumber(e.b)} ${COLOUR_LETTER[e.colour]}`).join('\n');
  $('#hint-button').disabled = !state.game || state.game.over || state.game.toMove !== state.game.you;
  ui.render();
}

function changed() {
  state.analysis = null;
  render();
  analyse();
}

function load(example) {
  snapshot();
  state.verts = example.verts.map(([x, y, g]) => ({ x, y, ground: !!g }));
  state.edges = example.edges.map(([a, b, colour]) => ({ a, b, colour }));
  changed();
}

// Edges [u, v, colour] (vertex 0 the ground) laid out in layers by distance from the ground:
// { verts, edges }. Throws Error naming the problem.
function layout(edges) {
  const depth = new Map([[0, 0]]);
  for (let round = 0; round < edges.length + 1; round++)
    for (const [u, v] of edges) {
      if (depth.has(u) && !depth.has(v)) depth.set(v, depth.get(u) + 1);
      if (depth.has(v) && !depth.has(u)) depth.set(u, depth.get(v) + 1);
    }
  const maxDepth = Math.max(1, ...depth.values());
  const byLevel = new Map();
  const names = [...new Set(edges.flatMap(([u, v]) => [u, v]))].filter((x) => x !== 0).sort((a, b) => a - b);
  for (const n of names) {
    const d = depth.has(n) ? depth.get(n) : maxDepth + 1;
    if (!byLevel.has(d)) byLevel.set(d, []);
    byLevel.get(d).push(n);
  }
  const step = Math.min(80, (GROUND - 30) / (Math.max(...byLevel.keys(), 1)));
  const verts = [], index = new Map();
  for (const [d, list] of byLevel)
    list.forEach((n, i) => { index.set(n, verts.length); verts.push({ x: ((i + 1) * W) / (list.length + 1), y: GROUND - d * step, ground: false }); });
  const out = [];
  for (const [u, v, colour] of edges) {
    const end = (n, o) => {
      if (n !== 0) return index.get(n);
      const other = verts[index.get(o)];
      verts.push({ x: other ? other.x : W / 2, y: GROUND, ground: true });
      return verts.length - 1;
    };
    if (u === 0 && v === 0) throw new Error('an edge from the ground to the ground cannot be drawn');
    out.push({ a: end(u, v), b: end(v, u), colour });
  }
  return { verts, edges: out };
}

// "u v [colour]" lines ('#' comments) as [u, v, colour]; `where` names the line in errors.
function parseEdgeLines(lines, where = 'line') {
  const edges = [];
  for (const [k, line] of lines.entries()) {
    const w = line.split(/\s+/);
    if (w.length < 2 || w.length > 3 || !/^\d+$/.test(w[0]) || !/^\d+$/.test(w[1]))
      throw new Error(`${where} ${k + 1}: expected 'u v' or 'u v colour', found '${line}'`);
    const c = LETTER_COLOUR[(w[2] || 'g').toLowerCase()[0]];
    if (!c) throw new Error(`${where} ${k + 1}: colour '${w[2]}' is not g, b or r`);
    edges.push([Number(w[0]), Number(w[1]), c]);
  }
  return edges;
}

// Text edges: positions come from the layered layout above.
function applyText() {
  const lines = $('#edges-text').value.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean);
  let picture;
  try { picture = layout(parseEdgeLines(lines)); } catch (e) { showError(e.message); return; }
  showError('');
  snapshot();
  Object.assign(state, picture);
  compact();
  changed();
}

const ui = setupGame({
  moves: () => (state.game ? state.game.cuts.map((c) => ({ text: `e${c.id}`, by: whoName(c.by) })) : []),
  busy: () => !!state.busy,
  over: () => !state.game || state.game.over,
  lastOwnMove: () => {
    const g = state.game;
    if (!g) return null;
    for (let i = g.cuts.length - 1; i >= 0; i--) if (g.cuts[i].by === g.you) return i;
    return null;
  },
  takeBack: async (n) => {
    if (!state.game) return;
    showError('');
    replayCuts(n);
    gameOn();
    playing(true);
    state.busy = true;
    try { await nextTurn(); } finally { state.busy = false; render(); }
  },
  resign: () => {
    const g = state.game;
    if (!g) return;
    g.over = true;
    g.resigned = true;
    gameOver(`Game over: ${gameResult()}.`);
    render();
  },
  fromHere: () => {
    // The position now becomes the drawing a new game starts from.
    state.game = null;
    state.picture = null;
    startGame();
  },
  header: () => {
    const g = state.game;
    const start = g ? g.start : { verts: state.verts, edges: state.edges };
    const number = (v) => {
      if (start.verts[v].ground) return 0;
      let k = 0;
      for (let i = 0; i <= v; i++) if (!start.verts[i].ground) k++;
      return k;
    };
    const colours = new Set(start.edges.map((e) => e.colour));
    return {
      game: `Hackenbush (${[...colours].sort().join(', ')})`,
      engine: g ? ['', 'beginner (random cuts)', 'good (a wrong cut now and then)', 'perfect'][g.level] : '',
      players: g ? `you ${g.you}, the engine ${other(g.you)}` : '',
      result: g && g.over ? gameResult() : 'unfinished',
      extra: [`First: ${g ? g.first : $('#starts').value === 'me' ? $('#side').value : other($('#side').value)}`,
        `You: ${g ? g.you : $('#side').value}`,
        ...start.edges.map((e) => `edge ${number(e.a)} ${number(e.b)} ${COLOUR_LETTER[e.colour]}`)],
    };
  },
  load: (text) => {
    const r = parseRecord(text);
    const edgeLines = text.split('\n').map((l) => /^\s*#\s*edge\s+(.*)$/i.exec(l)).filter(Boolean).map((m) => m[1].trim());
    if (!edgeLines.length) throw new Error('the record has no "# edge u v colour" lines: the picture is missing');
    const picture = layout(parseEdgeLines(edgeLines, 'edge'));
    const you = r.header.you === 'red' ? 'red' : 'blue';
    const first = r.header.first === 'red' ? 'red' : r.header.first === 'blue' ? 'blue' : you;
    if (state.game) stopGame();
    snapshot();
    Object.assign(state, picture);
    compact();
    $('#side').value = you;
    $('#starts').value = first === you ? 'me' : 'engine';
    startGame();
    // The cuts, checked one by one: each must name a standing edge its player may cut.
    const g = state.game;
    r.moves.forEach((w, k) => {
      const m = /^e(\d+)$/.exec(w);
      if (!m) throw new Error(`cut ${k + 1} '${w}' is not an edge name like e3`);
      const i = state.edges.findIndex((e) => e.id === Number(m[1]));
      if (i < 0) throw new Error(`cut ${k + 1}: edge e${m[1]} is not standing any more`);
      if (!canCut(g.toMove, state.edges[i])) throw new Error(`cut ${k + 1}: ${g.toMove} may not cut e${m[1]}, a ${state.edges[i].colour} edge`);
      cut(i, g.toMove);
      g.toMove = other(g.toMove);
    });
    // You play the side to move now.
    g.you = g.toMove;
    g.id++;
    nextTurn();
  },
  // Exact values of every position of the game, each from POST /api/hackenbush.
  analyse: async () => {
    const g = state.game;
    if (!g) throw new Error('no game to analyse');
    const saved = copy({ verts: state.verts, edges: state.edges, lastCut: g.lastCut });
    const cuts = [...g.cuts];
    const positions = [];
    const position = () => ({ api: apiEdges(), ids: state.edges.map((e) => e.id), edges: copy(state.edges) });
    replayCuts(0);
    positions.push(position());
    for (const c of cuts) {
      removeEdge(state.edges.findIndex((e) => e.id === c.id));
      positions.push(position());
    }
    g.cuts = cuts;
    g.id++;
    Object.assign(state, { verts: saved.verts, edges: saved.edges });
    g.lastCut = saved.lastCut;
    g.toMove = mover(cuts.length);
    g.over = g.resigned || legalCuts(g.toMove).length === 0;
    const ask = (pos) => (pos.api.length === 0 ? null : api('hackenbush', { edges: pos.api }));
    const answers = await busy(() => Promise.all(positions.map(ask)));
    // Who wins moving first, from an answer (null: no edge left, the mover loses).
    const winsFirst = (a, p, edges) => {
      if (!a || legalCuts(p, edges).length === 0) return false;
      return a.kind === 'green' ? a.winner === 'first' : a.winner === p || a.winner === 'first';
    };
    const valueText = (a) => (!a ? '0' : a.kind === 'green' ? `*${a.value}` : String(a.value));
    const rows = cuts.map((c, k) => {
      const p = mover(k);
      const before = answers[k], after = answers[k + 1];
      const won = winsFirst(before, p, positions[k].edges);
      const lost = winsFirst(after, other(p), positions[k + 1].edges);
      const wins = !before ? [] : before.kind === 'green' ? before.winning_moves : before.winning_moves[p];
      const legal = new Set(legalCuts(p, positions[k].edges));
      const good = (wins || []).map(Number).filter((i) => legal.has(i));
      const best = won && good.length ? `e${positions[k].ids[good[0]]}` : '';
      return { move: `e${c.id}`, by: whoName(c.by),
        before: `${valueText(before)} (${won ? 'win' : 'loss'})`,
        after: `${valueText(after)} (${lost ? 'opponent wins' : 'opponent loses'})`,
        best, mistake: won && lost, note: won && lost ? 'mistake: a won position given away' : '' };
    });
    const count = (who) => rows.filter((r, k) => r.mistake && cuts[k].by === who).length;
    return { rows,
      explain: 'Values are exact (POST /api/hackenbush for each position): before the cut, whether its player wins moving first; after it, whether the opponent does. A cut from a won position to one the opponent wins is a mistake.',
      summary: `Your mistakes: ${count(g.you)}; the engine's: ${count(other(g.you))}.` };
  },
});

// ---- wiring ----

$$('.toolbar .tool').forEach((b) => b.addEventListener('click', () => {
  state.tool = b.dataset.tool;
  $$('.toolbar .tool').forEach((x) => x.setAttribute('aria-pressed', String(x === b)));
  render();
}));
$('#undo').addEventListener('click', () => {
  const last = state.history.pop();
  if (!last) return;
  Object.assign(state, JSON.parse(last));
  changed();
});
$('#clear').addEventListener('click', () => { snapshot(); state.verts = []; state.edges = []; changed(); });
for (const name of Object.keys(EXAMPLES)) $('#example').append(el('option', { value: name }, name));
$('#example').addEventListener('change', () => { if ($('#example').value) load(EXAMPLES[$('#example').value]); });
$('#apply-text').addEventListener('click', applyText);
$('#show-cuts').addEventListener('change', render);
$('#play').addEventListener('click', startGame);
$('#stop').addEventListener('click', stopGame);
$('#show-names').addEventListener('change', render);
$('#hint-button').addEventListener('click', () => {
  if (!state.game || state.game.over) return;
  state.game.hint = true;
  render();
  const a = state.analysis;
  const cuts = !a ? [] : a.kind === 'green' ? a.winning_moves : a.winning_moves[state.game.you];
  const legal = new Set(legalCuts(state.game.you));
  const good = (cuts || []).map(Number).filter((i) => legal.has(i));
  say(good.length ? `Hint: a winning cut is highlighted (${good.map(edgeName).join(', ')}).`
    : 'Hint: no cut wins here against perfect play; try to make the position complicated.');
});
load(EXAMPLES['seed tree (value *5)']);
state.history = [];
