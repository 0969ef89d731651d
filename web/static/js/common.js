// Shared by every page: the API client, error display, small DOM and SVG helpers.

// JSON.parse that keeps whole numbers beyond 2^53 exact, as BigInt (the server's answers may
// hold heaps and values up to 2^63). Uses the reviver's source text where the browser has it.
const SOURCE_TEXT = (() => {
  try {
    let seen = false;
    JSON.parse('1', (k, v, ctx) => { seen = !!(ctx && ctx.source === '1'); return v; });
    return seen;
  } catch { return false; }
})();

export function parseJson(text) {
  if (SOURCE_TEXT)
    return JSON.parse(text, (k, v, ctx) =>
      typeof v === 'number' && !Number.isSafeInteger(v) && ctx && /^-?\d+$/.test(ctx.source)
        ? BigInt(ctx.source) : v);
  // Quote long integer literals outside strings, then turn them into BigInt.
  let out = '', i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1); i = j + 1;
    } else if (/[-0-9]/.test(c)) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j])) j++;
      const lit = text.slice(i, j);
      out += /^-?\d{16,}$/.test(lit) ? `{"$big":"${lit}"}` : lit; i = j;
    } else { out += c; i++; }
  }
  return JSON.parse(out, (k, v) => (v && typeof v === 'object' && '$big' in v ? BigInt(v.$big) : v));
}

export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

// POST /api/<path> with a JSON body; resolves to the parsed answer, rejects with ApiError
// carrying the server's one-line message.
export async function api(path, body) {
  const text = JSON.stringify(body, (k, v) => (typeof v === 'bigint' ? v.toString() : v));
  let res;
  try {
    res = await fetch('/api/' + path, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text,
    });
  } catch (e) {
    throw new ApiError(0, 'cannot reach the server (is grundy serve still running?)');
  }
  const answer = await res.text();
  let data;
  try { data = parseJson(answer); } catch { throw new ApiError(res.status, answer.trim()); }
  if (!res.ok) throw new ApiError(res.status, data.error || `HTTP ${res.status}`);
  return data;
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  setAttrs(e, attrs);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false)
    e.append(c instanceof Node ? c : String(c));
  return e;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
export function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVG_NS, tag);
  setAttrs(e, attrs);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false)
    e.append(c instanceof Node ? c : String(c));
  return e;
}

function setAttrs(e, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.setAttribute('class', v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
}

// The page's error line (role=alert): shows the message, or clears it.
export function showError(message) {
  const box = $('#error');
  if (!box) return;
  box.textContent = message || '';
  box.hidden = !message;
}

// Runs an async action, showing its error (if any) on the page; returns its result or null.
export async function attempt(action) {
  try {
    showError('');
    return await action();
  } catch (e) {
    showError(e instanceof ApiError ? e.message : `Something went wrong: ${e.message}`);
    return null;
  }
}

// Marks the busy state (for tests and for the user): the body gets data-busy while the engine
// or the server is thinking.
let busyCount = 0;
export async function busy(action) {
  busyCount++;
  document.body.dataset.busy = 'true';
  try { return await action(); } finally {
    if (--busyCount === 0) delete document.body.dataset.busy;
  }
}

// Makes an SVG element act as a button: focusable, Enter and Space activate it.
export function makeButton(e, label, onActivate) {
  e.setAttribute('tabindex', '0');
  e.setAttribute('role', 'button');
  e.setAttribute('aria-label', label);
  e.addEventListener('click', onActivate);
  e.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); onActivate(ev); }
  });
}

export function randomSeed() {
  return Math.floor(Math.random() * 1e9) + 1;
}

export function say(text) {
  const s = $('#status');
  if (s) s.textContent = text;
}
