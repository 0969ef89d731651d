// Browser tests of `grundy serve`: Playwright (playwright-core) drives Debian's Chromium,
// headless, through every page as a person would. Run by CTest (tests/web/browser.sh):
//   GRUNDY=build/grundy node --test tests/web/browser.test.mjs
// With SCREENSHOT_DIR set (make screenshots), each page's screenshot is written there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const GRUNDY = process.env.GRUNDY || 'build/grundy';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = process.env.SCREENSHOT_DIR || '';
const STEP = 60_000;  // a bound on any one wait, never an assertion about speed

let server, base, browser;

function cli(...args) {
  return execFileSync(GRUNDY, args, { encoding: 'utf8' });
}

before(async () => {
  server = spawn(GRUNDY, ['serve', '--port', '0', '--budget', '5'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let text = '';
    server.stdout.on('data', (d) => {
      text += d;
      const m = /grundy serve: (http:\/\/\S+)/.exec(text);
      if (m) resolve(m[1].replace(/\/$/, ''));
    });
    server.on('exit', (code) => reject(new Error(`grundy serve exited with ${code}`)));
  });
  // launch() runs Chromium with a fresh temporary profile (its own --user-data-dir), removed
  // when the browser closes.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  server?.kill('SIGINT');
});

// A page with its console errors collected. `allowed`: console errors a test expects (a 400
// answer to bad input is logged by Chromium as a failed resource).
async function open(path, { width = 1200, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP);
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message + (process.env.STACKS ? e.stack : '')));
  await page.goto(base + path);
  await idle(page);
  return { page, errors, close: () => context.close() };
}

// Waits until the page is not waiting for the server.
async function idle(page) {
  // (document.body is null for a moment while a new page loads)
  await page.waitForFunction(() => document.body !== null && !document.body.dataset.busy);
}

async function shoot(page, name) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

const PAGES = [
  ['/', 'h1'], ['/nim.html', '.token'], ['/explorer.html', '.cell'],
  ['/hackenbush.html', 'svg.hb .edge'], ['/dots.html', 'svg.dots .line'],
  ['/uttt.html', 'svg.uttt .cell.playable'],
];

test('every page loads without a console error, on a desktop and on a phone', { timeout: 300_000 }, async () => {
  for (const [path, ready] of PAGES) {
    for (const size of [{ width: 1200, height: 900 }, { width: 390, height: 844 }]) {
      const { page, errors, close } = await open(path, size);
      await page.waitForSelector(ready, { state: 'attached' });
      await idle(page);
      assert.deepEqual(errors, [], `${path} at ${size.width}px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${path} is wider than a ${size.width}px window by ${overflow}px`);
      // Every page links to every other and to the docs.
      const links = await page.$$eval('header nav a', (as) => as.map((a) => a.getAttribute('href')));
      for (const p of ['/nim.html', '/explorer.html', '/hackenbush.html', '/dots.html', '/uttt.html', '/docs/web.html'])
        assert.ok(links.includes(p), `${path} links to ${p}`);
      await close();
    }
  }
});

test('Nim: a whole game against the engine, and the hint is the engine\'s move', { timeout: 300_000 }, async () => {
  const { page, errors, close } = await open('/nim.html');
  await page.fill('#heaps', '3 4 5');
  await page.click('#new-game');
  // The first hint: 3 xor 4 xor 5 = 2, so take 2 from heap 1, as `grundy nim 3 4 5` says.
  await page.click('#hint-button');
  await idle(page);
  const hint = await page.$eval('#hint-move', (e) => ({ heap: Number(e.dataset.heap), take: Number(e.dataset.take) }));
  const engine = JSON.parse(cli('nim', '3', '4', '5', '--json'));
  const best = engine.winning_moves[0];
  assert.deepEqual(hint, { heap: best.heap, take: best.from - best.to });
  assert.match(await page.textContent('#hint'), /xor/);
  await shoot(page, 'nim');
  // Play the hinted move each turn (by clicking the token), until the game ends.
  for (let turn = 0; turn < 30; turn++) {
    await idle(page);
    if (await page.evaluate(() => document.body.dataset.gameOver === 'true')) break;
    await page.click('#hint-button');
    await idle(page);
    const h = await page.$eval('#hint-move', (e) => ({ heap: e.dataset.heap, take: e.dataset.take }));
    const selector = h.heap !== undefined ? `.token[data-heap="${h.heap}"][data-take="${h.take}"]` : '.token';
    await page.click(selector);
  }
  await idle(page);
  assert.match(await page.textContent('#status'), /Game over: You win/);
  assert.deepEqual(errors, []);
  await close();
});

