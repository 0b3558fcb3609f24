// gridlock player: the Rush Hour tab, on boards of R x C cells, 4 <= R, C <= 12.
//
// Loaded before app.js, which lists `rush` among its tabs and supplies the helpers used here
// at run time (svg, html, $, setStatus). The model is { rows, cols, cells, labels }: `cells`
// the rows*cols characters in reading order (o empty, x wall, A the red car, other letters
// vehicles), `labels` the number each letter stands for when the board was a judge matrix.
// The exit is at the right end of row 3 on 6x6 and of the red car's row on any other shape,
// as the solver has it (SPEC section 11); the server's frames say which row it used.
'use strict';

const RUSH_MIN_SIDE = 4;
const RUSH_MAX_SIDE = 12;
// The vehicle names after A, in the order the solver's one-line form uses them.
const RUSH_NAMES = 'BCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnpqrstuvwyz';

const VEHICLE_COLOURS = [
  '#3a86c8', '#e9b949', '#5aa469', '#8e6cc1', '#e07b39', '#3bb3b0', '#c9577b', '#7f8c3a',
  '#4e6fd8', '#b5835a', '#6d9e2f', '#d4a017', '#5b7f99', '#a45fa8', '#2f9e7a', '#cf6a4c',
  '#6b6fb5', '#9aa13c', '#bb4f4f', '#4f9fcf', '#d18fb5', '#7c6f5b', '#50a0a0', '#aa7733', '#8888cc',
];

function vehicleColour(letter) {
  if (letter === 'A') return '#d62828';
  const k = RUSH_NAMES.indexOf(letter);
  return VEHICLE_COLOURS[(k < 0 ? letter.charCodeAt(0) : k) % VEHICLE_COLOURS.length];
}

/** True when `n` is a side the solver accepts. */
function rushSide(n) {
  return Number.isInteger(n) && n >= RUSH_MIN_SIDE && n <= RUSH_MAX_SIDE;
}

/** A model of letter rows (`.` read as empty), or null unless they form an R x C board. */
function rushFromRows(rows) {
  if (!rushSide(rows.length) || !rows.every((r) => /^[A-Za-z.]+$/.test(r) && r.length === rows[0].length)) return null;
  if (!rushSide(rows[0].length)) return null;
  return { rows: rows.length, cols: rows[0].length, cells: rows.join('').replace(/\./g, 'o'), labels: null };
}

/** The Exit row option: `auto` (the default exit) or a 1-based row, as a string. */
function rushChosenExitRow() {
  return ((state.options['rush-hour'] || {}).exit_row) || 'auto';
}

/** The board's rows of letters. */
function rushRows(model) {
  const out = [];
  for (let r = 0; r < model.rows; r++) out.push(model.cells.slice(r * model.cols, (r + 1) * model.cols));
  return out;
}

/** The exit row (0-based) the solver uses: the row asked for (the Exit row option, 1-based,
 * as `--exit-row`), else row 3 on 6x6, else the red car's row when it lies horizontally,
 * else row 1 (it cannot exit then). */
function rushExitRow(model, asked) {
  const chosen = Number(asked);
  if (Number.isInteger(chosen) && chosen >= 1) return chosen - 1;
  if (model.rows === 6 && model.cols === 6) return 2;
  const red = [];
  for (let i = 0; i < model.cells.length; i++) if (model.cells[i] === 'A') red.push(i);
  const row = red.length > 0 ? Math.floor(red[0] / model.cols) : -1;
  return red.length > 1 && red.every((i) => Math.floor(i / model.cols) === row) ? row : 0;
}

/** The model cut or padded (with empty cells) to rows x cols; a vehicle that loses a cell
 * is removed, so a smaller board keeps only whole vehicles. */
function rushResize(model, rows, cols) {
  const before = {}, after = {};
  for (const ch of model.cells) before[ch] = (before[ch] || 0) + 1;
  let cells = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      cells += r < model.rows && c < model.cols ? model.cells[r * model.cols + c] : 'o';
    }
  }
  for (const ch of cells) after[ch] = (after[ch] || 0) + 1;
  cells = cells.split('').map((ch) => (ch === 'o' || ch === 'x' || after[ch] === before[ch] ? ch : 'o')).join('');
  return { rows, cols, cells, labels: null };
}

