// Reports of large systems stay readable, small and typeset. These rules
// are applied to the document so that both renderers and the numbering agree:
// - an equation whose right-hand side runs over many lines (an 18-link
//   chain's momenta) is named with its label and elided, "p_{q_1} = ⋯";
// - a family of many equations of one kind in one display (the 1830 entries
//   M_ij, i ≤ j, of a 60-link chain's mass matrix, labels mass-i-j) shows its
//   first few and its last, with ⋮ between: printed in full, the 60-link
//   report was 85 MB of HTML, 84 MB of it these entries (shownIndices says
//   which in advance, so that the sections print only those);
// - no display holds more than KaTeX expands in one formula (its maxExpand
//   guard, 1000 macro expansions, which failed the n-link pendulum for
//   n ≥ 18 and then lost the code too);
// - a table of the model's coordinates or parameters longer than a page
//   shows its first rows and its last; an inline formula wider than half a line
//   cuts its list, q = (q_1, q_2, q_3, …, q_60)ᵀ.
// A note after each display or table says what it leaves out and where the
// generated module has it: the function and the index of every entry.
// Tests: test/report/large.test.ts.
import { code, paragraph, ref, type Block, type EquationRow, type Inline, type ReportDocument, type Table } from './document.js';
import { texWidth } from './latex.js';

/** An equation longer than this many printed lines is elided (a page of one formula reads as noise). */
export const MAX_ROW_LINES = 8;
/** Nor may one line be wider than this (texWidth units, about three lines' worth: an unbreakable matrix). */
export const MAX_LINE_WIDTH = 180;
/**
 * A family of more equations than this in one display is cut to its first
 * SHOWN and its last: the 6-link pendulum's 21 mass entries stay, the
 * 7-link's 28 are cut (every committed report is below it).
 */
export const MAX_FAMILY_ROWS = 24;
/** Shown at the head of a cut family (its last one is shown too). */
export const SHOWN = 3;
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

/** The row standing for the cut middle of a family. */
export const VDOTS_ROW: EquationRow = { lines: [{ before: '\\vdots', after: '' }] };

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

// ---------------------------------------------------------------- families
/** A label's family and indices: mass-12-3 → mass, [12, 3]; a label without indices is its own family. */
export function familyOf(label: string): { stem: string; indices: number[] } {
  const m = /^(.+?)((?:-\d+)+)$/.exec(label);
  if (!m) return { stem: label, indices: [] };
  return { stem: m[1]!, indices: m[2]!.slice(1).split('-').map(Number) };
}

/** The head letter of a row's left-hand side: M of M_{12}, \mathsf{M} of \mathsf{M}_{12}, p of p_{q_{1}}. */
const headOf = (r: EquationRow): string => /^(\\[A-Za-z]+\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z])_/.exec(r.lines[0]!.before)?.[1] ?? '';

/**
 * Where an entry sits in the array a generated function returns: entry i
 * of a vector at i − 1; of the second half of [...q̇, ...ṗ] at n + i − 1;
 * M_ij of a row-major n × n matrix at n(i − 1) + j − 1 (1-based i, j as in
 * the labels; the module's header states these layouts).
 */
export type Layout = 'vector' | 'second-half' | 'row-major';

/** The index of entry (i, j) (j only for a matrix) in a system of size n. */
export function entryIndex(layout: Layout, n: number, i: number, j = 1): number {
  return layout === 'vector' ? i - 1 : layout === 'second-half' ? n + i - 1 : n * (i - 1) + j - 1;
}

const indexTex = (layout: Layout, n: number): string => (layout === 'vector' ? 'i - 1' : layout === 'second-half' ? `${n} + i - 1` : `${n}(i - 1) + j - 1`);

/**
 * Where the generated module (src/codegen/module.ts, its exported
 * functions) evaluates each family of a report's equations (labels of
 * sections.ts): the call, the entry (LaTeX, given the report's letter) and
 * the layout of the array it returns.
 */
