// A seed example's paper checked against the derivation: the results the
// paper states, as the engine derives them (facts of
// src/derive/paper-results.ts), each with whether it agrees with the
// paper's formula — the difference simplifies to zero (symbolic), or the two
// agree to 1e-9 at random points of the parameters' ranges and the
// pre-impact velocities' declared signs (numeric), or, for a number the
// other studies measured (a rigid limit, a periodic orbit, an event of the
// simulation), to the formula's tolerance at the parameters it was measured
// at (measured). A paper's general model is derived here, a second
// derivation beside the model's own. The report prints the result
// (report/paper-check.ts).
// Tests: test/studies/paper-check.test.ts, test/report/paper-kozlov.test.ts.
import { add, div, factorsOf, freeSymbols, mul, num, pow, sub, sym, termsOf, ZERO, type Expr, type Sym } from '../core/expr.js';
import { cancel } from '../core/cancel.js';
import { combineRadicals } from '../core/radicals.js';
import { asymptoticExpansion } from '../core/series.js';
import { diff } from '../core/diff.js';
import { evaluate } from '../core/evaluate.js';
import { limitAtInfinity } from '../core/limit.js';
import { rationalized } from '../core/rationalize.js';
import { signArguments, withSigns } from '../core/sign-arguments.js';
import { subs } from '../core/subs.js';
import { simplify } from '../core/trig.js';
import {
  derivedFacts,
  fact,
  measuredFacts,
  modeName,
  studiedFacts,
  type Computed,
  type Facts,
  type Measured,
  type MeasuredFact,
} from '../derive/paper-results.js';
import { assumptionDomain, negativeParameters, parameterAssumptions, positiveParameters, type ParameterAssumption } from '../derive/proofs/assumptions.js';
import { mapChildren, memoPass } from '../core/traverse.js';
import { proveClaim, type ClaimProof } from '../derive/proofs/claims.js';
import { deriveSystem, type DerivedSystem } from '../derive/system.js';
import { onSurface } from '../derive/unilateral/surface.js';
import { MechanicsError } from '../errors.js';
import { preImpactName } from '../model/names.js';
import { seeded } from './seeded.js';
import { LOSS_FACT, RESTING_FACT, runLoss, runRest, type RunLoss, type RunRest } from './rest-time.js';
import { buildModel } from '../model/model.js';
import { isSourceKey, REFERENCES, type SourceKey } from '../model/sources.js';
import type { PaperSpec } from '../model/spec.js';
import { defaultValues } from '../model/validate/parameters.js';
import { checkNotDerived, checkPaper, MEASURED, type NotDerived, type PaperFormula } from '../model/validate/paper.js';
import { checkClaims, checkFigures, type Binding, type ClaimRange, type PaperClaim, type PaperFigure } from '../model/validate/paper-claims.js';

/** Random points of the numeric comparison. */
export const POINTS = 16;
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
  /** A measured row: the derived number, the paper's formula's value there, and the measured facts the formula's symbols stand for. */
  readonly measured?: {
    readonly value: number;
    readonly paper: number;
    readonly bindings: ReadonlyMap<string, number>;
    /** The parameters it was measured at that differ from their defaults (the realizations at N = 1000). */
    readonly at: Readonly<Record<string, number>>;
    /** Every parameter the computation set, its defaults among them (the added mass's run at N = 100, the default). */
    readonly params: Readonly<Record<string, number>>;
    /** A fitted order r of |x_N − x_∞| ≈ C N^{−r}: the parameter N, so that it prints as O(N^{−r}). */
    readonly orderOf?: string;
    /** The number is a limit extrapolated from a study's runs (MeasuredFact.extrapolated). */
    readonly extrapolated?: true;
    /** For a fitted order: the local orders between successive runs (MeasuredFact.trend). */
    readonly trend?: readonly number[];
    /** For a limit 0 approached like N^{−r}: N^r times the quantity per run (MeasuredFact.rate). */
    readonly rate?: MeasuredFact['rate'];
  };
  /** A rest time (impact{i}.{m}.rest) against the report's run (rest-time.ts). */
  readonly run?: RunRest;
  /** Of a row that bounds a quantity (PaperFormula.bounds): its value along the orbit's sweep (boundAlong). */
  readonly bound?: SweptBound;
  /** Of a corrected reading: the paper's print with the symbols bound, and whether it too agrees with the derivation. */
  readonly printed?: { readonly paper: Expr; readonly agrees: boolean };
  /** Carnot's loss (impact{i}.{m}.ΔT), the paper's formula, against the loss at the report's run's strikes (rest-time.ts). */
  readonly runLoss?: readonly RunLoss[];
}