test('Nim: bad heaps show an error on the page', { timeout: 120_000 }, async () => {
  const { page, close } = await open('/nim.html');
  await page.fill('#heaps', '3 x 5');
  await page.click('#new-game');
  assert.match(await page.textContent('#error'), /heap 2: 'x' is not a whole number/);
  assert.equal(await page.isVisible('#error'), true);
  await close();
});

test('Explorer: tables, the proven period, a heap beyond 2^53, and the server\'s error message', { timeout: 180_000 }, async () => {
  const { page, errors, close } = await open('/explorer.html');
  await page.fill('#spec', '1,3,4');
  await page.fill('#count', '40');
  await page.click('#compute');
  await idle(page);
  assert.match(await page.textContent('#summary'), /Period 7 from n = 0: proven/);
  assert.equal(await page.locator('#values .cell.period.first').count(), 7);
  await page.fill('#at', '1000000000000000001');
  await page.click('#analyse');
  await idle(page);
  const cliAt = JSON.parse(cli('subtraction', '--set', '1,3,4', '--at', '1000000000000000001', '--json'));
  const shown = await page.textContent('#at-result');
  assert.ok(shown.includes(`G(1000000000000000001) = ${cliAt.value}`), shown);
  for (const m of cliAt.winning_moves) assert.ok(shown.includes(`take ${m.take}, leaving 1000000000000000`), shown);
  // Kayles, with its preperiod of 71 and period 12.
  await page.click('text=Kayles 0.77');
  await idle(page);
  await page.fill('#count', '120');
  await page.click('#compute');
  await idle(page);
  assert.match(await page.textContent('#summary'), /Period 12 from n = 71: proven by the octal periodicity theorem/);
  assert.equal(await page.locator('#values .cell.pre').count(), 71);
  await shoot(page, 'explorer');
  assert.deepEqual(errors, []);
  // A bad set: the page shows the command line's message.
  await page.click('input[value=subtraction]');
  await page.fill('#spec', '1,0');
  await page.click('#compute');
  await idle(page);
  let message = '';
  try { execFileSync(GRUNDY, ['subtraction', '--set', '1,0'], { stdio: 'pipe' }); } catch (e) { message = e.stderr.toString().trim().replace(/^grundy: /, ''); }
  assert.equal((await page.textContent('#error')).trim(), message);
  await close();
});

test('Hackenbush: a drawing made with the mouse, its value, and a game to the end', { timeout: 300_000 }, async () => {
  const { page, errors, close } = await open('/hackenbush.html');
  await page.click('#clear');
  await idle(page);
  const box = await page.locator('#canvas svg').boundingBox();
  const at = (x, y) => [box.x + (x * box.width) / 600, box.y + (y * box.height) / 400];
  async function drag(from, to) {
    await page.mouse.move(...at(...from));
    await page.mouse.down();
    await page.mouse.move(...at((from[0] + to[0]) / 2, (from[1] + to[1]) / 2), { steps: 4 });
    await page.mouse.move(...at(...to), { steps: 4 });
    await page.mouse.up();
    await idle(page);
  }
  // A green stalk of two edges and a single green edge: *2 + *1 = *3.
  await drag([150, 360], [150, 270]);
  await drag([150, 270], [150, 180]);
  await drag([420, 360], [420, 270]);
  assert.equal(await page.locator('svg.hb .edge').count(), 3);
  const want = JSON.parse(cli('hackenbush', '--string', 'ee;e', '--json'));
  await page.waitForFunction(() => document.querySelector('#value'));
  assert.match(await page.textContent('#value'), new RegExp(`\\*${want.value}\\b`));
  assert.equal(await page.locator('#cuts li').count(), want.winning_moves.length);
  // A blue edge on top: the value becomes a canonical form with both colours.
  await page.click('[data-tool=blue]');
  await drag([420, 270], [470, 200]);
  assert.equal(await page.locator('svg.hb .edge.blue').count(), 1);
  await page.click('#undo');
  await idle(page);
  assert.equal(await page.locator('svg.hb .edge').count(), 3);
  // Play it out: we move first in a position worth *3, so we win with the hinted cuts.
  await page.click('#play');
  await idle(page);
  for (let turn = 0; turn < 10; turn++) {
    await idle(page);
    if (await page.evaluate(() => document.body.dataset.gameOver === 'true')) break;
    await page.click('#hint-button');
    const halo = await page.$('[data-halo]');
    const edge = halo ? await halo.getAttribute('data-halo') : '0';
    await page.click(`svg.hb .hit[data-edge="${edge}"]`);
  }
  await idle(page);
  assert.match(await page.textContent('#status'), /Game over: you win/);
  assert.deepEqual(errors, []);
  await close();
  // The screenshot: the seed's tree with its winning cuts.
  const shot = await open('/hackenbush.html');
  await shot.page.waitForSelector('[data-halo]');
  await shoot(shot.page, 'hackenbush');
  await shot.close();
});

