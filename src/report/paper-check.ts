// A seed example's paper set beside the derivation: the results the paper
// states, as the engine derives them (facts of src/derive/paper-results.ts),
// and a closing table "paper's formula / derived / agrees" in which agreement
// is computed — the difference simplifies to zero (symbolic), or the two
// agree to 1e-9 at random points of the parameters' ranges and the
// pre-impact velocities' declared signs (numeric), or, for a number the
// report's computations measured (a rigid limit, a periodic orbit, an event
// of the simulation), to the formula's tolerance at the parameters it was
// measured at (measured); the table says which.
// Tests: test/report/paper-check.test.ts.
import { add, freeSymbols, pow, sub, sym, ZERO, type Expr, type Sym } from '../core/expr.js';
import { cancel } from '../core/cancel.js';
import { evaluate } from '../core/evaluate.js';
import { subs } from '../core/subs.js';
import { simplify } from '../core/trig.js';
import { derivedFacts, fact, measuredFacts, type Computed, type Measured, type MeasuredFact } from '../derive/paper-results.js';
import { deriveSystem, type DerivedSystem } from '../derive/system.js';
import { MechanicsError } from '../errors.js';
import { preImpactName } from '../model/names.js';
import { buildModel } from '../model/model.js';
import type { PaperSpec } from '../model/spec.js';
import { checkPaper, type PaperFormula } from '../model/validate/paper.js';
import { citedSources, REFERENCES } from './bibliography.js';
import { equation, equations, m, paragraph, ref, type Block, type Inline, type Section } from './document.js';
import { texWidth, toLatex } from './latex.js';
import { math, mathLines, MECHANICS, mechanicsSymbol } from './notation.js';

/** Random points of the numeric comparison. */
const POINTS = 16;
const TOLERANCE = 1e-9;

export interface PaperCheckRow {
  readonly formula: PaperFormula;
  /** What the formula's own symbols stand for: facts, or expressions of the parameters. */
  readonly bindings: ReadonlyMap<string, Expr>;
  /** The paper's formula with its symbols replaced by their bindings (absent: stated in words). */
  readonly paper?: Expr;
  readonly derived: Expr;
  /** Absent where the paper gives no formula. */
  readonly agrees?: boolean;
  /** How agreement was decided: the difference simplified to 0, values at POINTS random points, or a measured number to the formula's tolerance (meaningless without a formula). */
  readonly how: 'symbolic' | 'numeric' | 'measured';
  /** A measured row: the derived number, and the measured facts the formula's symbols stand for. */
  readonly measured?: { readonly value: number; readonly bindings: ReadonlyMap<string, number> };
}

/** A model's paper in its report: the rows, the paper's short name and the general model they were derived from (if not the model itself). */
export interface ReportPaper {
  readonly paper: string;
  readonly rows: readonly PaperCheckRow[];
  readonly general?: DerivedSystem;
}

/**
 * The model file's `paper` declaration checked against its derivation (or its
 * general model's) and against what the report computed (`computed`: its
 * rigid-limit study, periodic orbit and simulation, the measured facts).
 */
export function paperReport(system: DerivedSystem, spec: PaperSpec, computed: Computed = {}): ReportPaper {
  const key = citedSources([spec.source], system.model.name).at(-1)!;
  const general = spec.general ? deriveSystem(buildModel(spec.general)) : undefined;
  const source = general ?? system;
  const rows = checkPaperFormulas(source, checkPaper(spec.formulas, source.model), measuredFacts(system, computed));
  return { paper: REFERENCES[key].short, rows, ...(general ? { general } : {}) };
}

/** Each formula against its fact of `system` (the model's own, or the paper's general model's) or its measured fact. */
export function checkPaperFormulas(system: DerivedSystem, formulas: readonly PaperFormula[], measured: Measured = new Map()): PaperCheckRow[] {
  const facts = derivedFacts(system);
  return formulas.map((f) => {
    const used = new Map<string, MeasuredFact>();
    const look = (name: string): Expr => {
      const m = measured.get(name);
      if (m) used.set(name, m);
      const e = m ? measuredSymbol(name) : fact(facts, system, name);
      if (!e) throw new MechanicsError('unknown-field', 'model', `paper formula ${f.eq}: the ${/^(limit|orbit|motion)\./.test(name) ? 'report computed' : 'derivation has'} no fact '${name}' (facts: ${[...facts.keys(), ...measured.keys()].slice(0, 8).join(', ')}, …)`, { model: system.model.name, field: 'paper.formulas' });
      return e;
    };
    // At the parameter values the paper's result holds for (Kozlov's Theorem 3: ν = 0).
    const atValues = (e: Expr): Expr => (f.at ? subs(e, f.at) : e);
    const binding = new Map<string, Expr>([...f.where].map(([s, b]) => [s, atValues('fact' in b ? look(b.fact) : b.expr)]));
    const derived = atValues(add(...f.derived.map((t) => (t.power ? pow(look(t.fact), subs(t.power, binding)) : look(t.fact)))));
    if (!f.formula) return { formula: f, bindings: binding, derived, how: 'symbolic' };
    const paper = atValues(subs(f.formula, binding));
    if (f.tolerance !== undefined) return measuredRow(system, f, binding, paper, derived, used, f.tolerance);
    const symbolic = isZero(sub(paper, derived));
    return { formula: f, bindings: binding, paper, derived, agrees: symbolic || numericallyEqual(system, paper, derived), how: symbolic ? 'symbolic' : 'numeric' };
  });
}