/**
 * A sufficient condition "quantity ≤ row" along the declared orbit's sweep (kozlov1988 (4.4), (4.5): f″(0) ≤ f″_*):
 * the quantity's value, and the row's exact value at the orbit's parameter and at each value of the sweep.
 */
export interface SweptBound {
  readonly parameter: string;
  readonly quantity: number;
  readonly points: readonly { readonly at: number; readonly bound: number }[];
}

/** A paper's inequality with what it reduces to on its domain, proved or not. */
export interface PaperClaimRow {
  readonly claim: PaperClaim;
  readonly bindings: ReadonlyMap<string, Expr>;
  readonly proof: ClaimProof;
  /** The box it was proved on, as assumptions (the model's ranges, narrowed by the claim's), of the symbols the claim names. */
  readonly assumptions: readonly ParameterAssumption[];
  /** A single pre-impact velocity set to its declared sign (the claim is homogeneous in it). */
  readonly directions: ReadonlyMap<string, Expr>;
  /**
   * The index of an earlier claim this one restates: the same domain, and its greater minus smaller side that one's
   * times a positive number (rubanovich1981 (3.14): ż₁(−0)·E₁ < 0 is the loss ΔT = −½ż₁(−0)·E₁ > 0).
   */
  readonly restates?: number;
}

/** A paper's figure redrawn: its abscissa's values and one curve per value of the curves' parameter. */
export interface PaperFigureData {
  readonly figure: PaperFigure;
  readonly x: readonly number[];
  readonly curves: readonly { readonly value: number; readonly y: readonly number[] }[];
}

/** A model's paper checked: the paper (a bibliography key), the rows, and the general model they were derived from (if not the model itself). */
export interface PaperCheck {
  readonly source: SourceKey;
  readonly rows: readonly PaperCheckRow[];
  readonly claims: readonly PaperClaimRow[];
  readonly figures: readonly PaperFigureData[];
  /** The paper's results the toolkit does not derive, with why (the model file's list). */
  readonly notDerived: readonly NotDerived[];
  /** The case the formulas are checked in, where narrower than the paper's (the model file's words). */
  readonly scope?: string;
  /** The paper's wording the derivation corrects (the model file's words), said in the Discussion. */
  readonly corrects?: string;
  /** What the paper leaves to later work (the model file's words): the direction studies of its impacts are the report's own. */
  readonly defers?: string;
  readonly general?: DerivedSystem;
  /** The checked model has impacts (unilateral contacts): its random points take the declared signs of the pre-impact velocities too. */
  readonly impacts: boolean;
}

/**
 * The model file's `paper` declaration checked against its derivation (or its
 * general model's) and against what the other studies measured (`computed`:
 * the rigid-limit study, periodic orbit and simulation, the measured facts).
 */
export function paperCheck(system: DerivedSystem, spec: PaperSpec, computed: Computed = {}): PaperCheck {
  const { source: key } = spec;
  // buildModel refuses a model file's unknown source; a declaration made in code meets it here.
  if (!isSourceKey(key))
    throw new MechanicsError('invalid-option', 'model', `unknown source '${key}' (known: ${Object.keys(REFERENCES).join(', ')})`, {
      model: system.model.name,
      field: 'paper.source',
    });
  const general = spec.general ? deriveSystem(buildModel(spec.general)) : undefined;
  const source = general ?? system;
  const formulas = checkPaper(spec.formulas, source.model);
  const named = formulas.flatMap((f) => [...f.derived.map((d) => d.fact), ...[...f.where.values()].flatMap((b) => ('fact' in b ? [b.fact] : []))]);
  const checked = checkPaperFormulas(source, formulas, measuredFacts(system, computed, named), general ? new Map() : studiedFacts(computed));
  const rows = general ? checked : checked.map((r) => withBound(system, withRun(system, r, computed), computed));
  const claims = proveClaims(source, checkClaims(spec.claims, source.model));
  const figures = checkFigures(spec.figures, source.model).map((f) => figureData(source, f));
  const notDerived = checkNotDerived(spec.notDerived, system.model.name);
  const impacts = source.model.unilateral.length > 0;
  return {
    source: key,
    rows,
    claims,
    figures,
    notDerived,
    impacts,
    ...(spec.scope ? { scope: spec.scope } : {}),
    ...(spec.corrects ? { corrects: spec.corrects } : {}),
    ...(spec.defers ? { defers: spec.defers } : {}),
    ...(general ? { general } : {}),
  };
}

