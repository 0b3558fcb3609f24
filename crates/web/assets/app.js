// gridlock player: plain JavaScript, no framework, no build step.
//
// The page keeps one editable model per puzzle (a character grid), draws it as SVG, sends the
// board text to the server's JSON API to solve or verify it, and plays the answer back frame
// by frame. The server is the only judge of what a board means: the parsers here are lenient
// helpers for drawing and editing, and anything they cannot read is sent as written.
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element with attributes and optional text. */
function svg(name, attrs, text) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Creates an HTML element with attributes and text. */
function html(name, attrs, text) {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------
// Red-blue chips: the model is the 8 letters of cells 0..7; cell 8 is the centre.

const CHIP_COORDS = [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2], [2, 1], [2, 0], [1, 0], [1, 1]];

const chips = {
  name: 'Red-blue chips',
  counter: 'Move',
  rules: 'Slide a chip next to the empty cell into it until the centre is empty and the colours alternate around the ring. ' +
    'Moves are named by the cell the chip leaves.',
  formatHint: '(8 letters R or B: cells 0 to 7)',
  solutionHint: 'the judge output: the count, then one cell per line',
  empty: () => 'RBRBRBRB',
  parse(text) {
    const t = text.trim();
    return /^[RB]{8}$/.test(t) ? t : null;
  },
  text: (model) => model,
  share: (model) => model,
  fromShare: (s) => (/^[RB]{8}$/.test(s) ? s : null),
  palette: () => [],
  paletteNote: 'Click editor: click a chip to flip its colour.',
  paint(model, cell) {
    if (cell < 0 || cell > 7) return model;
    const flipped = model[cell] === 'R' ? 'B' : 'R';
    return model.slice(0, cell) + flipped + model.slice(cell + 1);
  },
  draw(root, frame, onCell) {
    const S = 110, M = 20;
    root.setAttribute('viewBox', `0 0 ${M * 2 + S * 3} ${M * 2 + S * 3}`);
    root.appendChild(svg('rect', { x: M - 6, y: M - 6, width: S * 3 + 12, height: S * 3 + 12, rx: 14, fill: '#5b5f66' }));
    for (let cell = 0; cell < 9; cell++) {
      const [r, c] = CHIP_COORDS[cell];
      const x = M + c * S, y = M + r * S;
      root.appendChild(svg('rect', { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 8, fill: '#ece7dc' }));
      const ch = frame.cells[cell];
      const cx = x + S / 2, cy = y + S / 2;
      if (ch === 'R' || ch === 'B') {
        const moved = frame.moved_to === cell;
        root.appendChild(svg('circle', {
          class: 'chip', 'data-cell': cell, 'data-colour': ch, cx, cy, r: S * 0.38,
          fill: ch === 'R' ? '#d62828' : '#2b5fad', stroke: moved ? '#111' : 'rgba(0,0,0,0.3)', 'stroke-width': moved ? 5 : 2,
        }));
        root.appendChild(svg('text', { x: cx, y: cy + 10, 'text-anchor': 'middle', 'font-size': 30, 'font-weight': 700, fill: '#fff', 'pointer-events': 'none' }, String(cell)));
      } else {
        root.appendChild(svg('circle', { cx, cy, r: S * 0.38, fill: 'none', stroke: '#b0a996', 'stroke-width': 2, 'stroke-dasharray': '6 5' }));
        root.appendChild(svg('text', { x: cx, y: cy + 10, 'text-anchor': 'middle', 'font-size': 30, fill: '#9d9684', 'pointer-events': 'none' }, String(cell)));
      }
      const hit = svg('rect', { class: 'cell-hit', x, y, width: S, height: S, fill: 'transparent' });
      hit.addEventListener('click', () => onCell(cell));
      root.appendChild(hit);
    }
    return '';
  },
  describe: (frame) => `Chips board, cells 0 to 8: ${frame.cells}`,
  editFrame: (model) => ({ cells: model + '.', moved_to: null }),
  options: [],
};

// ---------------------------------------------------------------------------------------------
// Puzznic: the model is the list of rows (# wall, . empty, 1-9 a piece type).

const TILE_COLOURS = ['#d62828', '#2b5fad', '#2e9e4f', '#e9b949', '#8e44ad', '#e07b39', '#17a2b8', '#c2185b', '#6d4c41'];