test('Dots and Boxes: a whole 2x2 game, a hint checked against the engine, the chains', { timeout: 300_000 }, async () => {
  const { page, errors, close } = await open('/dots.html');
  await page.selectOption('#size', '2x2');
  await page.selectOption('#engine', 'greedy');
  await page.click('#new-game');
  await idle(page);
  // A hint in the opening, as `grundy dots analyze` gives it.
  await page.click('#hint-button');
  await idle(page);
  const hinted = await page.getAttribute('#hint-line', 'data-line');
  const advice = JSON.parse(cli('dots', 'analyze', '2x2', '--seconds', '1', '--json')).advice.line;
  assert.equal(hinted, advice);
  for (let turn = 0; turn < 20; turn++) {
    await idle(page);
    if (await page.evaluate(() => document.body.dataset.gameOver === 'true')) break;
    await page.click('svg.dots .hit');
  }
  await idle(page);
  assert.match(await page.textContent('#status'), /Game over: (you win|a tie|the engine wins) \d–\d/);
  assert.equal(await page.locator('svg.dots .line.open').count(), 0);
  assert.equal(await page.locator('svg.dots .box').count(), 4);
  // Keyboard: a new game, a line drawn by typing its name.
  await page.selectOption('#size', '3x3');
  await page.selectOption('#engine', 'control');
  await page.click('#new-game');
  await idle(page);
  await page.fill('#line', 'b2c2');
  await page.press('#line', 'Enter');
  await idle(page);
  assert.equal(await page.locator('svg.dots .line.p1[data-line=b2c2]').count(), 1);
  await page.fill('#line', 'z9z9');
  await page.press('#line', 'Enter');
  assert.match(await page.textContent('#error'), /not a line of this board/);
  for (const l of ['a1b1', 'a1a2', 'c1d1', 'd1d2', 'a4b4', 'c4d4']) {
    if (await page.locator(`svg.dots .line.open[data-line=${l}]`).count() === 0) continue;
    await page.fill('#line', l);
    await page.press('#line', 'Enter');
    await idle(page);
  }
  await page.check('#show-chains');
  await idle(page);
  assert.match(await page.textContent('#analysis'), /Long chain rule/);
  await shoot(page, 'dots');
  assert.deepEqual(errors.filter((e) => !/status of 400/.test(e)), []);
  await close();
});

test('keyboard: the Nim page is played with Tab and Enter alone', { timeout: 120_000 }, async () => {
  const { page, close } = await open('/nim.html');
  await page.fill('#heaps', '1 1');
  await page.focus('#new-game');
  await page.keyboard.press('Enter');
  await idle(page);
  await page.focus('#take');
  await page.keyboard.press('Tab');  // heap select
  await page.keyboard.press('Tab');  // Take
  await page.keyboard.press('Enter');
  await idle(page);
  // 1 1: we take one, the engine takes the last: it wins.
  assert.match(await page.textContent('#status'), /Game over: The engine wins/);
  await close();
});

// Ultimate Tic-Tac-Toe: the board a move sends the opponent to (0-8, row by row), from its cell.
const utttTarget = (cell) => {
  const x = cell.charCodeAt(0) - 97, y = Number(cell.slice(1)) - 1;
  return (y % 3) * 3 + (x % 3);
};

// Plays the page's game to the end: each turn, `move` makes the human's move.
async function playUtttToTheEnd(page, move) {
  for (let turn = 0; turn < 60; turn++) {
    await idle(page);
    if (await page.evaluate(() => document.body.dataset.gameOver === 'true')) break;
    await move();
  }
  await idle(page);
  assert.equal(await page.evaluate(() => document.body.dataset.gameOver), 'true');
  assert.match(await page.textContent('#status'), /Game over: (you win|a draw|the engine wins)\./);
  assert.equal(await page.locator('svg.uttt .cell.playable').count(), 0);
}

