// gridlock player: the n-puzzle tab (sliding tiles on any R x C board).
//
// Loaded before app.js, which lists `nPuzzle` among its tabs and supplies the helpers used
// here at run time (svg, html, $, state, editModel). The model is { rows, cols, tiles }: the
// tile in every cell in reading order, 0 the blank. The goal is the tab's "Goal" option.
'use strict';

const N_PUZZLE_MAX_CELLS = 64;

/** The tiles of a board in link form (`1-2-3/4-5-6/7-8-0`), or null. */
function nPuzzleLinkTiles(link) {
  if (!/^\d+(-\d+)*(\/\d+(-\d+)*)*$/.test(link)) return null;
  const rows = link.split('/').map((r) => r.split('-').map(Number));
  const model = nPuzzleModel(rows.length, rows[0].length, rows.flat());
  return model && rows.every((r) => r.length === model.cols) ? model : null;
}

/** True for the goal option's two names; anything else is a goal board in link form. */
function nPuzzleNamedGoal(goal) {
  return goal === 'blank-last' || goal === 'blank-first';
}

/** The goal's tiles: `blank-last` (1..N-1, then the blank), `blank-first` (Korf's), or a
 * board in link form of this shape (else `blank-last`). */
function nPuzzleGoal(rows, cols, goal) {
  const n = rows * cols;
  const tiles = [];
  const custom = nPuzzleNamedGoal(goal) ? null : nPuzzleLinkTiles(goal);
  if (custom && custom.rows === rows && custom.cols === cols) return custom.tiles;
  if (goal === 'blank-first') {
    for (let t = 0; t < n; t++) tiles.push(t);
  } else {
    for (let t = 1; t < n; t++) tiles.push(t);
    tiles.push(0);
  }
  return tiles;
}

/** The goal option the tab has chosen. */
function nPuzzleGoalName() {
  return ((state.options['n-puzzle'] || {}).goal) || 'blank-last';
}

/** The cells next to `cell`. */
function nPuzzleNeighbours(rows, cols, cell) {
  const r = Math.floor(cell / cols), c = cell % cols;
  const out = [];
  if (r > 0) out.push(cell - cols);
  if (r + 1 < rows) out.push(cell + cols);
  if (c > 0) out.push(cell - 1);
  if (c + 1 < cols) out.push(cell + 1);
  return out;
}

/** A model from R x C and tiles, or null unless the tiles are 0..R*C-1 once each. */
function nPuzzleModel(rows, cols, tiles) {
  const n = rows * cols;
  if (rows < 2 || cols < 2 || n > N_PUZZLE_MAX_CELLS || tiles.length !== n) return null;
  const seen = new Set(tiles);
  if (seen.size !== n || !tiles.every((t) => Number.isInteger(t) && t >= 0 && t < n)) return null;
  return { rows, cols, tiles };
}

/** The goal board of a shape, for the chosen goal. */
function nPuzzleSolved(rows, cols) {
  return { rows, cols, tiles: nPuzzleGoal(rows, cols, nPuzzleGoalName()) };
}

/** A random walk of `moves` slides from the goal (never undoing the last one). */
function nPuzzleScramble(rows, cols, moves) {
  const model = nPuzzleSolved(rows, cols);
  const tiles = model.tiles.slice();
  let blank = tiles.indexOf(0), previous = -1;
  for (let i = 0; i < moves; i++) {
    const options = nPuzzleNeighbours(rows, cols, blank).filter((c) => c !== previous);
    const next = options[Math.floor(Math.random() * options.length)];
    tiles[blank] = tiles[next];
    tiles[next] = 0;
    previous = blank;
    blank = next;
  }
  return { rows, cols, tiles };
}

/** How many random slides the Scramble button makes by default: the small boards are solved
 * at any depth, larger ones only when the scramble is shallow. */
function nPuzzleScrambleDepth(rows, cols) {
  return rows * cols <= 16 ? 200 : 30;
}