const puzznic = {
  name: 'Puzznic',
  counter: 'Cycle',
  rules: 'Push a resting piece one cell left or right per cycle; matching pieces that touch vanish, then pieces fall. Clear every piece.',
  formatHint: '(one row per line: # wall, . empty, 1-9 a piece)',
  solutionHint: 'the judge output: "-" or "L r c" / "R r c" per cycle',
  empty: () => ['#####', '#...#', '#...#', '#####'],
  parse(text) {
    const rows = text.split(/\r?\n/).map((l) => l.replace(/\s+$/, '')).filter((l) => l.length > 0);
    if (rows.length === 0 || rows.length > 16) return null;
    const width = rows[0].length;
    if (width > 16 || !rows.every((r) => r.length === width && /^[#.1-9]+$/.test(r))) return null;
    return rows;
  },
  text: (model) => model.join('\n') + '\n',
  share: (model) => model.join('/'),
  fromShare(s) {
    return this.parse(s.split('/').join('\n'));
  },
  palette() {
    const tools = [{ tool: '#', label: '', title: 'Wall' }, { tool: '.', label: '', title: 'Empty' }];
    for (let d = 1; d <= 9; d++) tools.push({ tool: String(d), label: String(d), title: `Piece of type ${d}` });
    return tools;
  },
  resize: true,
  paletteNote: 'Click editor: pick a wall, empty cell or piece type, then click cells to paint.',
  swatch(tool) {
    if (tool === '#') return '#3b3f46';
    if (tool === '.') return '#ece7dc';
    return TILE_COLOURS[Number(tool) - 1];
  },
  paint(model, cell, tool) {
    const width = model[0].length;
    const r = Math.floor(cell / width), c = cell % width;
    if (r >= model.length) return model;
    return model.map((row, i) => (i === r ? row.slice(0, c) + tool + row.slice(c + 1) : row));
  },
  reshape(model, what) {
    const width = model[0].length;
    switch (what) {
      case '+row': return model.length < 16 ? [...model, '#'.repeat(width)] : model;
      case '-row': return model.length > 1 ? model.slice(0, -1) : model;
      case '+col': return width < 16 ? model.map((r) => r + '#') : model;
      case '-col': return width > 1 ? model.map((r) => r.slice(0, -1)) : model;
      default: return model;
    }
  },
  draw(root, frame, onCell, base) {
    const rows = frame.rows;
    const start = (base || frame).rows;
    const S = 48, M = 10;
    const h = rows.length, w = rows[0].length;
    root.setAttribute('viewBox', `0 0 ${M * 2 + S * w} ${M * 2 + S * h}`);
    const mark = (list) => new Set((list || []).map(([r, c]) => r * w + c));
    const vanishing = mark(frame.vanishing), falling = mark(frame.falling), moved = mark(frame.moved ? [frame.moved] : []);
    // Cells no piece can ever reach (outside the outer wall) are drawn as background.
    const reach = new Set();
    const stack = [];
    start.forEach((row, r) => [...row].forEach((ch, c) => { if (/[1-9]/.test(ch)) { reach.add(r * w + c); stack.push([r, c]); } }));
    while (stack.length > 0) {
      const [r, c] = stack.pop();
      for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const rr = r + dr, cc = c + dc;
        if (rr < 0 || rr >= h || cc < 0 || cc >= w || start[rr][cc] === '#' || reach.has(rr * w + cc)) continue;
        reach.add(rr * w + cc);
        stack.push([rr, cc]);
      }
    }
    const anyPiece = reach.size > 0;
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        const x = M + c * S, y = M + r * S, ch = rows[r][c], cell = r * w + c;
        if (ch === '#') {
          root.appendChild(svg('rect', { class: 'wall', x, y, width: S, height: S, fill: '#3b3f46' }));
          root.appendChild(svg('rect', { x: x + 4, y: y + 4, width: S - 8, height: S - 8, fill: 'none', stroke: '#555a63', 'stroke-width': 2 }));
        } else if (anyPiece && !reach.has(cell)) {
          root.appendChild(svg('rect', { class: 'outside', x, y, width: S, height: S, fill: 'none', stroke: '#e3ddd0', 'stroke-dasharray': '3 4' }));
        } else {
          root.appendChild(svg('rect', { x, y, width: S, height: S, fill: '#ece7dc', stroke: '#ddd6c6' }));
        }
        if (/[1-9]/.test(ch)) {
          const gone = vanishing.has(cell);
          root.appendChild(svg('rect', {
            class: gone ? 'tile vanishing' : 'tile', 'data-type': ch, x: x + 3, y: y + 3, width: S - 6, height: S - 6, rx: 7,
            fill: TILE_COLOURS[Number(ch) - 1], 'fill-opacity': gone ? 0.35 : 1,
            stroke: gone ? '#fff' : (moved.has(cell) ? '#111' : 'rgba(0,0,0,0.3)'),
            'stroke-width': gone || moved.has(cell) ? 4 : 2, 'stroke-dasharray': gone ? '5 3' : '',
          }));
          root.appendChild(svg('text', { x: x + S / 2, y: y + S / 2 + 8, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 700, fill: '#fff', 'pointer-events': 'none' }, ch));
          if (gone) root.appendChild(svg('text', { x: x + S - 9, y: y + 15, 'text-anchor': 'middle', 'font-size': 14, fill: '#fff', 'pointer-events': 'none' }, '\u2715'));
          if (falling.has(cell)) root.appendChild(svg('text', { class: 'falling', x: x + S / 2, y: y + S - 3, 'text-anchor': 'middle', 'font-size': 14, fill: '#111', 'pointer-events': 'none' }, '\u25BC'));
        }
        const hit = svg('rect', { class: 'cell-hit', x, y, width: S, height: S, fill: 'transparent' });
        hit.addEventListener('click', () => onCell(cell));
        root.appendChild(hit);
      }
    }
    return '';
  },
  describe: (frame) => `Puzznic board: ${frame.rows.join(' / ')}`,
  editFrame: (model) => ({ rows: model }),
  options: [
    { key: 'objective', label: 'Minimise', choices: [['moves', 'moves, then cycles'], ['cycles', 'cycles, then moves']] },
    { key: 'fast', label: 'Search', choices: [['false', 'optimal'], ['true', 'fast (not proven optimal)']] },
  ],
};