/** A rest-time or loss row with the report's run beside it, where the run strikes (and comes to rest) (rest-time.ts). */
function withRun(system: DerivedSystem, r: PaperCheckRow, { simulation }: Computed): PaperCheckRow {
  const name = r.formula.derived.length === 1 ? r.formula.derived[0]!.fact : undefined;
  if (!name || !simulation || !('trajectory' in simulation)) return r;
  const { events } = simulation.trajectory;
  const run = RESTING_FACT.test(name) ? runRest(system, name, r.derived, events) : undefined;
  // The loss as the paper types it where it does (rubanovich1981 (3.14) in G and ż₁(−0)), not the derived one.
  // Its symbols bound to velocities before the impact (ẋ₁, ẏ₁ = ż₁(−0)) shown at each strike.
  const before = new Map(
    [...r.formula.where].flatMap(([s, b]): [string, Expr][] => ('fact' in b && b.fact.endsWith('-') && r.bindings.has(s) ? [[s, r.bindings.get(s)!]] : [])),
  );
  // Only a loss of the state before the impact: a formula in the impulses ((3.14)'s ½[z₁]ᵀE₁) says nothing the run's state gives more.
  const ofState = [...r.formula.where.values()].every((b) => !('fact' in b) || b.fact.endsWith('-'));
  const loss = LOSS_FACT.test(name) && ofState ? runLoss(system, name, r.paper ?? r.derived, events, before) : [];
  return { ...r, ...(run ? { run } : {}), ...(loss.length ? { runLoss: loss } : {}) };
}

/**
 * A row that bounds a quantity, evaluated where the orbit was sought and at each value of its sweep, the other
 * parameters as there: its exact value (a relation's derived side, −4/(NPI) of kozlov1988 (4.5), not the expansion
 * the row is compared in).
 */
function withBound(system: DerivedSystem, r: PaperCheckRow, { orbit }: Computed): PaperCheckRow {
  const { bounds, left } = r.formula;
  const parameter = orbit?.declaration.sweep?.parameter;
  if (!bounds || !orbit?.sweep || parameter === undefined) return r;
  const exact = left ? subs(left, r.bindings) : r.derived;
  const env: Record<string, number> = { ...defaultValues(system.model.parameters), ...orbit.params };
  const at = [env[parameter]!, ...orbit.sweep.map((p) => p.value)];
  const points = at.map((value) => ({ at: value, bound: evaluate(exact, { ...env, [parameter]: value }) }));
  return { ...r, bound: { parameter, quantity: evaluate(bounds.value, env), points } };
}

/** The symbols a formula, claim or figure names, bound to facts of `system` or to expressions. */
function bind(system: DerivedSystem, facts: Facts, where: ReadonlyMap<string, Binding>, field: string): Map<string, Expr> {
  return new Map(
    [...where].map(([s, b]) => {
      if ('expr' in b) return [s, b.expr];
      const e = fact(facts, system, b.fact);
      if (!e) throw new MechanicsError('unknown-field', 'model', `${field}: the derivation has no fact '${b.fact}'`, { model: system.model.name, field });
      return [s, e];
    }),
  );
}

/**
 * Each claim proved on the model's parameter ranges narrowed by the claim's
 * own. Impact facts are homogeneous in the pre-impact velocities: a claim on
 * them holds for every velocity of the declared sign (one velocity, set to
 * ±1), or for every non-zero pair (a quadratic form, proveClaim).
 */
