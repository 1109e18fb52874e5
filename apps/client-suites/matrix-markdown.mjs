/**
 * The markdown pieces every generated compatibility page is written with (docs/clients.md by
 * clients-matrix.mjs, the agent-CLI section by agent-clis-matrix.mjs, docs/compatibility.md by
 * scripts/compatibility-matrix.mjs): the cell symbols, table heads, table-safe text and numbered notes.
 */

/** A cell's mark: passes, passes with a known limit or with warnings, fails, does not apply. */
export const SYMBOL = { pass: '✅', limit: '⚠️', warn: '⚠️', fail: '❌', 'n/a': '—' };

/**
 * Text made safe for one table cell: pipes escaped, whitespace folded.
 * @param {string} text
 * @returns {string}
 */
export function escapeCell(text) {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

/**
 * The head of a table whose first column is `first` and whose other columns are `columns`.
 * @param {string} first
 * @param {Array<{ title: string }>} columns
 * @returns {string[]}
 */
export function tableHead(first, columns) {
  return [`| ${first} | ${columns.map((c) => c.title).join(' | ')} |`, `|---|${columns.map(() => '---').join('|')}|`];
}

/**
 * Numbered notes below a table: `number(text)` gives a note its number (the same text keeps the
 * number it got first), `lines()` the notes as a numbered list followed by a blank line (none
 * when there is no note).
 */
export function numberedNotes() {
  /** @type {string[]} */
  const notes = [];
  return {
    /** @param {string} text */
    number(text) {
      if (!notes.includes(text)) notes.push(text);
      return notes.indexOf(text) + 1;
    },
    /** @returns {string[]} */
    lines() {
      return notes.length === 0 ? [] : [...notes.map((note, i) => `${i + 1}. ${note}`), ''];
    },
  };
}