// The n-puzzle tab lives in n_puzzle.js, the Rush Hour tab in rush_hour.js, the Sokoban tab in
// sokoban.js (all loaded first).
const PUZZLES = { 'rush-hour': rush, chips, puzznic, 'n-puzzle': nPuzzle, sokoban };

// ---------------------------------------------------------------------------------------------
// Page state.

const state = {
  puzzle: 'rush-hour',
  texts: {},          // board text per puzzle, kept when switching tabs
  models: {},         // last readable model per puzzle
  tool: {},           // selected palette tool per puzzle
  options: {},        // chosen options per puzzle
  answer: null,       // the server's solve answer on display
  frames: [],         // playback frames: { frame, step, move, label }
  at: 0,              // index into frames
  timer: null,
  examples: {},
};

const current = () => PUZZLES[state.puzzle];

/** Requests in flight. While any runs, the player is `aria-busy` (for assistive technology,
 * and so that a test knows when the page has settled). */
let inFlight = 0;

function busy(delta) {
  inFlight += delta;
  if (inFlight > 0) $('player').setAttribute('aria-busy', 'true');
  else $('player').removeAttribute('aria-busy');
}

function setStatus(text, kind) {
  const s = $('status');
  s.textContent = text;
  s.className = 'status' + (kind ? ' ' + kind : '');
}

// ---------------------------------------------------------------------------------------------
// Drawing.

function drawBoard() {
  const p = current();
  const root = $('board');
  root.replaceChildren();
  let frame, base, phase = '';
  if (state.answer && state.frames.length > 0) {
    const f = state.frames[state.at];
    frame = f.frame;
    base = state.frames[0].frame;
    phase = f.label || '';
    root.classList.add('solved');
  } else {
    root.classList.remove('solved');
    const model = state.models[state.puzzle];
    frame = p.editFrame(model, requestOptions());
  }
  const note = p.draw(root, frame, onCellClick, base);
  root.setAttribute('aria-label', p.describe(frame));
  $('phase').textContent = [phase, note].filter(Boolean).join(' \u2014 ');
  updateControls();
}