function proveClaims(system: DerivedSystem, claims: readonly PaperClaim[]): PaperClaimRow[] {
  if (claims.length === 0) return [];
  const facts = derivedFacts(system);
  const { model } = system;
  const approach = new Map(system.unilateral?.impactMaps.flatMap((im) => [...im.scenario.approach]) ?? []);
  const rows = claims.map((claim) => {
    const bindings = bind(system, facts, claim.where, 'paper.claims');
    const [greater, smaller] = [claim.greater, claim.smaller].map((e) => subs(e, bindings)) as [Expr, Expr];
    const velocities = model.coordinates.map((c) => preImpactName(c.name)).filter((v) => [greater, smaller].some((e) => freeSymbols(e).has(v)));
    const signs = new Map(
      model.coordinates.flatMap((c) =>
        velocities.length === 1 && velocities[0] === preImpactName(c.name) ? [[velocities[0], num(approach.get(c.name) ?? 1)] as const] : [],
      ),
    );
    const assumptions = [
      ...parameterAssumptions(model).map((a) => narrowed(a, claim.on.get(a.parameter))),
      ...[...claim.on]
        .filter(([p]) => !model.parameters.some((q) => q.name === p && (q.range || q.default > 0)))
        .map(([p, r]) => narrowed({ parameter: p, lowerOpen: false, upperOpen: false, source: 'declared' }, r)),
    ];
    const at = (e: Expr): Expr => subs(e, signs);
    const rateOf = claim.rate === undefined ? undefined : bindings.get(claim.rate)!;
    const rate = rateOf && { parameter: [...freeSymbols(rateOf)].find((x) => x !== 'pi')!, of: rateOf };
    const arriving = signs.size
      ? undefined
      : arrivingRate(
          system,
          facts,
          [...claim.where.values()].map((b) => ('fact' in b ? b.fact : '')),
        );
    const proof = proveClaim(at(greater), at(smaller), assumptionDomain(assumptions), {
      ...(rate ? { rate } : {}),
      velocities: signs.size ? [] : velocities,
      strict: claim.strict,
      ...(arriving ? { arriving } : {}),
    });
    const named = new Set([...freeSymbols(at(greater)), ...freeSymbols(at(smaller))]);
    return { claim, bindings, proof, assumptions: assumptions.filter((a) => named.has(a.parameter)), directions: signs, margin: at(sub(greater, smaller)) };
  });
  return rows.map(({ margin, ...row }, i) => {
    const restates = rows.findIndex((earlier, j) => j < i && sameClaim(row, margin, earlier, earlier.margin));
    return restates < 0 ? row : { ...row, restates };
  });
}

/** Two claims one inequality: alike strict, on one box, of no rate, their margins (greater − smaller) a positive multiple of each other. */
function sameClaim(a: PaperClaimRow, ma: Expr, b: PaperClaimRow, mb: Expr): boolean {
  if (a.claim.strict !== b.claim.strict || a.claim.rate !== undefined || b.claim.rate !== undefined) return false;
  const box = (r: PaperClaimRow): string => [...r.claim.on].map(([p, x]) => `${p}:${x.lower.id}:${x.upper.id}:${x.lowerOpen}:${x.upperOpen}`).join(';');
  if (box(a) !== box(b)) return false;
  const ratio = simplify(cancel(div(ma, mb)));
  return ratio.kind === 'num' && ratio.value.n > 0;
}

/** ḟ⁻ of the arriving contact of the one impact every fact named belongs to (impact{i}.…), or undefined. */
function arrivingRate(system: DerivedSystem, facts: Facts, names: readonly string[]): Expr | undefined {
  const impacts = new Set(names.map((n) => /^impact(\d+)\./.exec(n)?.[1]));
  const [k] = impacts;
  const im = k === undefined || impacts.size !== 1 ? undefined : system.unilateral?.impactMaps[Number(k) - 1];
  return im && fact(facts, system, `impact${k}.${system.unilateral!.contacts[im.scenario.arriving]!.normal.label}-`);
}

/** A parameter's assumption with the claim's interval in its place. */
function narrowed(a: ParameterAssumption, r: ClaimRange | undefined): ParameterAssumption {
  return r ? { parameter: a.parameter, lower: r.lower, upper: r.upper, lowerOpen: r.lowerOpen, upperOpen: r.upperOpen, source: 'declared' } : a;
}

/** Points of a paper figure's abscissa (evenly spaced, in log k on a log axis). */
const FIGURE_POINTS = 121;

