// gridlock player: the Sokoban tab (the warehouse, played with the arrow keys, and its
// "New level" control).
//
// Loaded before app.js, which lists `sokoban` among its tabs and supplies the helpers used
// here at run time (svg, html, $, state, editModel, post, busy, setStatus, onTextInput). The
// model is the level's rows in XSB (`#` wall, ` ` floor, `.` goal, `$` box, `*` box on a
// goal, `@` player, `+` player on a goal). The server is the judge: this parser only reads
// plain XSB rows (the first level of the text) to draw and play them.
'use strict';

const SOKOBAN_CELLS = /^[#@+$*. \-_]+$/;
const SOKOBAN_STEP = { l: [0, -1], u: [-1, 0], r: [0, 1], d: [1, 0] };
const SOKOBAN_KEYS = { ArrowLeft: 'l', ArrowUp: 'u', ArrowRight: 'r', ArrowDown: 'd' };

/** The moves played on the tab: { before, after, push } each, the last one last. A move is
 * undone only while the board is still the one it made. */
const sokobanHistory = [];

/** The character of `rows` at (r, c), a wall beyond the ends of a row. */
function sokobanAt(rows, r, c) {
  return r >= 0 && r < rows.length && c >= 0 && c < rows[r].length ? rows[r][c] : '#';
}

/** `rows` with the character at (r, c) replaced (a short row is padded with floor). */
function sokobanSet(rows, r, c, ch) {
  return rows.map((row, i) => (i === r ? row.padEnd(c + 1, ' ').slice(0, c) + ch + row.padEnd(c + 1, ' ').slice(c + 1) : row));
}

/** The player's [row, col], or null. */
function sokobanPlayer(rows) {
  for (let r = 0; r < rows.length; r++) {
    const c = rows[r].search(/[@+]/);
    if (c >= 0) return [r, c];
  }
  return null;
}

/** The cells the player reaches with every box removed (the level's floor), as "r,c". */
function sokobanFloor(rows) {
  const start = sokobanPlayer(rows);
  const seen = new Set();
  if (!start) return seen;
  const stack = [start];
  seen.add(start.join(','));
  while (stack.length > 0) {
    const [r, c] = stack.pop();
    for (const [dr, dc] of Object.values(SOKOBAN_STEP)) {
      const key = `${r + dr},${c + dc}`;
      if (seen.has(key) || sokobanAt(rows, r + dr, c + dc) === '#') continue;
      if (r + dr < 0 || r + dr >= rows.length || c + dc < 0 || c + dc >= rows[r + dr].length) continue;
      seen.add(key);
      stack.push([r + dr, c + dc]);
    }
  }
  return seen;
}

/** The rows after one step in `dir` (l u r d) by the rules (SPEC §13), and whether it
 * pushed; null when the step is not allowed. */
function sokobanStep(rows, dir) {
  const at = sokobanPlayer(rows);
  if (!at) return null;
  const [dr, dc] = SOKOBAN_STEP[dir];
  const [r, c] = at;
  const next = sokobanAt(rows, r + dr, c + dc);
  if (next === '#') return null;
  let out = rows;
  let push = false;
  if (next === '$' || next === '*') {
    const beyond = sokobanAt(rows, r + 2 * dr, c + 2 * dc);
    if (beyond !== ' ' && beyond !== '.') return null;
    out = sokobanSet(out, r + 2 * dr, c + 2 * dc, beyond === '.' ? '*' : '$');
    push = true;
  }
  out = sokobanSet(out, r + dr, c + dc, next === '.' || next === '*' ? '+' : '@');
  out = sokobanSet(out, r, c, rows[r][c] === '+' ? '.' : ' ');
  return { rows: out, push };
}

/** Plays one step on the tab's board (the arrow keys); false when it is not allowed. */
function sokobanPlay(dir) {
  const rows = state.models.sokoban;
  const done = sokobanStep(rows, dir);
  if (!done) return false;
  const last = sokobanHistory[sokobanHistory.length - 1];
  if (last && last.after.join('\n') !== rows.join('\n')) sokobanHistory.length = 0;
  sokobanHistory.push({ before: rows, after: done.rows, push: done.push });
  editModel(done.rows);
  return true;
}

/** Takes back the last step played (U, Backspace or the Undo button). */
function sokobanUndo() {
  const last = sokobanHistory[sokobanHistory.length - 1];
  if (!last || last.after.join('\n') !== state.models.sokoban.join('\n')) {
    sokobanHistory.length = 0;
    return false;
  }
  sokobanHistory.pop();
  editModel(last.before);
  return true;
}

/** Goes back to the board before the first step still remembered. */
function sokobanRestart() {
  while (sokobanUndo()) { /* one step at a time, each checked */ }
}

const sokoban = {
  name: 'Sokoban',
  counter: 'Move',
  rules: 'Walk the warehouse keeper with the arrow keys and push every box onto a goal; boxes are never pulled. ' +
    'Solve finds the fewest pushes (then moves) or the fewest moves (then pushes).',
  formatHint: '(XSB: # wall, space floor, . goal, $ box, * box on goal, @ player, + player on goal)',
  solutionHint: 'LURD: l u r d a move, L U R D a push',
  empty: () => ['#####', '#@$.#', '#####'],

  /** The first level of the text: the rows that hold only board symbols and a wall. */
  parse(text) {
    const rows = [];
    for (const line of text.split(/\r?\n/)) {
      const row = line.replace(/\s+$/, '');
      const board = row.length > 0 && SOKOBAN_CELLS.test(row) && row.includes('#');
      if (board) rows.push(row.replace(/[-_]/g, ' '));
      else if (rows.length > 0) break;
      else if (row.length > 0 && !row.startsWith(';') && !/^title:/i.test(row)) return null;
    }
    if (rows.length < 3 || rows.length > 64 || rows.some((r) => r.length > 64)) return null;
    const players = rows.join('').replace(/[^@+]/g, '').length;
    return players === 1 ? rows : null;
  },
  text: (model) => model.join('\n') + '\n',
  share: (model) => model.map((r) => r.replace(/ /g, '-')).join('/'),
  fromShare(s) {
    return this.parse(s.split('/').join('\n'));
  },
  palette: () => [
    { tool: '#', label: '', title: 'Wall' },
    { tool: ' ', label: '', title: 'Floor' },
    { tool: '.', label: '', title: 'Goal' },
    { tool: '$', label: '', title: 'Box' },
    { tool: '@', label: '', title: 'Player' },
  ],
  paletteNote: 'Play with the arrow keys (U or Backspace undoes a step). Click editor: pick a tool, then click cells.',
  swatch(tool) {
    return { '#': '#3b3f46', ' ': '#ece7dc', '.': '#e9b949', $: '#a0522d', '@': '#2b5fad' }[tool];
  },
  paint(model, cell, tool) {
    const width = Math.max(...model.map((r) => r.length));
    const r = Math.floor(cell / width), c = cell % width;
    const was = sokobanAt(model, r, c);
    const goal = was === '.' || was === '*' || was === '+';
    let rows = model;
    if (tool === '@') {
      const at = sokobanPlayer(rows);
      if (at) rows = sokobanSet(rows, at[0], at[1], rows[at[0]][at[1]] === '+' ? '.' : ' ');
    }
    const ch = { '#': '#', ' ': ' ', '.': '.', $: goal ? '*' : '$', '@': goal ? '+' : '@' }[tool];
    return sokobanSet(rows, r, c, tool === '.' && goal ? ' ' : ch);
  },
  draw(root, frame, onCell) {
    const rows = frame.rows;
    const S = 40, M = 10;
    const h = rows.length, w = Math.max(...rows.map((r) => r.length));
    root.setAttribute('viewBox', `0 0 ${M * 2 + S * w} ${M * 2 + S * h}`);
    const floor = sokobanFloor(rows);
    const pushed = frame.pushed ? frame.pushed.join(',') : null;
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        const x = M + c * S, y = M + r * S, ch = sokobanAt(rows, r, c), cell = r * w + c;
        const inside = floor.has(`${r},${c}`);
        if (ch === '#' && c < rows[r].length) {
          root.appendChild(svg('rect', { class: 'wall', x, y, width: S, height: S, fill: '#3b3f46' }));
        } else if (!inside) {
          root.appendChild(svg('rect', { class: 'outside', x, y, width: S, height: S, fill: 'none' }));
        } else {
          root.appendChild(svg('rect', { class: 'floor', x, y, width: S, height: S, fill: '#ece7dc', stroke: '#ddd6c6' }));
        }
        if (ch === '.' || ch === '*' || ch === '+') {
          root.appendChild(svg('circle', { class: 'goal', 'data-cell': cell, cx: x + S / 2, cy: y + S / 2, r: S * 0.18, fill: '#e9b949', stroke: '#b8860b', 'stroke-width': 2 }));
        }
        if (ch === '$' || ch === '*') {
          const home = ch === '*';
          root.appendChild(svg('rect', {
            class: home ? 'box home' : 'box', 'data-cell': cell, x: x + 4, y: y + 4, width: S - 8, height: S - 8, rx: 5,
            fill: home ? '#2e9e4f' : '#a0522d', stroke: pushed === `${r},${c}` ? '#111' : 'rgba(0,0,0,0.35)',
            'stroke-width': pushed === `${r},${c}` ? 4 : 2,
          }));
          root.appendChild(svg('path', { d: `M${x + 9} ${y + 9}L${x + S - 9} ${y + S - 9}M${x + S - 9} ${y + 9}L${x + 9} ${y + S - 9}`, stroke: 'rgba(255,255,255,0.45)', 'stroke-width': 2, 'pointer-events': 'none' }));
        }
        if (ch === '@' || ch === '+') {
          root.appendChild(svg('circle', { class: 'player', 'data-cell': cell, cx: x + S / 2, cy: y + S / 2, r: S * 0.34, fill: '#2b5fad', stroke: '#fff', 'stroke-width': 2 }));
        }
        const hit = svg('rect', { class: 'cell-hit', x, y, width: S, height: S, fill: 'transparent' });
        hit.addEventListener('click', () => onCell(cell));
        root.appendChild(hit);
      }
    }
    const left = rows.join('').replace(/[^$]/g, '').length;
    if (frame.played === undefined) return left === 0 ? 'every box is on a goal' : '';
    const moves = frame.played.length, pushes = frame.played.filter((m) => m.push).length;
    const counts = `played: ${moves} move${moves === 1 ? '' : 's'}, ${pushes} push${pushes === 1 ? '' : 'es'}`;
    return left === 0 ? `Solved! ${counts}` : counts;
  },
  describe: (frame) => `Sokoban level: ${frame.rows.join(' / ')}`,
  editFrame(model) {
    const last = sokobanHistory[sokobanHistory.length - 1];
    const live = last && last.after.join('\n') === model.join('\n');
    return { rows: model, pushed: null, played: live ? sokobanHistory : undefined };
  },
  /** Arrow keys play while no solution is on display; U or Backspace undoes. */
  onKey(key) {
    if (SOKOBAN_KEYS[key]) {
      sokobanPlay(SOKOBAN_KEYS[key]);
      return true;
    }
    if (key === 'u' || key === 'U' || key === 'Backspace') {
      sokobanUndo();
      return true;
    }
    return false;
  },
  controls(box) {
    const undo = html('button', { id: 'sokoban-undo', title: 'Take back the last step (U, Backspace)' }, 'Undo');
    undo.addEventListener('click', sokobanUndo);
    const restart = html('button', { id: 'sokoban-restart', title: 'Back to the board before the first step played' }, 'Restart');
    restart.addEventListener('click', sokobanRestart);
    box.append(undo, restart);
  },
  options: [
    { key: 'objective', label: 'Minimise', choices: [['pushes', 'pushes, then moves'], ['moves', 'moves, then pushes']] },
    { key: 'fast', label: 'Search', choices: [['false', 'optimal'], ['true', 'fast (not proven optimal)']] },
  ],
};

