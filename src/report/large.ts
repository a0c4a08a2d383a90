// Reports of large systems stay readable and typeset: an equation whose
// right-hand side runs over many lines (an 18-link chain's momenta, its
// 30 × 30 mass matrix) is named with its label and elided, with a pointer to
// the generated module that evaluates it; and no display holds more than
// KaTeX expands in one formula (its maxExpand guard, 1000 macro expansions,
// which failed the n-link pendulum for n ≥ 18 and then lost the code too).
// Applied to the document, so both renderers and the numbering agree.
// Tests: test/report/large.test.ts.
import { paragraph, ref, type Block, type EquationRow, type Inline, type ReportDocument } from './document.js';
import { texWidth } from './latex.js';

/** An equation longer than this many printed lines is elided (a page of one formula reads as noise). */
export const MAX_ROW_LINES = 8;
/** Nor may one line be wider than this (texWidth units, about three lines' worth: an unbreakable matrix). */
export const MAX_LINE_WIDTH = 180;
/**
 * KaTeX's expansions in one display, at most: its maxExpand guard stops at
 * 1000 per formula. Measured with KaTeX 0.18: a \tag costs 5 expansions,
 * a \notag (and its line break) 1.5, other commands next to nothing — 100
 * two-line rows of an 18-link mass matrix typeset, 150 do not; the budget keeps a margin below.
 */
export const MAX_EXPANSIONS = 600;

const commands = (tex: string): number => (tex.match(/\\[A-Za-z]+/g) ?? []).length;
/** An upper estimate of the expansions a row costs (tag or notag per line, a fifth per command). */
const rowExpansions = (r: EquationRow): number =>
  r.lines.reduce((n, l, k) => n + (r.label && k === r.lines.length - 1 ? 5 : 1.5) + 0.2 * (commands(l.before) + commands(l.after)), 0);

/** Too long to print: many lines, or one line far wider than the page. */
export function tooLong(r: EquationRow): boolean {
  return r.lines.length > MAX_ROW_LINES || r.lines.some((l) => texWidth(l.after) > MAX_LINE_WIDTH);
}

/** The row named, its right-hand side elided: "p_{q_1} = ⋯" (the relation kept). */
function elided(r: EquationRow): EquationRow {
  const first = r.lines[0]!;
  const rel = /^\s*(=|\\le|\\ge|<|>|\\approx)/.exec(first.after)?.[1] ?? '=';
  const line = { before: first.before, after: `${rel} \\cdots` };
  return r.label === undefined ? { lines: [line] } : { label: r.label, lines: [line] };
}

/** Rows in consecutive displays, each within MAX_EXPANSIONS (a row over it alone stays alone: it was elided before). */
export function splitDisplays(rows: readonly EquationRow[]): EquationRow[][] {
  const out: EquationRow[][] = [];
  let count = 0;
  for (const r of rows) {
    const n = rowExpansions(r);
    if (out.length === 0 || count + n > MAX_EXPANSIONS) {
      out.push([]);
      count = 0;
    }
    out[out.length - 1]!.push(r);
    count += n;
  }
  return out;
}

/** The references "(a), (b) and (c)" to the elided rows with labels. */
function listed(rows: readonly EquationRow[]): Inline[] {
  const labels = rows.flatMap((r) => (r.label ? [r.label] : []));
  return labels.flatMap((l, i) => [...(i === 0 ? [] : i === labels.length - 1 ? [' and '] : [', ']), ref(l)]);
}

/**
 * The document with too-long equations elided (a note after their display
 * lists them and names the generated module) and displays split to KaTeX's limit.
 */
export function condense(doc: ReportDocument, generated: string): ReportDocument {
  const sections = doc.sections.map((s) => {
    const blocks: Block[] = [];
    for (const b of s.blocks) {
      if (b.kind !== 'equations') {
        blocks.push(b);
        continue;
      }
      const long = b.rows.filter(tooLong);
      const rows = b.rows.map((r) => (tooLong(r) ? elided(r) : r));
      for (const part of splitDisplays(rows)) blocks.push({ kind: 'equations', rows: part });
      if (long.length) {
        const named = listed(long);
        const which: Inline[] = named.length ? [long.length === 1 ? 'Equation ' : 'Equations ', ...named] : [long.length === 1 ? 'One equation above' : `${long.length} equations above`];
        blocks.push(paragraph(...which, ` ${long.length === 1 ? 'is' : 'are'} too long to print here; the generated module ${generated} evaluates ${long.length === 1 ? 'it' : 'them'}.`));
      }
    }
    return { ...s, blocks };
  });
  return { ...doc, sections };
}
