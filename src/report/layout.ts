// Displays for a narrow screen: the lines of an equation broken again at
// its sum and relation boundaries (outside every group, \left…\right pair
// and environment) so that each fits a phone's width; the HTML report shows
// them below 40rem instead of the page-wide lines, which LaTeX and wide
// screens keep; and inline formulas given break points after their
// top-level commas, so that a list of symbols wraps with the text.
// Tests: test/report/layout.test.ts.
import { equation, type EquationLine, type EquationRow } from './document.js';
import { texWidth } from './latex.js';

/** Width of a line on a 390 px screen with its 1rem margins, left side included (texWidth units: KaTeX at 18 px, less the number’s 3.2 em). */
export const NARROW_WIDTH = 24;

/** How much narrower (texWidth units) stacked rows must be to be stacked though they do not fit: a name's width, not one letter's. */
const STACKING_GAIN = 4;

/** Commands followed by a delimiter character. */
const DELIMITED = new Set(['left', 'right', 'bigl', 'bigr', 'Bigl', 'Bigr']);

/** Relations a line may be broken before, besides =. */
const RELATIONS = new Set(['ge', 'le', 'geq', 'leq', 'approx']);

/**
 * A term wider than a line whose factor in parentheses closes it,
 * \frac{1}{2} (2 y + l (…)), with those parentheses set as \bigl( … \bigr)
 * (a \left( … \right) pair, sized to a fraction inside, as \Bigl( … \Bigr)),
 * which topTerms breaks inside; undefined when the term has no such factor.
 */
function loosened(whole: string): string | undefined {
  // An outer factor already loosened closes after it (its \bigr) on this line): look inside it.
  const suffix = /(\\[bB]igr\))*$/.exec(whole)![0];
  const term = whole.slice(0, whole.length - suffix.length);
  if (!term.endsWith(')')) return undefined;
  const paired = term.endsWith('\\right)');
  let depth = 0;
  for (let i = term.length - 1; i >= 0; i--) {
    const c = term[i]!;
    if (c === ')' || c === '}' || c === ']') depth++;
    else if (c === '(' || c === '{' || c === '[') depth--;
    if (depth === 0) {
      if (c !== '(') return undefined;
      const command = /\\([A-Za-z]+)$/.exec(term.slice(0, i))?.[1];
      // A \left( … \right) pair: its \left( opens the factor.
      if (paired && command === 'left') return `${term.slice(0, i - 5)}\\Bigl(${term.slice(i + 1, -'\\right)'.length)}\\Bigr)${suffix}`;
      // Else the opening parenthesis of the closing factor: plain, and not \bigl(.
      if (paired || command !== undefined) return undefined;
      return `${term.slice(0, i)}\\bigl(${term.slice(i + 1, -1)}\\bigr)${suffix}`;
    }
  }
  return undefined;
}

/** Printed continuation lines begin with this (document.ts equation). */
const CONTINUATION = '\\quad {}';

/**
 * The top-level terms of a right-hand side: split before " + ", " - " and
 * a relation sign at depth 0, each term keeping its sign. Depth counts
 * braces, parentheses, brackets, \left…\right and \begin…\end, so a
 * fraction, a function's argument sin(a − b), a bracket or a matrix is
 * never cut; only \bigl( … \bigr), which the printer sets to be broken, is.
 */
export function topTerms(tex: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < tex.length; i++) {
    const c = tex[i]!;
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (c === '\\') {
      const name = /^\\([A-Za-z]+)/.exec(tex.slice(i))?.[1];
      // A relation \ge, \le opens a term of its own, as = does: a constraint's "≥ 0" may go to the next line.
      if (name && RELATIONS.has(name) && depth === 0 && i > start && tex[i - 1] === ' ') {
        out.push(tex.slice(start, i).trimEnd());
        start = i;
      }
      if (name === 'left' || name === 'begin') depth++;
      else if (name === 'right' || name === 'end') depth--;
      if (name) i += name.length;
      // The delimiter of \left( or \bigl( is the command's, not a bracket of its own; \bigl( … \bigr) may be broken (latex.ts splitProduct).
      if (name && DELIMITED.has(name) && tex[i + 1] !== '\\') i++;
    } else if (depth === 0 && i > start && tex[i - 1] === ' ' && (c === '+' || c === '-' || c === '=') && tex[i + 1] === ' ') {
      out.push(tex.slice(start, i).trimEnd());
      start = i;
    }
  }
  out.push(tex.slice(start).trim());
  return out.filter((t) => t.length > 0);
}

/** An equation's lines again, packed greedily so each fits `width` with its left side. */
export function narrowRow(row: EquationRow, lhsWidth: number, width = NARROW_WIDTH): EquationRow {
  const budget = Math.max(8, width - lhsWidth);
  const terms = row.lines
    .flatMap((l, k) => topTerms(k > 0 && l.after.startsWith(CONTINUATION) ? l.after.slice(CONTINUATION.length) : l.after))
    .flatMap(function fit(t): string[] {
      const loose = texWidth(t) > budget ? loosened(t) : undefined;
      const parts = loose === undefined ? [t] : topTerms(loose);
      return parts.length > 1 ? parts.flatMap(fit) : [t];
    });
  const packed: string[] = [];
  for (const term of terms) {
    const last = packed[packed.length - 1];
    // A term opens a line of its own when the line would get too wide (a term wider than the line stays whole).
    if (last !== undefined && texWidth(`${last} ${term}`) <= budget) packed[packed.length - 1] = `${last} ${term}`;
    else packed.push(term);
  }
  const lines: EquationLine[] = packed.map((p, k) => (k === 0 ? { before: row.lines[0]!.before, after: p } : { before: '', after: `${CONTINUATION}${p}` }));
  return { ...(row.label === undefined ? {} : { label: row.label }), lines, ...(row.tag ? { tag: row.tag } : {}) };
}