test('Ultimate Tic-Tac-Toe: a whole game, the forced board, a hint checked against the engine', { timeout: 300_000 }, async () => {
  const { page, errors, close } = await open('/uttt.html');
  await page.selectOption('#rules', 'standard');
  await page.selectOption('#level', '1');
  await page.selectOption('#first', 'me');
  await page.click('#new-game');
  await idle(page);
  // The hint from the empty board is `grundy uttt analyze --iterations 20000 --json`'s best move.
  await page.click('#hint-button');
  await idle(page);
  const hinted = await page.getAttribute('#hint-move', 'data-cell');
  const engine = JSON.parse(cli('uttt', 'analyze', '--moves', '', '--iterations', '20000', '--json'));
  assert.equal(hinted, engine.best);
  assert.match(await page.textContent('#evaluation'), /\d+%|proved/);
  assert.equal(await page.getAttribute('svg.uttt .cell.hinted', 'data-cell'), engine.best);
  // e5 sends the engine to the centre board; its reply sends us to the board named by its cell.
  await page.fill('#cell', 'e5');
  await page.press('#cell', 'Enter');
  await idle(page);
  const [first, reply] = (await page.getAttribute('#board', 'data-moves')).split(' ');
  assert.equal(first, 'e5');
  assert.equal(utttTarget(first), 4);
  const forced = await page.$$eval('svg.uttt [data-forced]', (es) => es.map((e) => Number(e.dataset.forced)));
  assert.deepEqual(forced, [utttTarget(reply)]);
  // A cell outside the forced board: the engine's reason, on the page.
  const outside = ['a1', 'i9'].find((c) => Math.floor((Number(c[1]) - 1) / 3) * 3 + Math.floor((c.charCodeAt(0) - 97) / 3) !== utttTarget(reply));
  await page.fill('#cell', outside);
  await page.press('#cell', 'Enter');
  await idle(page);
  assert.match(await page.textContent('#error'), /is illegal: the move must be in the/);
  // Mid-game, a hint again: the same as the command line's for the same move list.
  let turn = 0;
  await playUtttToTheEnd(page, async () => {
    if (++turn === 10) {
      await page.click('#hint-button');
      await idle(page);
      const moves = await page.getAttribute('#board', 'data-moves');
      const cliHint = JSON.parse(cli('uttt', 'analyze', '--moves', moves, '--iterations', '20000', '--json'));
      assert.equal(await page.getAttribute('#hint-move', 'data-cell'), cliHint.best, moves);
      if (SHOTS) {
        await page.setViewportSize({ width: 1200, height: 1280 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await shoot(page, 'uttt');
        await page.setViewportSize({ width: 1200, height: 900 });
      }
    }
    await page.click('svg.uttt .cell.playable');
  });
  assert.deepEqual(errors.filter((e) => !/status of 400/.test(e)), []);
  await close();
});

test('Ultimate Tic-Tac-Toe: orlin rules, played with the keyboard alone', { timeout: 300_000 }, async () => {
  const { page, errors, close } = await open('/uttt.html');
  await page.selectOption('#rules', 'orlin');
  await page.selectOption('#level', '2');
  await page.selectOption('#first', 'engine');
  await page.focus('#new-game');
  await page.keyboard.press('Enter');
  await idle(page);
  // The engine moved first; the focus waits on a playable cell of the board it sent us to.
  assert.equal((await page.getAttribute('#board', 'data-moves')).split(' ').length, 1);
  await playUtttToTheEnd(page, async () => {
    const focused = await page.evaluate(() => document.activeElement?.classList.contains('playable'));
    if (!focused) await page.focus('svg.uttt .cell.playable');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
  });
  assert.match(await page.getAttribute('svg.uttt', 'aria-label'), /orlin rules/);
  assert.deepEqual(errors, []);
  await close();
});

// ---------------------------------------------------------------------------------------------
// Issue 26: play as on a game site (takeback, resign, new game from here, the move list, the
// last move marked, a strength choice, game records copied out and loaded, post-game
// analysis, the game-over state) and the fixes of what a new user ran into.

const reviewRows = (page) => page.$$eval('#review tbody tr', (rs) => rs.map((r) => ({
  cells: [...r.children].map((c) => c.textContent), mistake: r.dataset.mistake === 'true' })));
const movesListed = (page) => page.$$eval('#log .move-link', (bs) => bs.map((b) => b.textContent));

test('Nim: last move marked, takeback, record out and in, analysis, resign ends the game; fix 4', { timeout: 300_000 }, async () => {
  const { page, errors, close } = await open('/nim.html');
  assert.ok(await page.locator('#level option').count() >= 3, 'a strength choice');
  await page.fill('#heaps', '3 4 5');
  await page.selectOption('#level', '3');
  await page.click('#new-game');
  await idle(page);
  // A losing move (3 4 5 has xor 2: taking 1 from heap 1 leaves xor 3); the engine answers.
  await page.click('.token[data-heap="0"][data-take="1"]');
  await idle(page);
  assert.equal((await movesListed(page)).length, 2);
  assert.equal(await page.locator('.heap.last').count(), 1, 'the engine\'s last move is marked');
  assert.match(await page.textContent('.heap.last .last-move'), /engine took \d+/);
  // The analysis marks our move as the mistake, and names the winning move h1-2.
  await page.click('#analyse-game');
  await idle(page);
  await page.waitForSelector('#review tbody tr');
  const rows = await reviewRows(page);
  assert.equal(rows.length, 2);
  assert.equal(rows[0].mistake, true);
  assert.equal(rows[0].cells[6], 'h1-2');
  assert.equal(rows[1].mistake, false);
  // Take back: the engine's reply and our move go; the start position is back.
  await page.click('#takeback');
  await idle(page);
  assert.deepEqual(await movesListed(page), []);
  assert.equal(await page.textContent('.heap[data-heap="0"] .name'), 'Heap 1: 3');
  // The winning move, then the record: the heaps, the rule and the moves.
  await page.click('.token[data-heap="0"][data-take="2"]');
  await idle(page);
  const record = await page.inputValue('#record');
  assert.match(record, /^# grundy game record\n# Game: Nim, normal play\n/);
  assert.match(record, /# Heaps: 3 4 5\n/);
  assert.match(record, /# Engine: perfect/);
  assert.match(record, /\nh1-2 h\d-\d+\n$/);
  // Back to move 1 by clicking it in the move list.
  await page.click('#log .move-link[data-ply="1"]');
  await idle(page);
  assert.equal((await movesListed(page)).length, 2, 'the engine answered again');
  // A record pasted in: heaps 1 2 3 after h3-3 is 1 2 0, you to move.
  await page.click('#record-box summary');
  await page.fill('#record', '# Game: Nim, normal play\n# Heaps: 1 2 3\n# Rule: normal\nh3-3\n');
  await page.click('#load-record');
  await idle(page);
  assert.equal(await page.textContent('.heap[data-heap="2"] .name'), 'Heap 3: 0');
  assert.deepEqual(await movesListed(page), ['h3-3']);
  // New game from here: the position stays, the move list starts again.
  await page.click('#from-here');
  await idle(page);
  assert.deepEqual(await movesListed(page), []);
  assert.equal(await page.textContent('.heap[data-heap="1"] .name'), 'Heap 2: 2');
  // Resign: the game is over, and the hint answers no more.
  await page.click('#resign');
  assert.equal(await page.evaluate(() => document.body.dataset.gameOver), 'true');
  assert.match(await page.textContent('#status'), /Game over: You resigned/);
  assert.equal(await page.isDisabled('#hint-button'), true);
  // Fix 4: heaps 0 0 0 are refused, not a game won before anyone moved.
  await page.fill('#heaps', '0 0 0');
  await page.click('#new-game');
  assert.match(await page.textContent('#error'), /every heap is empty/);
  assert.doesNotMatch(await page.textContent('#status'), /win/);
  assert.deepEqual(errors, []);
  await close();
  // Fix 4: 2^63-1 on a phone: exact column headers, and the table scrolls inside its panel.
  const phone = await open('/nim.html', { width: 400, height: 900 });
  await phone.page.fill('#heaps', '9223372036854775807 1');
  await phone.page.click('#new-game');
  await idle(phone.page);
  await phone.page.click('#hint-button');
  await idle(phone.page);
  const heads = await phone.page.$$eval('table.bits thead th', (ths) => ths.map((t) => [t.textContent, t.title]));
  assert.ok(heads.some(([t, title]) => t === '2^62' && title === '4611686018427387904'), JSON.stringify(heads.slice(0, 4)));
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is wider than 400 px by ${overflow}`);
  await shoot(phone.page, 'nim-phone');
  await phone.close();
});

test('Hackenbush: a game keeps the drawing, names on the picture, moves, takeback, analysis, record; fix 2 and 6', { timeout: 300_000 }, async () => {
  const { page, errors, close } = await open('/hackenbush.html');
  const options = await page.$$eval('#example option', (os) => os.map((o) => o.textContent));
  assert.ok(options.includes('green, blue and red (1/2^*)'), options.join(' | '));
  await page.selectOption('#example', 'green, blue and red (1/2^*)');
  await idle(page);
  const words = await page.textContent('#value');
  assert.ok(!/number\+ups\+star/.test(words), words);
  // Every edge is named on the picture as in the lists.
  const edges = await page.locator('svg.hb .edge').count();
  assert.equal(await page.locator('svg.hb .edge-label').count(), edges);
  assert.match(await page.textContent('#cuts-blue, .cuts-blue'), /cut e\d/);
  // The seed's tree (17 edges), played to the end against the engine.
  await page.selectOption('#example', 'seed tree (value *5)');
  await idle(page);
  assert.equal(await page.locator('svg.hb .edge').count(), 17);
  await page.selectOption('#hb-level', '3');
  await page.click('#play');
  await idle(page);
  // A poor cut: the top of a stalk (e1 of the stalks of one edge keeps *5 ^ 1 = *4 ... ), then
  // the engine's answer is marked where its edge was.
  await page.click('svg.hb .hit[data-edge="0"]');
  await idle(page);
  assert.equal((await movesListed(page)).length, 2);
  assert.equal(await page.locator('svg.hb .last-cut').count(), 1, 'the engine\'s cut is marked');
  assert.match(await page.inputValue('#record'), /# edge 0 1 g\n/);
  // Take back: both cuts go, the tree is whole again.
  await page.click('#takeback');
  await idle(page);
  assert.deepEqual(await movesListed(page), []);
  assert.equal(await page.locator('svg.hb .edge').count(), 17);
  // Play it out with the hints.
  for (let turn = 0; turn < 20; turn++) {
    await idle(page);
    if (await page.evaluate(() => document.body.dataset.gameOver === 'true')) break;
    await page.click('#hint-button');
    const halo = await page.$('[data-halo]');
    const edge = halo ? await halo.getAttribute('data-halo') : '0';
    await page.click(`svg.hb .hit[data-edge="${edge}"]`);
  }
  await idle(page);
  assert.match(await page.textContent('#status'), /Game over: you win/);
  assert.equal(await page.isDisabled('#hint-button'), true, 'no hint after the end');
  // Analysis: every cut, none of ours a mistake (we followed the hints).
  await page.click('#analyse-game');
  await idle(page);
  await page.waitForSelector('#review tbody tr');
  const rows = await reviewRows(page);
  assert.equal(rows.length, (await movesListed(page)).length);
  assert.ok(rows.filter((r) => r.cells[1] === 'you').every((r) => !r.mistake), JSON.stringify(rows));
  const record = await page.inputValue('#record');
  // Fix 2: the drawing is back with one click, whole.
  await page.click('#stop');
  await idle(page);
  assert.equal(await page.locator('svg.hb .edge').count(), 17);
  // The record loads again: the same cuts, the same position.
  await page.click('#record-box summary');
  await page.fill('#record', record);
  await page.click('#load-record');
  await idle(page);
  assert.equal(await page.isVisible('#error'), false, await page.textContent('#error'));
  assert.deepEqual(await movesListed(page), record.trim().split('\n').pop().split(' '));
  assert.equal(await page.evaluate(() => document.body.dataset.gameOver), 'true');
  await shoot(page, 'hackenbush-game');
  assert.deepEqual(errors, []);
  await close();
});

test('Dots and Boxes: chains follow the moves, grammar, bounds on 5x5, takeback, resign, record, analysis; fix 5', { timeout: 300_000 }, async () => {
  const { page, errors, close } = await open('/dots.html');
  await page.selectOption('#size', '3x3');
  await page.selectOption('#engine', 'control');
  await page.click('#new-game');
  await idle(page);
  await page.fill('#line', 'b2c2');
  await page.press('#line', 'Enter');
  await idle(page);
  // The chains overlay follows the game: ticked, it is drawn again after the next move.
  await page.check('#show-chains');
  await idle(page);
  await page.fill('#line', 'a1b1');
  await page.press('#line', 'Enter');
  await idle(page);
  assert.equal(await page.isChecked('#show-chains'), true);
  assert.match(await page.textContent('#analysis'), /Long chain rule/);
  assert.equal(await page.getAttribute('#analysis', 'data-moves'), await page.getAttribute('#board', 'data-moves'),
    'the analysis describes the position on the board');
  const chains = JSON.parse(cli('dots', 'analyze', '3x3', '--moves', await page.getAttribute('#board', 'data-moves'), '--seconds', '0', '--json')).chains;
  assert.equal(await page.locator('svg.dots .chain').count(), chains.reduce((n, c) => n + c.boxes.length, 0),
    'the overlay is drawn again, for the new position');
  // The exact value speaks English ("you lose", "the engine wins", never "you loses").
  await page.click('#solve-button');
  await idle(page);
  const exact = await page.textContent('#analysis');
  assert.ok(!/you (wins|loses|ties)/.test(exact), exact);
  // Take back to the start, then resign: the game is over.
  await page.click('#log .move-link[data-ply="1"]');
  await idle(page);
  assert.equal((await movesListed(page))[0], 'b2c2');
  await page.click('#resign');
  assert.match(await page.textContent('#status'), /Game over: you resigned/);
  assert.equal(await page.isDisabled('#hint-button'), true);
  assert.match(await page.inputValue('#record'), /# Game: Dots and Boxes 3x3\n# Engine: control\n/);
  // A whole 2x2 game, its analysis (the same values as `grundy dots analyze-game`), its record.
  await page.selectOption('#size', '2x2');
  await page.selectOption('#engine', 'greedy');
  await page.click('#new-game');
  for (let turn = 0; turn < 20; turn++) {
    await idle(page);
    if (await page.evaluate(() => document.body.dataset.gameOver === 'true')) break;
    await page.click('svg.dots .hit');
  }
  await idle(page);
  const moves = await page.getAttribute('#board', 'data-moves');
  await page.click('#analyse-game');
  await idle(page);
  await page.waitForSelector('#review tbody tr');
  const rows = await reviewRows(page);
  const want = JSON.parse(cli('dots', 'analyze-game', '2x2', '--moves', moves, '--json'));
  assert.equal(rows.length, want.moves.length);
  rows.forEach((r, i) => {
    const v = want.moves[i].value_before;
    assert.equal(r.cells[3], v > 0 ? `+${v}` : String(v));
    assert.equal(r.mistake, want.moves[i].mistake);
  });
  const record = await page.inputValue('#record');
  assert.equal(record.trim().split('\n').pop(), moves);
  // The record given to the command line reproduces the position.
  assert.match(cli('dots', 'show', '2x2', '--moves', record), /game over/);
  // ... and pasted into the page.
  await page.selectOption('#size', '3x3');
  await page.click('#new-game');
  await idle(page);
  await page.click('#record-box summary');
  await page.fill('#record', '# Game: Dots and Boxes 2x2\na1b1 b1c1 a1a2\n');
  await page.click('#load-record');
  await idle(page);
  assert.equal(await page.isVisible('#error'), false, await page.textContent('#error'));
  assert.equal(await page.getAttribute('#board', 'data-moves'), 'a1b1 b1c1 a1a2');
  // Fix 5: on 5x5 the exact value gives the bounds the solver reached, not a server message.
  await page.selectOption('#size', '5x5');
  await page.click('#new-game');
  await idle(page);
  await page.click('#solve-button');
  await idle(page);
  const big = await page.textContent('#analysis');
  assert.match(big, /not found in [\d.]+ s: .* between -?\d+ and -?\d+/);
  assert.ok(!/--budget/.test(big), big);
  assert.deepEqual(errors.filter((e) => !/status of 400/.test(e)), []);
  await close();
});

test('Ultimate Tic-Tac-Toe: takeback, resign, record out and in, analysis as the command line', { timeout: 300_000 }, async () => {
  const { page, errors, close } = await open('/uttt.html');
  await page.selectOption('#rules', 'standard');
  await page.selectOption('#level', '1');
  await page.selectOption('#first', 'me');
  await page.click('#new-game');
  await idle(page);
  await page.fill('#cell', 'e5');
  await page.press('#cell', 'Enter');
  await idle(page);
  assert.equal((await movesListed(page)).length, 2);
  await page.click('#takeback');
  await idle(page);
  assert.deepEqual(await movesListed(page), []);
  assert.equal(await page.getAttribute('#board', 'data-moves'), '');
  await page.fill('#cell', 'e5');
  await page.press('#cell', 'Enter');
  await idle(page);
  await page.click('svg.uttt .cell.playable');
  await idle(page);
  const moves = await page.getAttribute('#board', 'data-moves');
  await page.click('#analyse-game');
  await idle(page);
  await page.waitForSelector('#review tbody tr');
  const rows = await reviewRows(page);
  const want = JSON.parse(cli('uttt', 'analyze-game', '--moves', moves, '--iterations', '5000', '--json'));
  assert.equal(rows.length, want.moves.length);
  rows.forEach((r, i) => assert.equal(r.cells[3].split(' ')[0], `${Math.round(100 * want.moves[i].value_before)}%`));
  await page.click('#resign');
  assert.match(await page.textContent('#status'), /Game over: X resigned/);
  assert.equal(await page.isDisabled('#hint-button'), true);
  const record = await page.inputValue('#record');
  assert.match(record, /# Game: Ultimate Tic-Tac-Toe, standard rules\n/);
  assert.match(record, /# Result: X resigned: O wins\n/);
  assert.equal(JSON.parse(cli('uttt', 'show', '--moves', record, '--json')).moves, 4);
  await page.click('#record-box summary');
  await page.fill('#record', '# Game: Ultimate Tic-Tac-Toe, orlin rules\ne5 e4 d2\n');
  await page.click('#load-record');
  await idle(page);
  assert.equal(await page.getAttribute('#board', 'data-moves'), 'e5 e4 d2');
  assert.match(await page.getAttribute('svg.uttt', 'aria-label'), /orlin rules/);
  assert.equal(await page.evaluate(() => document.body.dataset.gameOver), undefined);
  assert.deepEqual(errors.filter((e) => !/status of 400/.test(e)), []);
  await close();
});

test('Explorer: hexadecimal 0.8f within the budget, 10,000 values drawn in slices, tables labelled and cleared on error; fix 3', { timeout: 300_000 }, async () => {
  const { page, errors, close } = await open('/explorer.html');
  await page.click('#examples button:has-text("hexadecimal 0.8f")');
  await idle(page);
  assert.equal(await page.isVisible('#error'), false, await page.textContent('#error'));
  assert.match(await page.textContent('#table-title'), /hexadecimal 0\.8f, n = 0 to 99/);
  // Grundy's game, 10,000 values: the plot is a summary (from 1,349 values), the table comes in
  // slices of 2,000 cells, a frame each (100,000 values take 20 s here, 10,000 take 2 s).
  await page.click('#examples button:has-text("Grundy\'s game")');
  await idle(page);
  await page.fill('#count', '10000');
  await page.click('#compute');
  await idle(page);
  assert.ok(await page.locator('#plot svg *').count() < 3000, 'the plot summarises');
  await page.waitForFunction(() => !document.querySelector('#values').dataset.drawing, null, { timeout: STEP });
  assert.equal(await page.locator('#values .cell').count(), 10000);
  assert.match(await page.textContent('#table-title'), /Grundy's game, n = 0 to 9999/);
  // An error: the old table is not left on screen as if it answered.
  await page.click('input[value=subtraction]');
  await page.fill('#spec', '1,0');
  await page.click('#compute');
  await idle(page);
  assert.equal(await page.locator('#values .cell').count(), 0);
  assert.match(await page.textContent('#table-title'), /No table/);
  assert.deepEqual(errors.filter((e) => !/status of 400/.test(e)), []);
  await close();
});

test('the docs are pages and an unknown page is a page; fix 7', { timeout: 120_000 }, async () => {
  const { page, close } = await open('/docs/web.html');
  assert.match(await page.textContent('h1'), /The web app/);
  assert.ok(await page.locator('main table').count() >= 3);
  await Promise.all([page.waitForURL('**/dots.html'), page.click('header nav a[href="/dots.html"]')]);
  await idle(page);
  assert.match(await page.textContent('h1'), /Dots and Boxes/);
  await page.goto(base + '/nope.html');
  assert.match(await page.textContent('h1'), /Page not found/);
  assert.equal(await page.locator('header nav a').count(), 6);
  await close();
});