function updateControls() {
  const n = state.frames.length;
  const playing = state.timer !== null;
  const has = state.answer !== null && n > 1;
  $('first').disabled = !has || state.at === 0;
  $('back').disabled = !has || state.at === 0;
  $('forward').disabled = !has || state.at === n - 1;
  $('last').disabled = !has || state.at === n - 1;
  $('play').disabled = !has;
  $('player').toggleAttribute('data-playing', playing);
  $('play-icon').setAttribute('d', playing ? 'M5 4h3.5v12H5zM11.5 4H15v12h-3.5z' : 'M6 4v12l10-6z');
  $('play').setAttribute('aria-label', playing ? 'Pause' : 'Play');
  const counter = $('step-counter');
  if (state.answer && n > 0) {
    const f = state.frames[state.at];
    const total = state.frames[n - 1].step;
    counter.textContent = `${current().counter} ${f.step} / ${total}`;
  } else {
    counter.textContent = '\u2013';
  }
  const list = $('moves');
  const move = state.answer && n > 0 ? state.frames[state.at].move : null;
  for (const li of list.children) {
    const on = move !== null && Number(li.dataset.move) === move;
    li.classList.toggle('current', on);
    if (on) {
      li.setAttribute('aria-current', 'step');
      const top = li.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - li.offsetHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    } else {
      li.removeAttribute('aria-current');
    }
  }
}

function drawPalette() {
  const p = current();
  const box = $('palette');
  box.replaceChildren();
  if (state.answer) {
    box.appendChild(html('span', { class: 'note' }, 'Showing the solution. To change the board, edit its text or:'));
    const edit = html('button', { class: 'edit', id: 'edit' }, 'Edit this board');
    edit.addEventListener('click', () => {
      clearAnswer();
      drawPalette();
      drawBoard();
    });
    box.appendChild(edit);
    return;
  }
  box.appendChild(html('span', { class: 'note' }, p.paletteNote));
  const model = state.models[state.puzzle];
  const tools = p.palette(model);
  if (tools.length > 0 && !tools.some((t) => t.tool === state.tool[state.puzzle])) {
    state.tool[state.puzzle] = tools[tools.length > 2 ? 2 : 0].tool;
  }
  for (const t of tools) {
    const b = html('button', { title: t.title, 'aria-label': t.title, 'aria-pressed': String(state.tool[state.puzzle] === t.tool) }, t.label);
    b.style.background = p.swatch(t.tool);
    if (t.label) b.style.color = '#fff';
    b.addEventListener('click', () => {
      state.tool[state.puzzle] = t.tool;
      drawPalette();
    });
    box.appendChild(b);
  }
  if (p.resize) {
    for (const [what, label] of [['+row', '+ row'], ['-row', '\u2212 row'], ['+col', '+ column'], ['-col', '\u2212 column']]) {
      const b = html('button', { title: `${label} (at the bottom or right)` }, label);
      b.addEventListener('click', () => editModel(p.reshape(state.models[state.puzzle], what)));
      box.appendChild(b);
    }
  }
  if (p.controls) p.controls(box, model, editModel);
}

// ---------------------------------------------------------------------------------------------
// Editing.

function onCellClick(cell) {
  if (state.answer) return; // the board shows a solution; edit the text or press a palette tool
  const p = current();
  const model = state.models[state.puzzle];
  editModel(p.paint(model, cell, state.tool[state.puzzle]));
}

function editModel(model) {
  const p = current();
  state.models[state.puzzle] = model;
  const text = p.text(model);
  state.texts[state.puzzle] = text;
  $('board-text').value = text;
  fitTextBox();
  clearAnswer();
  setStatus(''); // the last answer's summary is about another board
  drawPalette();
  drawBoard();
  updateShareLink();
}

/** Grows the board's text box with the board, within reason. */
function fitTextBox() {
  const area = $('board-text');
  area.rows = Math.max(6, Math.min(18, area.value.split('\n').length + 1));
}

function onTextInput() {
  const p = current();
  fitTextBox();
  const text = $('board-text').value;
  state.texts[state.puzzle] = text;
  const model = p.parse(text);
  clearAnswer();
  if (model) {
    state.models[state.puzzle] = model;
    setStatus('');
    drawPalette();
  } else {
    setStatus('The board cannot be drawn yet; Solve shows what the solver expects.');
  }
  drawBoard();
  updateShareLink();
}