/** A measured fact in an expression: a symbol that measuredRow gives its value (a float has no exact rational of safe size). */
const measuredSymbol = (name: string): Sym => sym(`measured:${name}`);

/**
 * A row with a measured fact: both sides evaluated at the parameters it was
 * measured at (the defaults, with the computation's own values on top), equal
 * to the formula's tolerance relative to max(1, |paper|).
 */
function measuredRow(system: DerivedSystem, f: PaperFormula, bindings: ReadonlyMap<string, Expr>, paper: Expr, derived: Expr, used: ReadonlyMap<string, MeasuredFact>, tolerance: number): PaperCheckRow {
  const env: Record<string, number> = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  for (const m of used.values()) Object.assign(env, m.params);
  for (const [name, m] of used) env[measuredSymbol(name).name] = m.value;
  const x = evaluate(paper, env);
  const y = evaluate(derived, env);
  const measuredBindings = new Map([...f.where].flatMap(([s, b]) => ('fact' in b && used.has(b.fact) ? [[s, used.get(b.fact)!.value] as const] : [])));
  return {
    formula: f, bindings, paper, derived, how: 'measured',
    agrees: Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= tolerance * Math.max(1, Math.abs(x)),
    measured: { value: y, bindings: measuredBindings },
  };
}

function isZero(e: Expr): boolean {
  const s = simplify(e);
  return s === ZERO || simplify(cancel(s)) === ZERO;
}

/** Equal to 1e-9 (relative) at POINTS points of the parameters' ranges and of the velocities' declared signs; a seeded generator keeps the report reproducible. */
function numericallyEqual(system: DerivedSystem, a: Expr, b: Expr): boolean {
  const random = seeded(1981);
  const { model } = system;
  const approach = new Map(system.unilateral?.impactMaps.flatMap((im) => [...im.scenario.approach]) ?? []);
  const symbols = [...new Set([...freeSymbols(a), ...freeSymbols(b)])];
  let compared = 0;
  for (let k = 0; k < POINTS * 4 && compared < POINTS; k++) {
    const env: Record<string, number> = {};
    for (const p of model.parameters) env[p.name] = p.default;
    for (const p of model.parameters) {
      if (p.range) {
        const [lo, hi] = p.range.map((x) => evaluate(x, env)) as [number, number];
        env[p.name] = lo + (hi - lo) * (0.02 + 0.96 * random());
      } else env[p.name] = p.default === 0 ? 0.1 + random() : p.default * (0.5 + random());
    }
    for (const s of symbols) {
      if (s in env || s === 'pi') continue;
      const coordinate = model.coordinates.find((c) => s === preImpactName(c.name));
      const sign = coordinate ? approach.get(coordinate.name) : undefined;
      env[s] = sign ? sign * (0.2 + 1.8 * random()) : 4 * random() - 2;
    }
    const x = evaluate(a, env);
    const y = evaluate(b, env);
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    compared++;
    if (Math.abs(x - y) > TOLERANCE * (1 + Math.abs(x) + Math.abs(y))) return false;
  }
  return compared >= POINTS / 2;
}

/** A linear congruential generator: the same points in every build. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const label = (i: number): string => `paper-${i + 1}`;

/**
 * The paper's results as derived (one numbered equation each, the paper's
 * number beside it), then the table: the paper's formula as the paper writes
 * it, the derived equation it is compared with, and whether they agree.
 */