/** The figure's expression at each abscissa and curve value, the other parameters at their defaults. */
function figureData(system: DerivedSystem, figure: PaperFigure): PaperFigureData {
  const bindings = bind(system, derivedFacts(system), figure.where, 'paper.figures');
  const e = subs(subs(figure.plot, bindings), figure.at);
  const { from, to, log } = figure.x;
  const x = Array.from({ length: FIGURE_POINTS }, (_, i) => {
    const t = i / (FIGURE_POINTS - 1);
    return log ? from * (to / from) ** t : from + (to - from) * t;
  });
  const defaults: Record<string, number> = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  const curves = figure.curves.values.map((value) => ({
    value,
    y: x.map((xi) => evaluate(e, { ...defaults, [figure.curves.parameter]: value, [figure.x.symbol]: xi })),
  }));
  return { figure, x, curves };
}

/**
 * The impact map and mode (0-based) whose fact a row binds (impact1.stays.foot1.t: the map's mode in which every
 * closed contact stays), for the report to say which mode a letter means; undefined for a fact of no one mode.
 */
export function factMode(system: DerivedSystem, fact: string): { readonly impact: number; readonly mode: number } | undefined {
  const [, index, name] = /^impact(\d+)\.([^.]+)\./.exec(fact) ?? [];
  const impact = Number(index) - 1;
  const im = system.unilateral?.impactMaps[impact];
  const mode = im ? im.modes.findIndex((m) => modeName(system, im, m) === name) : -1;
  return mode < 0 ? undefined : { impact, mode };
}

/**
 * Each formula against its fact of `system` (the model's own, or the paper's general model's), a fact a study
 * derived against the rigid model (`studied`) or its measured fact.
 */
export function checkPaperFormulas(
  system: DerivedSystem,
  formulas: readonly PaperFormula[],
  measured: Measured = new Map(),
  studied: Facts = new Map(),
): PaperCheckRow[] {
  const facts: Facts = studied.size ? new Map([...derivedFacts(system), ...studied]) : derivedFacts(system);
  const positive = positiveParameters(system.model);
  // A parameter declared negative written −p, p > 0, so that its |·| is settled (kozlov1988 (6.2): |c| = −c for c < 0).
  const negative = negativeParameters(system.model);
  const turned = new Map([...negative].map((p): [string, Expr] => [p, mul(num(-1), sym(p))]));
  const settled = memoPass<Expr>((u, go) => {
    const v = mapChildren(u, go);
    return v.kind === 'fn' && v.name === 'abs' && v.args[0]!.kind === 'sym' && negative.has(v.args[0]!.name) ? v.args[0]! : v;
  });
  const flipped = (e: Expr): Expr => settled(simplify(subs(e, turned)));
  return formulas.map((f) => {
    const used = new Map<string, MeasuredFact>();
    const look = (name: string): Expr => {
      const m = measured.get(name);
      if (m) used.set(name, m);
      const e = m ? measuredSymbol(name) : fact(facts, system, name);
      if (!e)
        throw new MechanicsError(
          'unknown-field',
          'model',
          `paper formula ${f.eq}: the ${MEASURED.test(name) ? 'report computed' : 'derivation has'} no fact '${name}' (facts: ${[...facts.keys(), ...measured.keys()].slice(0, 8).join(', ')}, …)`,
          { model: system.model.name, field: 'paper.formulas' },
        );
      return e;
    };
    // At the parameter values the paper's result holds for (Kozlov's Theorem 3: ν = 0).
    const atValues = (e: Expr): Expr => (f.at ? subs(e, f.at) : e);
    const binding = new Map<string, Expr>([...f.where].map(([s, b]) => [s, atValues('fact' in b ? look(b.fact) : b.expr)]));
    // Limits are taken of each side whole, not of its symbols' values: a product's factor may grow as another vanishes.
    const limited = (e: Expr): Expr =>
      (f.limits ?? []).reduce((x, p) => {
        const l = limitAtInfinity(x, p);
        if (l) return l;
        throw new MechanicsError(
          'invalid-option',
          'model',
          `paper formula ${f.eq}: a side has no finite limit as ${p} grows (rational in ${p} with a finite limit)`,
          {
            model: system.model.name,
            field: 'paper.formulas',
          },
        );
      }, e);
    const exact = limited(
      atValues(
        f.left
          ? subs(f.left, binding)
          : add(...f.derived.map((t) => mul(num(t.negated ? -1 : 1), t.power ? pow(look(t.fact), subs(t.power, binding)) : look(t.fact)))),
      ),
    );
    // A side in one square root as A + B√R (kozlov1988 §5: the return to the focus is a/2 once its flight's root is squared away).
    const derived =
      f.remainder && !f.remainder.exponential
        ? expanded(system, f, exact, (x) => x.kind === 'sym' && positive.has(x.name))
        : f.tolerance === undefined
          ? rationalized(exact, (x) => x.kind === 'sym' && positive.has(x.name))
          : exact;
    if (!f.formula) return { formula: f, bindings: binding, derived, how: 'symbolic' };
    const paper = limited(atValues(subs(f.formula, binding)));
    if (f.tolerance !== undefined) return measuredRow(system, f, binding, paper, derived, used, f.tolerance);
    // Roots joined as the positive parameters allow (kozlov1988 Th. 3: √N·√(c² − k²) = √(N(c² − k²)) for N > 0).
    const roots = (e: Expr): Expr => combineRadicals(e, (x) => x.kind === 'sym' && positive.has(x.name));
    // A row taken on a contact's surface holds there: its difference reduced by the gap (the circle's y² = R² − x²).
    const surface = surfaceOf(system, f);
    // An impact's facts hold where the velocities strike its contact: the random points are taken there.
    const striking = arrivingRate(system, facts, rowFacts(f));
    const onIt = (d: Expr): boolean => {
      const r = surface && onSurface(d, surface, system.model);
      return r !== undefined && isZero(r);
    };
    const equal = (x: Expr): { symbolic: boolean; agrees: boolean } => {
      const symbolic =
        isZero(sub(x, derived)) ||
        isZero(sub(roots(x), roots(derived))) ||
        (negative.size > 0 && isZero(sub(flipped(x), flipped(derived)))) ||
        onIt(sub(x, derived));
      return { symbolic, agrees: symbolic || numericallyEqual(system, x, derived, surface, striking) };
    };
    const { symbolic, agrees } = equal(paper);
    const print = f.printed && atValues(subs(f.printed, binding));
    return {
      formula: f,
      bindings: binding,
      paper,
      derived,
      agrees,
      how: symbolic ? 'symbolic' : 'numeric',
      ...(print ? { printed: { paper: print, agrees: equal(print).agrees } } : {}),
    };
  });
}