/** The widest line of the rows (left side and right side together). */
export function widest(rows: readonly EquationRow[]): number {
  const lhs = Math.max(...rows.map((r) => texWidth(r.lines[0]?.before ?? '')));
  return Math.max(...rows.flatMap((r) => r.lines.map((l) => lhs + texWidth(l.after))));
}

/**
 * The rows for a narrow screen, or undefined when they already fit it.
 * Where a left side leaves the right one too little room (a paper's result
 * named "E_{R_{1x}} + E_{R_{2x}} (B leaves) (1.8)"), every row is stacked,
 * its left side on a line of its own and the right side below it, if that
 * makes them fit or narrower by STACKING_GAIN at least (a matrix M = (…)
 * too wide either way stays beside its name).
 */
export function narrowRows(given: readonly EquationRow[]): EquationRow[] | undefined {
  if (given.length === 0 || widest(given) <= NARROW_WIDTH) return undefined;
  const rows = given.flatMap(entryRows);
  const lhs = Math.max(...rows.map((r) => texWidth(r.lines[0]!.before)));
  const beside = rows.map((r) => narrowRow(r, lhs));
  if (widest(beside) <= NARROW_WIDTH) return beside;
  const stacked = rows.map((r): EquationRow => {
    const below = narrowRow(r, texWidth(CONTINUATION)).lines.map((l, k) => ({ before: '', after: k === 0 ? `${CONTINUATION}${l.after}` : l.after }));
    const lines = r.lines[0]!.before ? [{ before: '', after: r.lines[0]!.before }, ...below] : below;
    // A row with nothing to its right (an empty right side packs to no line) stays as it is.
    if (lines.length === 0) return r;
    return { ...(r.label === undefined ? {} : { label: r.label }), lines, ...(r.tag ? { tag: r.tag } : {}) };
  });
  return widest(stacked) <= Math.max(NARROW_WIDTH, widest(beside) - STACKING_GAIN) ? stacked : beside;
}

/** Space between a matrix's columns and for its parentheses (texWidth units: KaTeX's 2 × 5 pt column separation at 18 px). */
const COLUMN_GAP = 1.5;

/** A matrix's printed width: its columns' widest entries side by side (texWidth reads its source as one line). */
function matrixWidth(entries: readonly (readonly string[])[]): number {
  const columns = entries[0]!.map((_, j) => Math.max(...entries.map((r) => texWidth(r[j]!))));
  return columns.reduce((w, c) => w + c, 0) + (columns.length + 1) * COLUMN_GAP;
}

/**
 * A matrix too wide for a phone (a mass matrix M = (…) whose entries are
 * sums of trigonometric terms) as its entries, one a row: M = (M_ij), then
 * M_11 = …, M_12 = …, each broken as any row is; of a symmetric matrix the
 * entries on and above the diagonal. Other rows, and a matrix that fits,
 * stay as they are.
 */
function entryRows(row: EquationRow): EquationRow[] {
  const entries = row.matrix;
  const name = row.lines[0]!.before;
  if (!entries || !/^(\\[A-Za-z]+\{[A-Za-z]\}|[A-Za-z])$/.test(name)) return [row];
  const n = entries.length;
  if (n < 2 || entries.some((r) => r.length !== n) || texWidth(`${name} =`) + matrixWidth(entries) <= NARROW_WIDTH) return [row];
  const symmetric = entries.every((r, i) => r.every((e, j) => e === entries[j]![i]));
  const head = equation(row.label, name, `${symmetric ? `${name}^{\\top} = ` : ''}(${name}_{ij}),\\ i, j = 1, \\dots, ${n}`);
  const each = entries.flatMap((r, i) => r.flatMap((e, j) => (symmetric && j < i ? [] : [equation(undefined, `${name}_{${i + 1}${j + 1}}`, e)])));
  return [head, ...each];
}

/**
 * Inline math with \allowbreak after each comma outside every group and
 * bracket: KaTeX breaks inline math only after relations and operators, so
 * a list "dμ₁, dν₁, …, dν₆" ran 84 px past a phone's column.
 */
export function breakableInline(tex: string): string {
  let depth = 0;
  let out = '';
  for (let i = 0; i < tex.length; i++) {
    const c = tex[i]!;
    if (c === '\\') {
      const name = /^\\([A-Za-z]+|.)/.exec(tex.slice(i))?.[1] ?? '';
      if (name === 'left' || name === 'begin') depth++;
      else if (name === 'right' || name === 'end') depth--;
      out += `\\${name}`;
      i += name.length;
      continue;
    }
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    out += c;
    // A comma then a space (or a control space, ",\ "), not already breakable.
    if (c === ',' && depth === 0 && (tex[i + 1] === ' ' || tex.startsWith('\\ ', i + 1)) && !/^ ?\\allowbreak/.test(tex.slice(i + 1))) out += '\\allowbreak';
  }
  return out;
}