export interface Pointer {
  readonly call: string;
  readonly entry: (head: string) => string;
  readonly layout: Layout;
}
export const POINTERS: Readonly<Record<string, Pointer>> = {
  mass: { call: 'massMatrix(t, q, p)', entry: (h) => `${h}_{ij}`, layout: 'row-major' },
  momentum: { call: 'momenta(t, q, qd, p)', entry: () => 'p_{q_i}', layout: 'vector' },
  forcing: { call: 'forcing(t, q, qd, p)', entry: (h) => `${h}_{i}`, layout: 'vector' },
  // hamiltonRhs: [...q̇, ...ṗ] at z = [...q, ...p], ṗ = ∂L/∂q + Q at q̇ = M⁻¹(p − p₀).
  'hamilton-q': { call: 'hamiltonRhs(t, z, p)', entry: () => '\\dot{q}_i', layout: 'vector' },
  'hamilton-p': { call: 'hamiltonRhs(t, z, p)', entry: () => '\\dot{p}_i', layout: 'second-half' },
  'hamilton-dLdq': { call: 'hamiltonRhs(t, z, p)', entry: () => '\\partial L/\\partial q_i + Q_i', layout: 'second-half' },
  // p₀ = p at q̇ = 0.
  'hamilton-b': { call: 'momenta(t, q, 0, p)', entry: () => 'p_{0,i}', layout: 'vector' },
};

/** One family's run of rows in a display, and what of it is printed. */
interface Run {
  readonly rows: readonly EquationRow[];
  /** The rows printed (elided where too long), with ⋮ where the middle is cut. */
  readonly printed: readonly EquationRow[];
  /** Rows left out (their labels are referenced by their left-hand side instead). */
  readonly dropped: readonly EquationRow[];
}

/** Consecutive rows of one family (an unlabelled row is a run of its own). */
function runsOf(rows: readonly EquationRow[]): EquationRow[][] {
  const out: EquationRow[][] = [];
  let stem: string | undefined;
  for (const r of rows) {
    const s = r.label === undefined ? undefined : familyOf(r.label).stem;
    if (s === undefined || s !== stem) out.push([]);
    out[out.length - 1]!.push(r);
    stem = s;
  }
  return out;
}

/** The rows a cut family keeps: its first SHOWN and its last. */
const cutIndices = (count: number): number[] => [...Array.from({ length: SHOWN }, (_, k) => k), count - 1];

/**
 * The rows of a family of `count` equations in one display that may be
 * printed, known before any is: above MAX_FAMILY_ROWS a family keeps its
 * first SHOWN and its last whatever they print as, so a section need not
 * print the others (the 60-link chain's 1830 mass entries were tidied and
 * printed for four to be shown). A smaller family is cut only where more
 * of its rows are too long than it would show, which takes printing them
 * all: every index then.
 */
export function shownIndices(count: number): number[] {
  return count > MAX_FAMILY_ROWS ? cutIndices(count) : Array.from({ length: count }, (_, k) => k);
}

/** A run cut where it has more than MAX_FAMILY_ROWS rows, or more elided rows than it shows. */
function printRun(rows: readonly EquationRow[]): Run {
  const cut = rows.length > MAX_FAMILY_ROWS || (rows.length > SHOWN + 2 && rows.filter(tooLong).length > SHOWN + 1);
  const kept = cut ? cutIndices(rows.length).map((k) => rows[k]!) : rows;
  const printed = kept.map((r) => (tooLong(r) ? elided(r) : r));
  if (cut) printed.splice(SHOWN, 0, VDOTS_ROW);
  return { rows, printed, dropped: cut ? rows.filter((r) => !kept.includes(r)) : [] };
}

/** The references "(a), (b) and (c)". */
function listed(labels: readonly string[]): Inline[] {
  return labels.flatMap((l, i) => [...(i === 0 ? [] : i === labels.length - 1 ? [' and '] : [', ']), ref(l)]);
}

/** "Equation (a) is" / "Equations (a) and (b) are" / "One equation above is". */
function subject(rows: readonly EquationRow[], plural: string, singular: string): Inline[] {
  const labels = rows.flatMap((r) => (r.label ? [r.label] : []));
  if (labels.length === 0) return [rows.length === 1 ? `One equation above ${singular}` : `${rows.length} equations above ${plural}`];
  return [labels.length === 1 ? 'Equation ' : 'Equations ', ...listed(labels), ` ${labels.length === 1 ? singular : plural}`];
}

