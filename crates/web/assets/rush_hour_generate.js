// gridlock player: the Rush Hour tab's "New puzzle" control.
//
// Asks the server (POST api/rush-hour/generate, the library code of `gridlock rush-hour
// generate`) for a puzzle of the chosen difficulty and puts it on the board, ready to solve.
// Loaded before app.js; it builds its control once the page is parsed (DOMContentLoaded runs
// after every deferred script) and uses app.js's helpers (html, $, state, post, setStatus,
// onTextInput, fillOptions, busy) at run time. app.js shows the control on the Rush Hour tab only.
'use strict';

/** The menu: the server's difficulty names and the MOVES ranges they stand for. */
const RUSH_HOUR_DIFFICULTIES = [
  ['easy', 'easy (10\u201320 moves)'],
  ['medium', 'medium (20\u201330 moves)'],
  ['hard', 'hard (30\u201340 moves)'],
  ['expert', 'expert (40+ moves)'],
];

/** Puts a generated puzzle on the Rush Hour tab and says what it is. */
function rushHourShowGenerated(answer) {
  // The difficulty is counted in moves, so the solve that follows counts in moves too.
  state.options['rush-hour'] = { ...(state.options['rush-hour'] || {}), metric: 'moves', limit: 'none' };
  fillOptions();
  $('board-text').value = answer.board;
  onTextInput();
  setStatus(answer.summary, 'ok');
  const note = $('generate-note');
  note.textContent = `Seed ${answer.seed}; the same puzzle from the command line: ${answer.command}`;
}

/** Asks the server for a puzzle of the chosen difficulty. */
async function rushHourNewPuzzle() {
  const button = $('generate-new');
  const difficulty = $('generate-difficulty').value;
  button.disabled = true;
  busy(1);
  setStatus(`Generating a new ${difficulty} puzzle\u2026`);
  try {
    const answer = await post('api/rush-hour/generate', { difficulty });
    if (state.puzzle !== 'rush-hour') return;
    rushHourShowGenerated(answer);
  } catch (e) {
    if (state.puzzle === 'rush-hour') setStatus(e.message, 'error');
  } finally {
    button.disabled = false;
    busy(-1);
  }
}

document.addEventListener('DOMContentLoaded', () => {
  const box = $('generate');
  if (!box) return;
  const select = html('select', { id: 'generate-difficulty' });
  for (const [value, text] of RUSH_HOUR_DIFFICULTIES) select.appendChild(html('option', { value }, text));
  select.value = 'medium';
  const label = html('label', {}, 'Difficulty ');
  label.appendChild(select);
  const button = html('button', { id: 'generate-new', class: 'secondary', title: 'A new puzzle of this difficulty: the hardest position of its component, every vehicle needed' }, 'New puzzle');
  button.addEventListener('click', rushHourNewPuzzle);
  const note = html('p', { id: 'generate-note', class: 'hint' });
  box.append(label, button, note);
  // The note is about the generated board: editing it or loading an example makes it stale.
  const clear = () => { note.textContent = ''; };
  $('board-text').addEventListener('input', clear);
  $('examples').addEventListener('change', clear);
});