const rush = {
  name: 'Rush Hour',
  counter: 'Step',
  rules: 'Slide the vehicles along their length to drive the red car (A) out through the exit on the right ' +
    '(row 3 on 6\u00d76, the red car\u2019s row on other sizes). A step moves one vehicle one cell; a move slides it any distance.',
  formatHint: '(R rows of C numbers or letters, 4 to 12 each; a 36-character string for 6\u00d76)',
  solutionHint: 'one move per line, e.g. "B down 2"',
  empty: () => ({ rows: 6, cols: 6, cells: 'o'.repeat(36), labels: null }),

  /**
   * Reads the accepted formats leniently: a 36-character database string, the one-line form
   * (rows joined by '/'), R lines of C letters or a judge matrix of R lines of C numbers.
   * Null if the text is none of them.
   */
  parse(text) {
    const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
    if (lines.length === 1) {
      if (lines[0].includes('/')) return rushFromRows(lines[0].split('/'));
      const token = lines[0].split(/\s+/).find((t) => t.length === 36);
      if (token && /^[A-Za-z.]{36}$/.test(token)) return { rows: 6, cols: 6, cells: token.replace(/\./g, 'o'), labels: null };
      return null;
    }
    if (/^\d/.test(lines[0])) {
      const grid = lines.map((l) => l.split(/\s+/));
      if (!rushSide(grid.length) || !rushSide(grid[0].length)) return null;
      const names = new Map([['0', 'o'], ['1', 'A']]);
      const labels = { A: '1' };
      let next = 0;
      let cells = '';
      for (const ids of grid) {
        if (ids.length !== grid[0].length || !ids.every((t) => /^\d+$/.test(t))) return null;
        for (const id of ids) {
          const key = String(Number(id));
          if (!names.has(key)) {
            if (next >= RUSH_NAMES.length) return null;
            const letter = RUSH_NAMES[next++];
            names.set(key, letter);
            labels[letter] = key;
          }
          cells += names.get(key);
        }
      }
      return { rows: grid.length, cols: grid[0].length, cells, labels };
    }
    return rushFromRows(lines);
  },
  /** 6x6: the database's 36 characters (as before); other sizes: one row of letters a line. */
  text: (model) => (model.rows === 6 && model.cols === 6 ? model.cells : rushRows(model).join('\n') + '\n'),
  /** 6x6: the 36 characters; other sizes: the rows joined by '/', the solver's one-line form;
   * then `?exit-row=N` when an exit row is chosen. */
  share(model) {
    const board = model.rows === 6 && model.cols === 6 ? model.cells : rushRows(model).join('/');
    const row = rushChosenExitRow();
    return board + (row === 'auto' ? '' : `?exit-row=${row}`);
  },
  /** Opens `board` or `board?exit-row=N`, setting the Exit row option from the link. */
  fromShare(s) {
    const [board, query] = s.split('?');
    let row = 'auto';
    if (query !== undefined) {
      const m = /^exit-row=([1-9][0-9]?)$/.exec(query);
      if (!m || Number(m[1]) > RUSH_MAX_SIDE) return null;
      row = m[1];
    }
    const model = board.includes('/')
      ? rushFromRows(board.split('/'))
      : /^[A-Za-z.]{36}$/.test(board) ? { rows: 6, cols: 6, cells: board.replace(/\./g, 'o'), labels: null } : null;
    if (model) state.options['rush-hour'] = { ...(state.options['rush-hour'] || {}), exit_row: row };
    return model;
  },

  palette(model) {
    const used = [...new Set(model.cells.replace(/[ox]/g, ''))].filter((c) => c !== 'A').sort();
    const spare = RUSH_NAMES.split('').find((c) => !used.includes(c));
    const tools = [
      { tool: 'o', label: '', title: 'Empty cell' },
      { tool: 'x', label: '', title: 'Wall' },
      { tool: 'A', label: 'A', title: 'The red car' },
    ];
    for (const c of used) tools.push({ tool: c, label: c, title: `Vehicle ${c}` });
    if (spare) tools.push({ tool: spare, label: spare, title: `A new vehicle, ${spare}` });
    return tools;
  },
  paletteNote: 'Click editor: pick a vehicle (or empty, wall), then click cells to paint it. A vehicle is 2 or 3 cells in a line.',
  swatch(tool) {
    if (tool === 'o') return '#ece7dc';
    if (tool === 'x') return '#3b3f46';
    return vehicleColour(tool);
  },
  paint(model, cell, tool) {
    if (cell < 0 || cell >= model.cells.length) return model;
    const cells = model.cells.slice(0, cell) + tool + model.cells.slice(cell + 1);
    return { rows: model.rows, cols: model.cols, cells, labels: null };
  },
  /** The size inputs under the palette: rows x columns and "Set size". */
  controls(box, model, editModel) {
    const row = html('div', { class: 'np-controls' });
    const limits = { type: 'number', min: String(RUSH_MIN_SIDE), max: String(RUSH_MAX_SIDE) };
    const rows = html('input', { id: 'rh-rows', ...limits, value: String(model.rows), 'aria-label': 'Rows' });
    const cols = html('input', { id: 'rh-cols', ...limits, value: String(model.cols), 'aria-label': 'Columns' });
    const size = html('button', { id: 'rh-size', title: 'Cut or pad the board to this many rows and columns (vehicles cut in two are removed)' }, 'Set size');
    size.addEventListener('click', () => {
      const r = Number(rows.value), c = Number(cols.value);
      if (rushSide(r) && rushSide(c)) editModel(rushResize(model, r, c));
      else setStatus(`A board has ${RUSH_MIN_SIDE} to ${RUSH_MAX_SIDE} rows and columns.`, 'error');
    });
    row.append(html('span', {}, 'Size'), rows, html('span', {}, '\u00d7'), cols, size);
    box.append(row);
  },

  /** Draws a board of any size; `frame.out` cells of the red car are past the exit. */
  draw(root, frame, onCell) {
    const S = 60, M = 16;
    const { rows, cols, cells } = frame;
    const exit = frame.exit_row - 1;
    const out = frame.out || 0;
    const W = M * 2 + S * cols + S * 2.4;
    root.setAttribute('viewBox', `0 0 ${W} ${M * 2 + S * rows}`);
    root.setAttribute('data-rows', String(rows));
    root.setAttribute('data-cols', String(cols));
    root.setAttribute('data-exit-row', String(frame.exit_row));
    root.appendChild(svg('rect', { x: M - 8, y: M - 8, width: S * cols + 16, height: S * rows + 16, rx: 10, fill: '#5b5f66' }));
    root.appendChild(svg('rect', { x: M, y: M, width: S * cols, height: S * rows, fill: '#ece7dc' }));
    // The exit: a gap in the frame on the right of the exit row, labelled right at the gap,
    // in the lane the red car drives out along (drawn first, so the car passes over it).
    root.appendChild(svg('rect', { class: 'exit', x: M + S * cols, y: M + S * exit + 4, width: 10, height: S - 8, fill: '#ece7dc' }));
    root.appendChild(svg('text', {
      class: 'exit-label', x: M + S * cols + 16, y: M + S * exit + S / 2 + 5, 'text-anchor': 'start',
      'font-size': 15, 'font-weight': 700, 'letter-spacing': 1, fill: '#676d76',
    }, 'EXIT \u2192'));
    for (let cell = 0; cell < rows * cols; cell++) {
      const r = Math.floor(cell / cols), c = cell % cols;
      root.appendChild(svg('rect', { x: M + c * S + 1, y: M + r * S + 1, width: S - 2, height: S - 2, fill: 'none', stroke: '#d8d1c2' }));
      if (cells[cell] === 'x') {
        root.appendChild(svg('rect', { class: 'wall', x: M + c * S + 3, y: M + r * S + 3, width: S - 6, height: S - 6, rx: 4, fill: '#3b3f46' }));
        root.appendChild(svg('path', { d: `M${M + c * S + 10} ${M + r * S + 10}l${S - 20} ${S - 20}m0 ${-(S - 20)}l${-(S - 20)} ${S - 20}`, stroke: '#6b7079', 'stroke-width': 3 }));
      }
    }
    const groups = new Map();
    for (let cell = 0; cell < rows * cols; cell++) {
      const ch = cells[cell];
      if (ch === 'o' || ch === 'x') continue;
      if (!groups.has(ch)) groups.set(ch, []);
      groups.get(ch).push(cell);
    }
    for (const [letter, list] of groups) {
      const rs = list.map((c) => Math.floor(c / cols)), cs = list.map((c) => c % cols);
      const r0 = Math.min(...rs), r1 = Math.max(...rs), c0 = Math.min(...cs), c1 = Math.max(...cs);
      const straight = (r0 === r1 || c0 === c1) && (r1 - r0 + 1) * (c1 - c0 + 1) === list.length;
      const shift = letter === 'A' ? out * S : 0;
      const parts = straight ? [[r0, c0, r1, c1]] : list.map((c) => [Math.floor(c / cols), c % cols, Math.floor(c / cols), c % cols]);
      for (const [a, b, d, e] of parts) {
        const gone = letter === 'A' && out > 0 && b + out >= cols ? 0.55 : 1;
        root.appendChild(svg('rect', {
          class: 'vehicle', 'data-label': letter,
          x: M + b * S + 5 + shift, y: M + a * S + 5, width: (e - b + 1) * S - 10, height: (d - a + 1) * S - 10, rx: 9,
          fill: vehicleColour(letter), 'fill-opacity': gone,
          stroke: frame.moved === letter ? '#111' : (straight ? 'rgba(0,0,0,0.25)' : '#b3261e'),
          'stroke-width': frame.moved === letter ? 4 : 2, 'stroke-dasharray': straight ? '' : '5 4',
        }));
        root.appendChild(svg('text', {
          x: M + (b + e + 1) / 2 * S + shift, y: M + (a + d + 1) / 2 * S + 7, 'text-anchor': 'middle',
          'font-size': 22, 'font-weight': 700, fill: '#fff', 'pointer-events': 'none',
        }, (frame.labels && frame.labels[letter]) || letter));
      }
    }
    for (let cell = 0; cell < rows * cols; cell++) {
      const r = Math.floor(cell / cols), c = cell % cols;
      const hit = svg('rect', { class: 'cell-hit', 'data-cell': String(cell), x: M + c * S, y: M + r * S, width: S, height: S, fill: 'transparent' });
      hit.addEventListener('click', () => onCell(cell));
      root.appendChild(hit);
    }
    const redOut = frame.red_length > 0 && out >= frame.red_length;
    root.setAttribute('data-red-out', redOut ? 'true' : 'false');
    return redOut ? 'The red car is out.' : '';
  },
  describe(frame) {
    const shape = frame.rows === 6 && frame.cols === 6 ? '' : `${frame.rows}\u00d7${frame.cols} `;
    return `Rush Hour ${shape}board ${frame.cells}` + (frame.out ? `, red car ${frame.out} cells past the exit` : '');
  },
  editFrame: (model, options) => ({
    rows: model.rows, cols: model.cols, cells: model.cells, labels: model.labels, out: 0,
    exit_row: rushExitRow(model, (options || {}).exit_row) + 1,
  }),
  options: [
    { key: 'metric', label: 'Minimise', choices: [['steps', 'steps (contest)'], ['moves', 'moves (database)']] },
    { key: 'limit', label: 'Limit', choices: [['none', 'none'], ['10', '10 (contest)']] },
    {
      key: 'exit_row',
      label: 'Exit row',
      choices: [['auto', 'default'], ...Array.from({ length: RUSH_MAX_SIDE }, (_, i) => [String(i + 1), String(i + 1)])],
    },
  ],
};