/** The derived side's terms that are not o(p^r), the paper's remainder (kozlov1988 (4.5)); a named error where it has no such expansion. */
function expanded(system: DerivedSystem, f: PaperFormula, e: Expr, positive: (s: Expr) => boolean): Expr {
  const { parameter, order } = f.remainder!;
  const terms = asymptoticExpansion(e, parameter, order, positive);
  if (terms) return terms;
  throw new MechanicsError(
    'invalid-option',
    'model',
    `paper formula ${f.eq}: the derived side has no expansion in powers of ${parameter}^(-1/2) as ${parameter} grows (a function of a growing argument, or singular at its limit)`,
    { model: system.model.name, field: 'paper.formulas' },
  );
}

/** A measured fact in an expression: a symbol that measuredRow gives its value (a float has no exact rational of safe size). */
const measuredSymbol = (name: string): Sym => sym(`measured:${name}`);

/**
 * A row with a measured fact: both sides evaluated at the parameters it was
 * measured at (the defaults, with the computation's own values on top), equal
 * to the formula's tolerance relative to max(1, |paper|).
 */
function measuredRow(
  system: DerivedSystem,
  f: PaperFormula,
  bindings: ReadonlyMap<string, Expr>,
  paper: Expr,
  derived: Expr,
  used: ReadonlyMap<string, MeasuredFact>,
  tolerance: number,
): PaperCheckRow {
  const env: Record<string, number> = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  for (const m of used.values()) Object.assign(env, m.params);
  for (const [name, m] of used) env[measuredSymbol(name).name] = m.value;
  const x = evaluate(paper, env);
  const y = evaluate(derived, env);
  const measuredBindings = new Map([...f.where].flatMap(([s, b]) => ('fact' in b && used.has(b.fact) ? [[s, used.get(b.fact)!.value] as const] : [])));
  const defaults = defaultValues(system.model.parameters);
  const params = Object.fromEntries([...used.values()].flatMap((m) => Object.entries(m.params)));
  const at = Object.fromEntries(Object.entries(params).filter(([p, v]) => defaults[p] !== v));
  const orders = [...new Set([...used.values()].flatMap((m) => (m.orderOf ? [m.orderOf] : [])))];
  return {
    formula: f,
    bindings,
    paper,
    derived,
    how: 'measured',
    agrees: Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= tolerance * Math.max(1, Math.abs(x)),
    measured: {
      value: y,
      paper: x,
      bindings: measuredBindings,
      at,
      params,
      ...(orders.length === 1 ? { orderOf: orders[0]! } : {}),
      ...([...used.values()].some((m) => m.extrapolated) ? { extrapolated: true as const } : {}),
      ...(orders.length === 1 && used.size === 1 && [...used.values()][0]!.trend ? { trend: [...used.values()][0]!.trend! } : {}),
      ...(used.size === 1 && [...used.values()][0]!.rate && x === 0 ? { rate: [...used.values()][0]!.rate! } : {}),
    },
  };
}