/** The generated module's function for a run's family, if it is one of POINTERS. */
function pointerOf(rows: readonly EquationRow[]): { p: Pointer; indices: number[][] } | undefined {
  const label = rows[0]!.label;
  const p = label === undefined ? undefined : POINTERS[familyOf(label).stem];
  return p && { p, indices: rows.map((r) => familyOf(r.label!).indices) };
}

/** Where the rows are evaluated: the function and the index of every entry for a known family, else the module. */
function pointer(rows: readonly EquationRow[], them: string, generated: string): Inline[] {
  const known = pointerOf(rows);
  if (!known) return ['the generated module ', code(generated), ` evaluates ${them}.`];
  // The system's size: the largest index of the family (the last entry M_nn, p_{q_n}).
  const n = Math.max(...known.indices.flat());
  return [
    'the generated module ',
    code(generated),
    ` evaluates ${them}: `,
    code(known.p.call),
    ' returns ',
    { math: known.p.entry(headOf(rows[0]!)) },
    ' at index ',
    { math: indexTex(known.p.layout, n) },
    '.',
  ];
}

/**
 * The notes after a display: per cut run, which rows it shows of how many;
 * the elided rows of the other runs together, by family where the
 * generated module's function is known. Every row not printed in full is
 * covered by one note that names where it is evaluated.
 */
function notes(runs: readonly Run[], generated: string): Inline[][] {
  const out: Inline[][] = [];
  const unknown: EquationRow[] = [];
  for (const run of runs) {
    const long = run.rows.filter(tooLong);
    if (run.dropped.length === 0) {
      if (long.length === 0) continue;
      if (!pointerOf(run.rows)) unknown.push(...long);
      else out.push([...subject(long, 'are', 'is'), ' too long to print here; ', ...pointer(run.rows, long.length === 1 ? 'it' : 'them', generated)]);
      continue;
    }
    const shown = run.rows.filter((r) => !run.dropped.includes(r));
    const elidedShown = shown.filter(tooLong).length;
    // ⋯ as math: pdflatex refuses the Unicode character in text (the 12-link chain's report did not compile).
    const which: Inline[] =
      elidedShown === 0
        ? []
        : elidedShown === shown.length
          ? [', too long to print here']
          : [' (', { math: '\\cdots' }, ' where one is too long to print here)'];
    out.push([
      ...subject(shown, `show ${shown.length} of the`, 'shows one of the'),
      ` ${run.rows.length} equations of this kind`,
      ...which,
      '; ',
      ...pointer(run.rows, `all ${run.rows.length}`, generated),
    ]);
  }
  if (unknown.length)
    out.unshift([...subject(unknown, 'are', 'is'), ' too long to print here; ', ...pointer(unknown, unknown.length === 1 ? 'it' : 'them', generated)]);
  return out;
}

/** Adjacent strings as one (the text as it reads). */
const joined = (xs: readonly Inline[]): Inline[] =>
  xs.reduce<Inline[]>((out, x) => {
    const last = out[out.length - 1];
    if (typeof x === 'string' && typeof last === 'string') out[out.length - 1] = last + x;
    else out.push(x);
    return out;
  }, []);

/** Every inline piece of the document's text through f (paragraphs, lists, table cells, captions). */
function mapInlines(doc: ReportDocument, f: (x: Inline) => Inline): ReportDocument {
  const inline = (xs: readonly Inline[]): Inline[] => xs.map(f);
  const block = (b: Block): Block => {
    switch (b.kind) {
      case 'paragraph':
        return { ...b, content: inline(b.content) };
      case 'list':
        return { ...b, items: b.items.map(inline) };
      case 'table':
        return { ...b, rows: b.rows.map((r) => r.map(inline)) };
      case 'figure':
        return { ...b, caption: inline(b.caption) };
      case 'equations':
        return b;
      default:
        return b satisfies never;
    }
  };
  return { ...doc, sections: doc.sections.map((s) => ({ ...s, blocks: s.blocks.map(block) })) };
}

// ---------------------------------------------------------------- inline lists
/**
 * Inline math wider than this (texWidth units, about half a line of text)
 * has its long lists cut: it cannot be broken, and after a few words of a
 * sentence TeX finds no line for it (the 12-link chain's
 * q = (q_1, …, q_12)ᵀ, 39 units, ran 25 pt past the page, the 16-link's
 * 100 pt; the chains up to 20 links have no overfull line at 30).
 */