export function paperSections({ rows, paper, general }: ReportPaper): Section[] {
  if (rows.length === 0) return [];
  const intro: Inline[] = [
    `The results of ${paper} as the derivation gives them`,
    ...(general ? [' for the general model (', general.model.title, ': ', ...parametersText(general), ')'] : []),
    ', each with the paper’s equation number:',
  ];
  const results: Block[] = [
    paragraph(...intro),
    equations(...rows.map((r, i) => equation(label(i), `${r.formula.name}\\ \\text{${r.formula.eq.replace('§', '\\S ')}}`, r.measured ? decimal(r.measured.value) : mathLines(shown(r.derived))))),
  ];
  const notes = rows.filter((r) => r.formula.note).map((r): Inline[] => [r.formula.eq, ': ', ...noteInlines(r.formula.note!)]);
  const table: Block = {
    kind: 'table',
    id: 'paper-check',
    caption: 'The paper’s formulas against the derivation',
    columns: ['Paper', 'Quantity', 'Paper’s formula', 'Derived', 'Agrees'],
    // Short verdicts in a natural-width column (the paragraph above says what each means): the table fits the page.
    align: 'lllll',
    rows: rows.flatMap((r, i) => (r.agrees === undefined ? [] : [[
      [r.formula.eq], [m(r.formula.name)], [m(paperLatex(r))], [ref(label(i))],
      [r.agrees ? verdict(r) : 'no'],
    ]])),
  };
  const bindings = whereText(rows);
  return [
    { id: 'paper-results', title: 'Results in the paper’s form', blocks: results },
    {
      id: 'paper-check',
      title: 'The paper’s formulas against the derivation',
      blocks: [
        paragraph(
          'Each formula as the paper prints it beside the derived equation, and whether they agree: symbolically (their difference simplifies to 0) or numerically (equal to ',
          m('10^{-9}'),
          ` relative at ${POINTS} random points of the parameters’ ranges and of the declared signs of the velocities before the impact)`,
          ...(rows.some((r) => r.measured) ? ['; a number this report measured (its rigid limit, periodic orbit or simulation) agrees to the tolerance stated, relative to ', m('\\max(1, |\\text{paper}|)'), ', at the parameters it was measured at'] : []),
          `. ${rows.filter((r) => r.agrees).length} of ${rows.filter((r) => r.agrees !== undefined).length} agree.`,
        ),
        table,
        ...(bindings.length ? [paragraph('In the formulas ', ...bindings, '.')] : []),
        ...(notes.length ? [{ kind: 'list' as const, items: notes }] : []),
      ],
    },
  ];
}

/** The table's verdict on an agreeing row. */
function verdict(r: PaperCheckRow): string {
  if (r.how === 'symbolic') return 'yes, symbolically';
  if (r.how === 'numeric') return `yes, at ${POINTS} points`;
  return `yes, to ${r.formula.tolerance!.toExponential(0)}`;
}

/** A measured number, six significant digits, as LaTeX (1.2 \cdot 10^{-5} below 10⁻³). */
function decimal(v: number): string {
  if (v === 0 || (Math.abs(v) >= 1e-3 && Math.abs(v) < 1e6)) return `${Number(v.toPrecision(6))}`;
  const [mantissa, exponent] = v.toExponential(5).split('e');
  return `${Number(mantissa)} \\cdot 10^{${Number(exponent)}}`;
}

/** A note's text with its $…$ spans as math (a model file writes formulas in notes as LaTeX, which both renderers take). */
function noteInlines(note: string): Inline[] {
  return note.split(/\$([^$]+)\$/).flatMap((part, i): Inline[] => (i % 2 ? [m(part)] : part ? [part] : []));
}

/** Wide results over a common denominator, where that is shorter (the double pendulum's Carnot loss: half the width). */
function shown(derived: Expr): Expr {
  if (math(derived).length <= WIDE) return derived;
  const cancelled = simplify(cancel(derived));
  return math(cancelled).length < math(derived).length ? cancelled : derived;
}

/** Printed length (LaTeX characters) beyond which a result is tried over a common denominator. */
const WIDE = 400;

function parametersText(system: DerivedSystem): Inline[] {
  const ranged = system.model.parameters.filter((p) => p.range);
  return ranged.length ? ranged.flatMap((p, i): Inline[] => [i ? ', ' : '', m(`${math(p.symbol)} \\in (${math(p.range![0])}, ${math(p.range![1])})`)]) : ['its parameters symbolic'];
}

/** The paper's formula as written, its symbols bound to a single symbol (w = ψ̇⁻) printed as that symbol. */
function paperLatex(r: PaperCheckRow): string {
  const symbols = new Map([...r.bindings].filter(([s, v]) => v.kind === 'sym' && !r.measured?.bindings.has(s)));
  return r.formula.formula ? toLatex(subs(r.formula.formula, symbols), { ...MECHANICS, orientSums: false }) : '';
}

/** "k = π/α, G_{12} = …": what the formulas' other symbols stand for. */
function whereText(rows: readonly PaperCheckRow[]): Inline[] {
  const seen = new Map<string, string>();
  for (const r of rows) {
    for (const [s, v] of r.bindings) {
      const measured = r.measured?.bindings.get(s);
      if (seen.has(s) || (v.kind === 'sym' && measured === undefined) || !r.formula.formula) continue;
      const value = measured === undefined ? math(v) : decimal(measured);
      seen.set(s, texWidth(value) <= 40 ? `${mechanicsSymbol(s)} = ${value}` : `${mechanicsSymbol(s)}\\ \\text{as derived}`);
    }
  }
  return [...seen.values()].flatMap((tex, i): Inline[] => [i ? ', ' : '', m(tex)]);
}