function clearAnswer() {
  stop();
  const had = state.answer !== null;
  state.answer = null;
  state.frames = [];
  state.at = 0;
  $('moves').replaceChildren();
  $('stats').textContent = '';
  $('verdict').textContent = '';
  if (had) drawPalette();
}

function updateShareLink() {
  const p = current();
  const model = p.parse(state.texts[state.puzzle] || '');
  const link = $('share');
  if (model) {
    const hash = `#${state.puzzle}/${p.share(model)}`;
    link.href = hash;
    link.hidden = false;
    if (location.hash !== hash) history.replaceState(null, '', hash);
  } else {
    link.hidden = true;
  }
}

// ---------------------------------------------------------------------------------------------
// Talking to the server.

async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    const err = new Error(data.error || `the server answered ${response.status}`);
    err.at = data.at;
    throw err;
  }
  return data;
}

function requestOptions() {
  const out = {};
  for (const o of current().options) {
    const v = (state.options[state.puzzle] || {})[o.key] ?? o.choices[0][0];
    out[o.key] = v === 'true' ? true : v === 'false' ? false : v;
  }
  return out;
}

function pointAt(at, textareaId) {
  if (!at) return;
  const area = $(textareaId);
  const lines = area.value.split('\n');
  let offset = 0;
  for (let i = 0; i < at.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, at.column - 1);
  area.focus();
  area.setSelectionRange(offset, Math.min(offset + 1, area.value.length));
}

/** Solves the board in the text box; `context` (if any) opens an error message. */
async function solve(context) {
  const puzzle = state.puzzle;
  const button = $('solve');
  button.disabled = true;
  busy(1);
  clearAnswer();
  drawBoard();
  setStatus('Solving\u2026');
  try {
    const answer = await post(`api/${puzzle}/solve`, { board: state.texts[puzzle] || '', ...requestOptions() });
    if (state.puzzle !== puzzle) return;
    showAnswer(answer);
  } catch (e) {
    if (state.puzzle !== puzzle) return;
    setStatus(typeof context === 'string' ? `${context}: ${e.message}` : e.message, 'error');
    if (e.at) pointAt(e.at, e.at.field === 'solution' ? 'solution-text' : 'board-text');
  } finally {
    button.disabled = false;
    busy(-1);
  }
}

function showAnswer(answer) {
  state.answer = answer;
  state.frames = buildFrames(answer);
  state.at = 0;
  const list = $('moves');
  list.replaceChildren();
  answer.moves.forEach((m, i) => {
    const li = html('li', { 'data-move': String(i) });
    if (m.exit) li.classList.add('exit');
    const b = html('button', { title: m.text || m.label }, m.text || m.label);
    b.addEventListener('click', () => {
      const last = state.frames.map((f) => f.move).lastIndexOf(i);
      if (last >= 0) goTo(last);
    });
    li.appendChild(b);
    list.appendChild(li);
  });
  $('stats').textContent = answer.stats ? answer.stats.summary : '';
  setStatus(answer.summary, answer.solvable ? 'ok' : '');
  if (answer.share) {
    const hash = `#${answer.share}`;
    $('share').href = hash;
    $('share').hidden = false;
    history.replaceState(null, '', hash);
  }
  if (answer.solvable && answer.solution !== undefined) {
    $('solution-text').value = answer.solution;
  }
  drawPalette();
  drawBoard();
}

/** Flattens the server's steps (and their phases, for Puzznic) into playback frames. */
function buildFrames(answer) {
  const frames = [];
  answer.steps.forEach((s, i) => {
    if (s.phases) {
      for (const ph of s.phases) frames.push({ frame: ph.board, step: i, move: s.move, label: ph.label, phase: true });
    }
    frames.push({ frame: s.board, step: i, move: s.move, label: s.label || '' });
  });
  return frames;
}

