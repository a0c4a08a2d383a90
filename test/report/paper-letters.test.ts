// One value per letter in each report's paper check (src/report/paper-letters.ts):
// in every model's report with a paper, the paragraph "In the formulas" defines
// each letter once, nothing is left "as derived", and the table's Derived cells
// name only the model's coordinates, velocities and parameters and the letters
// the report defines once. Read off the built document, not from how
// paper-letters.ts chose the values.
import { DERIVED_AS } from '../../src/report/paper-displays.js';
import { describe, expect, it } from 'vitest';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import type { Block, Inline } from '../../src/report/document.js';
import { mechanicsSymbol } from '../../src/report/notation.js';
import { paperLetters } from '../../src/report/paper-letters.js';
import { num } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import type { PaperCheckRow } from '../../src/studies/paper-check.js';
import type { PaperFormula } from '../../src/model/validate/paper.js';
import { cellText, models, report, tableOf } from './reports.js';

const paragraphs = (blocks: readonly Block[]): (readonly Inline[])[] => blocks.flatMap((b) => (b.kind === 'paragraph' ? [b.content] : []));
const maths = (xs: readonly Inline[]): string[] => xs.flatMap((x) => (typeof x === 'object' && 'math' in x ? [x.math] : []));

/** The letters a paragraph "In the formulas …" defines: "X = value" or "X is that of (n)", in order. */
function defined(content: readonly Inline[]): string[] {
  return content.flatMap((x, i) => {
    if (typeof x !== 'object' || !('math' in x)) return [];
    const eq = /^(.+?) = /.exec(x.math);
    if (eq) return [eq[1]!];
    return content[i + 1] === ' is that of ' ? [x.math] : [];
  });
}

/** The printed symbols of a model's coordinates, their velocities and accelerations (before, after an impact), its parameters and the time. */
function modelSymbols(spec: ModelSpec): string[] {
  const model = buildModel(spec);
  return [
    't',
    ...model.parameters.map((p) => mechanicsSymbol(p.name)),
    ...model.coordinates.flatMap((c) => ['', "'", "''", "'-", "'+", "'τ"].map((s) => mechanicsSymbol(`${c.name}${s}`))),
  ];
}

/** Commands of the printer that name no quantity. */
const SYNTAX =
  /\\(?:frac|sqrt|left|right|sin|cos|tan|cot|exp|ln|log|arccos|arcsin|arctan|sinh|cosh|tanh|operatorname\{[a-z]+\}|pi|cdot|quad|bigl|bigr|infty|to|lim|min|max|mathrm\{e\})(?![A-Za-z])/g;

/** The letters of a cell's LaTeX not among `known`: what is left once the printer's syntax and the known symbols (longest first) are removed. */
function strangers(tex: string, known: readonly string[]): string[] {
  let rest = tex.replace(SYNTAX, ' ');
  for (const s of [...known].sort((a, b) => b.length - a.length)) rest = rest.split(s).join(' ');
  return rest.match(/\\[A-Za-z]+|[A-Za-z]/g) ?? [];
}

const withPaper = models.filter((m) => m.spec.paper?.formulas.length);

describe('one value per letter in the paper check of every report with a paper', () => {
  it.each(withPaper.map((m) => [m.spec.name, m] as const))('%s', (_, file) => {
    const { doc } = report(file);
    const sections = doc.sections.filter((s) => ['paper-results', 'own-results', 'paper-check'].includes(s.id));
    // A letter never stands "as derived" (the words of the intro, "a result as derived", are not a definition).
    expect(JSON.stringify(sections)).not.toContain('\\\\text{as derived}');
    const check = doc.sections.find((s) => s.id === 'paper-check');
    if (!check) return;
    const where = paragraphs(check.blocks).find((p) => p[0] === 'In the formulas ') ?? [];
    const letters = defined(where);
    // Each letter once, and never "X = … in (row); X = … in (row)".
    expect(letters.filter((l, i) => letters.indexOf(l) !== i)).toEqual([]);
    expect(where.filter((x) => x === ' in ')).toEqual([]);
    const tooLong = paragraphs(check.blocks)
      .filter((p) => p.some((x) => typeof x === 'string' && x.includes('too long to print')))
      .flatMap(maths);
    const { general } = file.spec.paper!;
    // A derived side named by the display that derives it (Σ_ε χ(ε)Φ^ε beside its reference): that display defines its letters.
    const named = Object.values(DERIVED_AS).map((d) => d.name);
    // A letter said in its impact mode (E_{R_{1x}} (foot 2 stays)) prints as the letter alone in its rows.
    const bare = letters.map((l) => l.replace(/\\ \\text\{\([^)]*\)\}$/, ''));
    const known = [...bare, ...tooLong, ...named, ...modelSymbols(file.spec), ...(general ? modelSymbols(general) : [])];
    const cells = tableOf(check).rows.flatMap((r) => maths(r[3]!));
    expect(cells.flatMap((c) => strangers(c, known).map((s) => `${s} in ${c}`))).toEqual([]);
  });
});

describe('a fresh letter in print', () => {
  it('is the velocity it numbers: the parabolic billiard’s §5 y = a/2 row names its ẋ⁺ at the strike ẋ⁺₂, never an italic x₂', () => {
    const check = report(models.find((m) => m.spec.name === 'parabolic-billiard')!).doc.sections.find((s) => s.id === 'paper-check')!;
    const row = tableOf(check).rows.find((r) => cellText(r[1]!).startsWith('y = a/2'))!;
    expect(cellText(row[2]!)).toBe(
      '\\frac{\\xi^{2}}{2 a} - \\frac{g \\xi^{2}}{2 (\\dot{x}^{+}_{2})^{2}} - \\frac{\\xi \\dot{y}^{+}}{\\dot{x}^{+}_{2}} = \\frac{1}{2} a',
    );
    const where = paragraphs(check.blocks).find((p) => p[0] === 'In the formulas ')!;
    expect(defined(where)).toContain('\\dot{x}^{+}_{2}');
    expect(JSON.stringify(check)).not.toContain('\\\\mathit{x}');
  });
});