function isZero(e: Expr): boolean {
  if (zeroBySwitches(e)) return true;
  const s = simplify(e);
  if (s === ZERO) return true;
  const c = simplify(cancel(s));
  return c === ZERO || zeroWhileSliding(c);
}

/** sgn u, or a switch 1 ± sgn u: a factor of a switched sum's term (smirnov1981 (1.2), (2.2)). */
function isSwitch(f: Expr): boolean {
  const sign = (u: Expr): boolean => u.kind === 'fn' && u.name === 'sign';
  if (f.kind === 'pow') return isSwitch(f.base);
  return sign(f) || (f.kind === 'add' && f.terms.length === 1 && sign(f.terms[0]!.expr));
}

/** The terms of e, with a term that is a number times a sum spread into that sum's terms (one level at a time). */
function spread(e: Expr): Expr[] {
  return termsOf(e).flatMap((t) => {
    const [k, ...rest] = factorsOf(t);
    const inner = rest.length === 0 ? k! : rest.length === 1 && k!.kind === 'num' ? rest[0]! : undefined;
    return inner?.kind === 'add' ? spread(inner).map((u) => (inner === k ? u : mul(k!, u))) : [t];
  });
}

/**
 * Zero switch by switch: the terms grouped by their product of switches
 * (unexpanded), each group's sum zero. A sufficient test that skips
 * expanding the 2⁵ products of a switched sum over 32 variants (smirnov1981
 * (2.2)); where it fails the whole difference is expanded.
 */
function zeroBySwitches(e: Expr): boolean {
  const groups = new Map<Expr, Expr[]>();
  for (const t of spread(e)) {
    const fs = factorsOf(t);
    const key = mul(...fs.filter(isSwitch));
    const rest = mul(...fs.filter((f) => !isSwitch(f)));
    const group = groups.get(key);
    if (group) group.push(rest);
    else groups.set(key, [rest]);
  }
  return groups.size > 1 && [...groups.values()].every((rest) => isZero(add(...rest)));
}

/** At most this many signs are set to ±1 (2^k cancellations). */
const SLIDING_SIGNS = 3;

/**
 * Zero for each direction of sliding: every sgn(u) set to +1 and to −1. The
 * paper's equations hold for a given sliding direction, sgn v = ±1 (smirnov1981
 * §2), and the reactions they are checked against were derived with sgn² = 1
 * (friction/sliding-sign.ts), so the difference is a multiple of 1 − sgn², not 0.
 */
function zeroWhileSliding(e: Expr): boolean {
  const signs = [...signArguments(e)];
  if (signs.length === 0 || signs.length > SLIDING_SIGNS) return false;
  const settings = Array.from({ length: 2 ** signs.length }, (_, k) => new Map(signs.map((u, i) => [u, (k >> i) & 1 ? -1 : 1] as const)));
  return settings.every((values) => {
    const set = withSigns(e, values);
    return set === ZERO || simplify(cancel(set)) === ZERO;
  });
}

/** The facts a row names: its derived side's and its symbols'. */
const rowFacts = (f: PaperFormula): string[] => [...f.derived.map((d) => d.fact), ...[...f.where.values()].flatMap((b) => ('fact' in b ? [b.fact] : []))];

/**
 * The gap f of the arriving contact of the impact whose facts a row takes on its surface ('…@surface'): there the
 * two sides are equal only where f = 0 (kozlov1988 §3's map over R² in place of x² + y²); undefined for other rows.
 */