async function verify() {
  const puzzle = state.puzzle;
  $('verdict').textContent = 'Verifying\u2026';
  busy(1);
  try {
    const v = await post(`api/${puzzle}/verify`, { board: state.texts[puzzle] || '', solution: $('solution-text').value, ...requestOptions() });
    $('verdict').textContent = v.report;
  } catch (e) {
    $('verdict').textContent = e.message;
    if (e.at) pointAt(e.at, e.at.field === 'solution' ? 'solution-text' : 'board-text');
  } finally {
    busy(-1);
  }
}

// ---------------------------------------------------------------------------------------------
// Playback.

function goTo(i) {
  if (!state.answer || state.frames.length === 0) return;
  state.at = Math.max(0, Math.min(state.frames.length - 1, i));
  drawBoard();
}

/** Steps to the next (or previous) whole step, skipping over Puzznic's in-between phases. */
function stepBy(delta) {
  if (!state.answer) return;
  const frames = state.frames;
  let i = state.at;
  do { i += delta; } while (i > 0 && i < frames.length - 1 && frames[i].phase);
  goTo(i);
}

function delay() {
  const speed = Number($('speed').value) || 1;
  const f = state.frames[state.at + 1];
  const base = f && f.phase ? 350 : 600;
  return base / speed;
}

function tick() {
  if (state.at >= state.frames.length - 1) {
    stop();
    return;
  }
  goTo(state.at + 1);
  state.timer = setTimeout(tick, delay());
}

function play() {
  if (!state.answer || state.frames.length < 2) return;
  if (state.timer !== null) {
    stop();
    return;
  }
  if (state.at >= state.frames.length - 1) state.at = 0;
  state.timer = setTimeout(tick, delay());
  drawBoard();
}

function stop() {
  if (state.timer !== null) clearTimeout(state.timer);
  state.timer = null;
  updateControls();
}

function onKey(event) {
  const target = event.target;
  const typing = target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || target instanceof HTMLSelectElement;
  if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
  // a tab that is played with the keys (Sokoban) has them while no solution is shown
  if (!state.answer && current().onKey && !(target instanceof HTMLButtonElement && event.key === ' ')) {
    if (current().onKey(event.key)) {
      event.preventDefault();
      return;
    }
  }
  const actions = {
    ArrowLeft: () => { stop(); stepBy(-1); },
    ArrowRight: () => { stop(); stepBy(1); },
    Home: () => { stop(); goTo(0); },
    End: () => { stop(); goTo(state.frames.length - 1); },
    ' ': () => { if (!(target instanceof HTMLButtonElement)) play(); else return false; },
  };
  const action = actions[event.key];
  if (action && action() !== false) event.preventDefault();
}

// ---------------------------------------------------------------------------------------------
// Tabs, options, examples, links.