describe('paperLetters', () => {
  /** A row of the formula `formula`, its letters bound to these values; those in `facts` bound to a derived fact. */
  const row = (formula: string, bindings: Record<string, string>, facts: Record<string, string> = {}): PaperCheckRow => ({
    formula: {
      eq: '(1)',
      name: 'q',
      formula: parseExpr(formula),
      derived: [],
      where: new Map(Object.keys(bindings).map((s) => [s, facts[s] ? { fact: facts[s] } : { expr: num(0) }])),
    } as unknown as PaperFormula,
    bindings: new Map(Object.entries(bindings).map(([s, v]) => [s, parseExpr(v)])),
    derived: num(0),
    how: 'symbolic',
  });
  it('keeps a letter for the value two rows share and sets the other rows’ values in place', () => {
    const rows = [row('-D', { D: 'sin(N*t)/R1' }), row('2*D', { D: 'a + b' }), row('D/3', { D: 'a + b' })];
    const { rows: lettered, letters } = paperLetters(rows);
    expect(letters.map((l) => [l.symbol, l.row, l.value])).toEqual([['D', 1, parseExpr('a + b')]]);
    expect(lettered.map((r) => r.inPlace.get('D'))).toEqual([parseExpr('sin(N*t)/R1'), undefined, undefined]);
  });
  it('keeps no letter for a bare number two rows share (0 as two limits), nor for values of one row each', () => {
    const rows = [row('-D', { D: '0' }), row('-D', { D: '0' }), row('D', { D: 'a*b' }), row('D', { D: 'a + b' })];
    const { rows: lettered, letters } = paperLetters(rows);
    expect(letters).toEqual([]);
    expect(lettered.map((r) => r.inPlace.get('D'))).toEqual([num(0), num(0), parseExpr('a*b'), parseExpr('a + b')]);
  });
  it('names a value too wide to set in place by a fresh letter, defined once: μ₂ beside μ, never μ with two values', () => {
    const wide = Array.from({ length: 30 }, (_, i) => `b${i + 1}`).join(' + ');
    const rows = [row('mu', { mu: 'a + b' }), row('mu + 1', { mu: 'a + b' }), row('k*mu^2', { mu: wide })];
    const { rows: lettered, letters } = paperLetters(rows);
    expect(letters.map((l) => [l.symbol, l.row])).toEqual([
      ['\\mu', 0],
      ['\\mu_{2}', 2],
    ]);
    expect(lettered[2]!.inPlace.get('mu')).toEqual(parseExpr('mu_2'));
  });
  it('keeps the letter for a value of another impact mode, said in words, where it would be numbered: E (B stays) beside E (B leaves)', () => {
    const wide = Array.from({ length: 30 }, (_, i) => `b${i + 1}`).join(' + ');
    const [stays, leaves] = [{ E: 'impact1.stays.A.t' }, { E: 'impact1.leaves.A.t' }];
    const rows = [row('E', { E: 'a + b' }, leaves), row('E + 1', { E: 'a + b' }, leaves), row('k*E^2', { E: wide }, stays)];
    const words = (fact: string): string | undefined => ({ stays: 'B stays', leaves: 'B leaves' })[fact.split('.')[1]!];
    const { rows: lettered, letters } = paperLetters(rows, words);
    expect(letters.map((l) => [l.symbol, l.row])).toEqual([
      ['E\\ \\text{(B leaves)}', 0],
      ['E\\ \\text{(B stays)}', 2],
    ]);
    expect(lettered.every((r) => r.inPlace.size === 0)).toBe(true);
    // Without a mode to say, the same rows number it.
    expect(paperLetters(rows).letters.map((l) => l.symbol)).toEqual(['E', 'E_{2}']);
  });
  it('numbers a fresh letter for a velocity after an impact as that velocity: ẋ⁺₂ beside ẋ⁺, never an italic x₂', () => {
    const wide = Array.from({ length: 30 }, (_, i) => `b${i + 1}`).join(' + ');
    const after = { u: "impact1.single.x'+" };
    const rows = [row('u', { u: 'a + b' }, after), row('u + 1', { u: 'a + b' }, after), row('k*u^2', { u: wide }, after)];
    const { rows: lettered, letters } = paperLetters(rows);
    expect(letters.map((l) => [l.symbol, l.row])).toEqual([
      ['\\dot{x}^{+}', 0],
      ['\\dot{x}^{+}_{2}', 2],
    ]);
    const fresh = lettered[2]!.inPlace.get('u')!;
    expect(fresh.kind === 'sym' && mechanicsSymbol(fresh.name)).toBe('\\dot{x}^{+}_{2}');
  });
  it('defines a letter of one value once, whatever its width, and leaves a letter the formula does not print', () => {
    const rows = [row('D', { D: 'a + b', E: 'c + 1' }), row('D + 1', { D: 'a + b' })];
    const { rows: lettered, letters } = paperLetters(rows);
    expect(letters.map((l) => l.symbol)).toEqual(['D']);
    expect(lettered.every((r) => r.inPlace.size === 0)).toBe(true);
  });
});