export const MAX_INLINE_WIDTH = 30;

/**
 * A formula too wide for a line with its top-level lists cut to the first
 * SHOWN items and the last: q = (q_1, q_2, q_3, \dots, q_60)^⊤ (the 60-link
 * chain's coordinate vector ran 925 pt past the line in the PDF).
 */
export function shortLists(tex: string): string {
  if (texWidth(tex) <= MAX_INLINE_WIDTH) return tex;
  let out = '';
  let from = 0;
  let braces = 0;
  let open = -1;
  let commas: number[] = [];
  for (let i = 0; i < tex.length; i++) {
    const c = tex[i]!;
    if (c === '\\') {
      // A command's name, or an escaped character (\{ is no group).
      i += /^[A-Za-z]+/.exec(tex.slice(i + 1))?.[0].length ?? 1;
    } else if (c === '{') braces++;
    else if (c === '}') braces--;
    else if (braces > 0) continue;
    else if (c === '(' && open < 0) {
      open = i;
      commas = [];
    } else if (c === ',' && open >= 0 && tex[i + 1] === ' ') commas.push(i);
    else if (c === ')' && open >= 0) {
      if (commas.length > SHOWN + 1) out += `${tex.slice(from, commas[SHOWN - 1]! + 2)}\\dots${tex.slice(commas[commas.length - 1]!, i)}`;
      else out += tex.slice(from, i);
      from = i;
      open = -1;
    }
  }
  return out + tex.slice(from);
}

// ---------------------------------------------------------------- tables
/** A table longer than this is cut, where the generated module lists all its rows. */
export const MAX_TABLE_ROWS = 40;
/** Tables whose rows the generated module's `model` lists: the coordinates' names, the parameters with description, unit and default. */
const TABLE_POINTERS: Readonly<Record<string, string>> = { coordinates: 'model.coordinates', parameters: 'model.parameters' };

/** A long table of the model (the 60-link chain's 121 parameters ran 970 pt past a page) cut to its first and last rows, and a note. */
function cutTable(t: Table, generated: string): Block[] {
  const where = TABLE_POINTERS[t.id];
  if (!where || t.rows.length <= MAX_TABLE_ROWS) return [t];
  const vdots = t.columns.map((_, k): Inline[] => (k === 0 ? [{ math: '\\vdots' }] : []));
  return [
    { ...t, rows: [...t.rows.slice(0, SHOWN), vdots, t.rows[t.rows.length - 1]!] },
    paragraph(
      'Table ',
      ref(`tab:${t.id}`),
      ` shows ${SHOWN + 1} of its ${t.rows.length} rows; the generated module `,
      code(generated),
      ' lists all of them in ',
      code(where),
      '.',
    ),
  ];
}

/**
 * The document with too-long equations elided, large families and long
 * tables of the model cut (a note after each says what is left out and
 * where the generated module has it), long inline lists cut, and displays
 * split to KaTeX's limit.
 */
export function condense(doc: ReportDocument, generated: string): ReportDocument {
  const gone = new Map<string, string>();
  const sections = doc.sections.map((s) => {
    const blocks: Block[] = [];
    for (const b of s.blocks) {
      if (b.kind === 'table') blocks.push(...cutTable(b, generated));
      if (b.kind !== 'equations') {
        if (b.kind !== 'table') blocks.push(b);
        continue;
      }
      const runs = runsOf(b.rows).map(printRun);
      for (const run of runs) for (const r of run.dropped) if (r.label) gone.set(r.label, r.lines[0]!.before);
      for (const part of splitDisplays(runs.flatMap((r) => r.printed))) blocks.push({ kind: 'equations', rows: part });
      for (const text of notes(runs, generated)) blocks.push(paragraph(...joined(text)));
    }
    return { ...s, blocks };
  });
  // A reference to a row left out becomes its left-hand side (M_{45}): it has no number to point to.
  return mapInlines({ ...doc, sections }, (x) => {
    if (typeof x !== 'object') return x;
    if ('ref' in x && gone.has(x.ref)) return { math: gone.get(x.ref)! };
    if ('math' in x) return { math: shortLists(x.math) };
    return x;
  });
}