function selectPuzzle(puzzle, text) {
  if (!PUZZLES[puzzle]) return;
  clearAnswer();
  state.puzzle = puzzle;
  const p = current();
  for (const tab of document.querySelectorAll('nav [role=tab]')) {
    const on = tab.dataset.puzzle === puzzle;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  $('player').setAttribute('aria-labelledby', `tab-${puzzle}`);
  if (text !== undefined) state.texts[puzzle] = text;
  if (state.texts[puzzle] === undefined) {
    const list = state.examples[puzzle] || [];
    const first = list.find((e) => e.default) || list[0];
    state.texts[puzzle] = first ? first.board : p.text(p.empty());
  }
  $('board-text').value = state.texts[puzzle];
  fitTextBox();
  state.models[puzzle] = p.parse(state.texts[puzzle]) || state.models[puzzle] || p.empty();
  $('rules').textContent = p.rules;
  $('format-hint').textContent = p.formatHint;
  $('solution-hint').textContent = p.solutionHint;
  $('solution-text').value = '';
  fillExamples();
  fillOptions();
  $('generate').hidden = puzzle !== 'rush-hour'; // rush_hour_generate.js
  $('sokoban-generate').hidden = puzzle !== 'sokoban'; // sokoban.js
  drawPalette();
  setStatus('');
  drawBoard();
  updateShareLink();
}

function fillExamples() {
  const select = $('examples');
  select.replaceChildren(html('option', { value: '' }, 'Load an example\u2026'));
  (state.examples[state.puzzle] || []).forEach((e, i) => select.appendChild(html('option', { value: String(i) }, e.name)));
}

function fillOptions() {
  const box = $('options');
  box.replaceChildren();
  const chosen = (state.options[state.puzzle] = state.options[state.puzzle] || {});
  for (const o of current().options) {
    const label = html('label', {}, `${o.label} `);
    const select = html('select', { id: `option-${o.key}` });
    for (const [value, text] of o.choices) select.appendChild(html('option', { value }, text));
    select.value = chosen[o.key] ?? o.choices[0][0];
    select.addEventListener('change', () => {
      chosen[o.key] = select.value;
      clearAnswer();
      drawBoard();
      updateShareLink();
    });
    label.appendChild(select);
    box.appendChild(label);
  }
}

/** A link's board as board text, for a link the page cannot draw: rows split at '/' (and an
 * n-puzzle row's tiles at '-'), so the solver's parser can say what is wrong and where. */
function linkText(puzzle, payload) {
  const board = payload.split('?')[0];
  const rows = board.split('/');
  return (puzzle === 'n-puzzle' ? rows.map((r) => r.split('-').join(' ')) : rows).join('\n') + '\n';
}

/**
 * Opens `#puzzle/board` links. Answers 'board' if the fragment named a board the page can
 * draw, 'unreadable' if it named one the page cannot read (its text is put in the box, for
 * the solver to say which character is wrong and what was expected), else null.
 */
function openFragment() {
  const raw = location.hash.replace(/^#/, '');
  const slash = raw.indexOf('/');
  const puzzle = slash < 0 ? raw : raw.slice(0, slash);
  if (!PUZZLES[puzzle]) return null;
  let payload = slash < 0 ? '' : raw.slice(slash + 1);
  try { payload = decodeURIComponent(payload); } catch (e) { /* keep it as written */ }
  const model = payload ? PUZZLES[puzzle].fromShare(payload) : null;
  if (!model) {
    selectPuzzle(puzzle, payload ? linkText(puzzle, payload) : undefined);
    return payload ? 'unreadable' : null;
  }
  selectPuzzle(puzzle, PUZZLES[puzzle].text(model));
  return 'board';
}

/** Opens the link in the address bar, solving the board it names. */
function followLink() {
  const opened = openFragment();
  if (opened === 'board') solve();
  if (opened === 'unreadable') solve('The link does not hold a board this page can read');
  return opened !== null;
}

/** Draws the first board at once (the examples come with the page, in examples.js), so the
 * page is never blank while it waits for anything. */
function start() {
  state.examples = typeof GRIDLOCK_EXAMPLES === 'object' ? GRIDLOCK_EXAMPLES : {};
  for (const tab of document.querySelectorAll('nav [role=tab]')) {
    tab.addEventListener('click', () => selectPuzzle(tab.dataset.puzzle));
    tab.addEventListener('keydown', (event) => {
      const tabs = [...document.querySelectorAll('nav [role=tab]')];
      const i = tabs.indexOf(tab);
      const j = event.key === 'ArrowRight' ? (i + 1) % tabs.length : event.key === 'ArrowLeft' ? (i + tabs.length - 1) % tabs.length : -1;
      if (j >= 0) {
        event.preventDefault();
        event.stopPropagation();
        tabs[j].focus();
        selectPuzzle(tabs[j].dataset.puzzle);
      }
    });
  }
  $('board-text').addEventListener('input', onTextInput);
  $('examples').addEventListener('change', () => {
    const e = (state.examples[state.puzzle] || [])[Number($('examples').value)];
    if (!e) return;
    if (e.options) {
      state.options[state.puzzle] = { ...(state.options[state.puzzle] || {}), ...e.options };
      fillOptions();
    }
    $('board-text').value = e.board;
    onTextInput();
    $('examples').value = '';
  });
  $('solve').addEventListener('click', solve);
  $('verify').addEventListener('click', verify);
  $('first').addEventListener('click', () => { stop(); goTo(0); });
  $('back').addEventListener('click', () => { stop(); stepBy(-1); });
  $('forward').addEventListener('click', () => { stop(); stepBy(1); });
  $('last').addEventListener('click', () => { stop(); goTo(state.frames.length - 1); });
  $('play').addEventListener('click', play);
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', followLink);
  if (!followLink() && !PUZZLES[location.hash.replace(/^#/, '').split('/')[0]]) {
    selectPuzzle('rush-hour');
  }
}

start();