function surfaceOf(system: DerivedSystem, f: PaperFormula): Expr | undefined {
  const k = rowFacts(f).flatMap((n) => (n.endsWith('@surface') ? (/^impact(\d+)\./.exec(n)?.[1] ?? []) : []))[0];
  const im = k === undefined ? undefined : system.unilateral?.impactMaps[Number(k) - 1];
  return im && subs(system.model.unilateral[im.scenario.arriving]!.gap, im.scenario.at);
}

/**
 * env moved onto the surface f = 0 along the last coordinate f depends on, by Newton's steps: the circle's
 * y = ±√(R² − x²) from a random y; false where it does not get there (|x| > R).
 */
function ontoSurface(system: DerivedSystem, gap: Expr, env: Record<string, number>): boolean {
  const c = system.model.coordinates.filter((q) => freeSymbols(gap).has(q.name)).at(-1);
  if (!c) return false;
  const slope = diff(gap, c.name);
  for (let k = 0; k < 60; k++) {
    const f = evaluate(gap, env);
    if (Math.abs(f) <= 1e-14 * (1 + Math.abs(env[c.name]!))) return true;
    const d = evaluate(slope, env);
    if (!Number.isFinite(f) || !Number.isFinite(d) || d === 0) return false;
    env[c.name] = env[c.name]! - f / d;
  }
  return false;
}

/**
 * Equal to 1e-9 (relative) at POINTS points of the parameters' ranges and of the velocities' declared signs; a seeded
 * generator keeps the report reproducible. With `striking`, the arriving rate ḟ⁻ of the impact whose facts are
 * compared, only where it is negative: the velocities without a declared sign turned where they leave the contact
 * (kozlov1988 §3's √(v² − u²), the speed towards the circle, is xẋ⁻ + yẏ⁻ over R only where the point strikes it).
 */
function numericallyEqual(system: DerivedSystem, a: Expr, b: Expr, surface?: Expr, striking?: Expr): boolean {
  const random = seeded(1981);
  const { model } = system;
  const approach = new Map(system.unilateral?.impactMaps.flatMap((im) => [...im.scenario.approach]) ?? []);
  const symbols = [...new Set([...freeSymbols(a), ...freeSymbols(b), ...(striking ? freeSymbols(striking) : [])])];
  const unsigned = symbols.filter((s) => {
    const coordinate = model.coordinates.find((c) => s === preImpactName(c.name));
    return coordinate && !approach.get(coordinate.name);
  });
  const defaults = defaultValues(model.parameters);
  let compared = 0;
  for (let k = 0; k < POINTS * 4 && compared < POINTS; k++) {
    const env: Record<string, number> = { ...defaults };
    for (const p of model.parameters) {
      const [lower, upper] = p.range ?? [];
      const [lo, hi] = [lower && evaluate(lower, env), upper && evaluate(upper, env)];
      // A one-sided range: the default's distance from its end, scaled as an unranged default is.
      const gap = (end: Expr): number => Math.abs(p.default - evaluate(end, defaults));
      if (lo !== undefined && hi !== undefined) env[p.name] = lo + (hi - lo) * (0.02 + 0.96 * random());
      else if (lo !== undefined) env[p.name] = lo + gap(lower!) * (0.5 + random());
      else if (hi !== undefined) env[p.name] = hi - gap(upper!) * (0.5 + random());
      else env[p.name] = p.default === 0 ? 0.1 + random() : p.default * (0.5 + random());
    }
    for (const s of symbols) {
      if (s in env || s === 'pi') continue;
      const coordinate = model.coordinates.find((c) => s === preImpactName(c.name));
      const sign = coordinate ? approach.get(coordinate.name) : undefined;
      env[s] = sign ? sign * (0.2 + 1.8 * random()) : 4 * random() - 2;
    }
    if (surface && !ontoSurface(system, surface, env)) continue;
    if (striking && evaluate(striking, env) > 0) for (const s of unsigned) env[s] = -env[s]!;
    if (striking && !(evaluate(striking, env) < 0)) continue;
    const x = evaluate(a, env);
    const y = evaluate(b, env);
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    compared++;
    if (Math.abs(x - y) > TOLERANCE * (1 + Math.abs(x) + Math.abs(y))) return false;
  }
  return compared >= POINTS / 2;
}