// ---------------------------------------------------------------------------------------------
// New level: POST api/sokoban/generate (the library code of `gridlock sokoban generate`).

const SOKOBAN_DIFFICULTIES = [
  ['easy', 'easy (3 boxes, 8\u201315 pushes)'],
  ['medium', 'medium (4 boxes, 16\u201325 pushes)'],
  ['hard', 'hard (4 boxes, 26\u201335 pushes)'],
  ['expert', 'expert (5 boxes, 30+ pushes)'],
];

/** Asks the server for a level of the chosen difficulty and puts it on the tab. */
async function sokobanNewLevel() {
  const button = $('sokoban-new');
  const difficulty = $('sokoban-difficulty').value;
  button.disabled = true;
  busy(1);
  setStatus(`Generating a new ${difficulty} level\u2026`);
  try {
    const answer = await post('api/sokoban/generate', { difficulty });
    if (state.puzzle !== 'sokoban') return;
    sokobanHistory.length = 0;
    $('board-text').value = answer.board;
    onTextInput();
    setStatus(answer.summary, 'ok');
    $('sokoban-note').textContent = `Seed ${answer.seed}; the same level from the command line: ${answer.command}`;
  } catch (e) {
    if (state.puzzle === 'sokoban') setStatus(e.message, 'error');
  } finally {
    button.disabled = false;
    busy(-1);
  }
}

document.addEventListener('DOMContentLoaded', () => {
  const box = $('sokoban-generate');
  if (!box) return;
  const select = html('select', { id: 'sokoban-difficulty' });
  for (const [value, text] of SOKOBAN_DIFFICULTIES) select.appendChild(html('option', { value }, text));
  select.value = 'medium';
  const label = html('label', {}, 'Difficulty ');
  label.appendChild(select);
  const button = html('button', { id: 'sokoban-new', class: 'secondary', title: 'A new 10\u00d710 level: its fewest pushes proven, every box pushed at least twice' }, 'New level');
  button.addEventListener('click', sokobanNewLevel);
  const note = html('p', { id: 'sokoban-note', class: 'hint' });
  box.append(label, button, note);
  const clear = () => { note.textContent = ''; };
  $('board-text').addEventListener('input', clear);
  $('examples').addEventListener('change', clear);
});