const nPuzzle = {
  name: 'n-puzzle',
  counter: 'Move',
  rules: 'Slide a tile next to the blank into it until the tiles are in order. ' +
    'The answer is the fewest moves; each move is named by the tile slid.',
  formatHint: '(R rows of C numbers, 0 the blank; or one line of k\u00b2 numbers)',
  solutionHint: 'the judge output: the count, then one tile per line',
  empty: () => nPuzzleSolved(3, 3),

  /** Reads R lines of C numbers, or one line of k*k numbers; null if the text is neither. */
  parse(text) {
    const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
    if (lines.length === 0) return null;
    const rows = lines.map((l) => l.split(/\s+/));
    if (!rows.every((r) => r.every((w) => /^\d+$/.test(w)))) return null;
    if (rows.length === 1) {
      const k = Math.round(Math.sqrt(rows[0].length));
      return nPuzzleModel(k, k, rows[0].map(Number));
    }
    const cols = rows[0].length;
    if (!rows.every((r) => r.length === cols)) return null;
    return nPuzzleModel(rows.length, cols, rows.flat().map(Number));
  },
  text(model) {
    let out = '';
    for (let r = 0; r < model.rows; r++) {
      out += model.tiles.slice(r * model.cols, (r + 1) * model.cols).join(' ') + '\n';
    }
    return out;
  },
  /** The link form: rows joined by '/', tiles by '-', and the goal unless it is the default. */
  share(model) {
    const rows = [];
    for (let r = 0; r < model.rows; r++) rows.push(model.tiles.slice(r * model.cols, (r + 1) * model.cols).join('-'));
    const goal = nPuzzleGoalName();
    return rows.join('/') + (goal === 'blank-last' ? '' : `?goal=${goal}`);
  },
  /** Opens `rows?goal=G`, G a goal name or a goal board of the same shape in link form. */
  fromShare(s) {
    const [board, query] = s.split('?');
    const model = nPuzzleLinkTiles(board);
    if (!model) return null;
    let goal = 'blank-last';
    if (query !== undefined) {
      const m = /^goal=(.+)$/.exec(query);
      if (!m) return null;
      goal = m[1];
      const custom = nPuzzleNamedGoal(goal) ? null : nPuzzleLinkTiles(goal);
      if (!nPuzzleNamedGoal(goal) && !(custom && custom.rows === model.rows && custom.cols === model.cols)) return null;
    }
    state.options['n-puzzle'] = { ...(state.options['n-puzzle'] || {}), goal };
    return model;
  },

  /** The Scramble depth chosen per shape. */
  depths: {},
  palette: () => [],
  paletteNote: 'Click a tile next to the blank to slide it. Any board can also be typed or pasted in the text box.',
  /** A click slides the clicked tile into the blank if they are neighbours. */
  paint(model, cell) {
    const blank = model.tiles.indexOf(0);
    if (!nPuzzleNeighbours(model.rows, model.cols, blank).includes(cell)) return model;
    const tiles = model.tiles.slice();
    tiles[blank] = tiles[cell];
    tiles[cell] = 0;
    return { rows: model.rows, cols: model.cols, tiles };
  },
  /** The shape buttons, the other-shape inputs and Scramble, under the board. */
  controls(box, model, editModel) {
    // A goal board of another shape does not survive a change of shape.
    const edit = (m) => {
      const goal = nPuzzleGoalName();
      const custom = nPuzzleNamedGoal(goal) ? null : nPuzzleLinkTiles(goal);
      if (custom && (custom.rows !== m.rows || custom.cols !== m.cols)) {
        state.options['n-puzzle'].goal = 'blank-last';
        fillOptions();
      }
      editModel(m);
    };
    const row = html('div', { class: 'np-controls' });
    for (const k of [3, 4, 5]) {
      const b = html('button', { id: `np-${k}x${k}`, title: `A solved ${k}\u00d7${k} board` }, `${k}\u00d7${k}`);
      b.addEventListener('click', () => edit(nPuzzleSolved(k, k)));
      row.appendChild(b);
    }
    const rows = html('input', { id: 'np-rows', type: 'number', min: '2', max: '32', value: String(model.rows), 'aria-label': 'Rows' });
    const cols = html('input', { id: 'np-cols', type: 'number', min: '2', max: '32', value: String(model.cols), 'aria-label': 'Columns' });
    const shape = html('button', { id: 'np-shape', title: 'A solved board of this many rows and columns (at most 64 cells)' }, 'Set shape');
    shape.addEventListener('click', () => {
      const r = Number(rows.value), c = Number(cols.value);
      if (r >= 2 && c >= 2 && r * c <= N_PUZZLE_MAX_CELLS) edit(nPuzzleSolved(r, c));
      else setStatus('A board has at least 2 rows and 2 columns and at most 64 cells.', 'error');
    });
    row.append(html('span', {}, 'or'), rows, html('span', {}, '\u00d7'), cols, shape);
    const shapeKey = `${model.rows}x${model.cols}`;
    const depth = html('input', {
      id: 'np-scramble-moves', type: 'number', min: '1', max: '100000',
      value: String(this.depths[shapeKey] || nPuzzleScrambleDepth(model.rows, model.cols)), 'aria-label': 'Random slides',
    });
    depth.addEventListener('change', () => { this.depths[shapeKey] = Number(depth.value) || 1; });
    const scramble = html('button', { id: 'np-scramble', title: 'Random slides from the goal' }, 'Scramble');
    scramble.addEventListener('click', () => edit(nPuzzleScramble(model.rows, model.cols, Math.max(1, Number(depth.value) || 1))));
    const reset = html('button', { id: 'np-reset', title: 'The goal board of this shape' }, 'Goal board');
    reset.addEventListener('click', () => edit(nPuzzleSolved(model.rows, model.cols)));
    const second = html('div', { class: 'np-controls' });
    second.append(scramble, depth, html('span', {}, 'random slides'), reset);
    box.append(row, second);
  },

  /** Draws the tiles; tiles on their goal cell are lighter, the tile that just moved outlined. */
  draw(root, frame, onCell) {
    const { rows, cols, tiles } = frame;
    const S = 64, M = 12;
    const goal = state.answer && state.answer.goal_tiles ? state.answer.goal_tiles : nPuzzleGoal(rows, cols, nPuzzleGoalName());
    root.setAttribute('viewBox', `0 0 ${M * 2 + S * cols} ${M * 2 + S * rows}`);
    root.appendChild(svg('rect', { x: M - 8, y: M - 8, width: S * cols + 16, height: S * rows + 16, rx: 12, fill: '#5b5f66' }));
    root.appendChild(svg('rect', { x: M, y: M, width: S * cols, height: S * rows, fill: '#ece7dc' }));
    const font = tiles.length > 9 ? 24 : 28;
    let home = 0;
    tiles.forEach((t, cell) => {
      const x = M + (cell % cols) * S, y = M + Math.floor(cell / cols) * S;
      if (t === goal[cell]) home++;
      if (t !== 0) {
        const placed = t === goal[cell];
        root.appendChild(svg('rect', {
          class: placed ? 'tile home' : 'tile', 'data-tile': String(t), 'data-cell': String(cell),
          x: x + 3, y: y + 3, width: S - 6, height: S - 6, rx: 8,
          fill: placed ? '#7fa7dc' : '#2b5fad',
          stroke: frame.moved === cell ? '#111' : 'rgba(0,0,0,0.3)', 'stroke-width': frame.moved === cell ? 4 : 2,
        }));
        root.appendChild(svg('text', {
          x: x + S / 2, y: y + S / 2 + font * 0.36, 'text-anchor': 'middle', 'font-size': font, 'font-weight': 700,
          fill: '#fff', 'pointer-events': 'none',
        }, String(t)));
      }
      const hit = svg('rect', { class: 'cell-hit', 'data-cell': String(cell), x, y, width: S, height: S, fill: 'transparent' });
      hit.addEventListener('click', () => onCell(cell));
      root.appendChild(hit);
    });
    const done = home === tiles.length;
    root.setAttribute('data-at-goal', done ? 'true' : 'false');
    return done ? 'Every tile is home.' : '';
  },
  describe: (frame) => `${frame.rows}\u00d7${frame.cols} sliding-tile board: ${frame.tiles.join(' ')}`,
  editFrame: (model) => ({ rows: model.rows, cols: model.cols, tiles: model.tiles, moved: null }),
  /** The goal menu; a goal board opened from a link is a third choice. */
  get options() {
    const choices = [['blank-last', '1\u2026N, blank last (as sold)'], ['blank-first', 'blank first, then 1\u2026N (Korf)']];
    const goal = nPuzzleGoalName();
    if (!nPuzzleNamedGoal(goal)) choices.push([goal, `the board ${goal}`]);
    return [{ key: 'goal', label: 'Goal', choices }];
  },
};
