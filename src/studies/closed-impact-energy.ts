// Whether an impact at closed contacts (an end striking while the other
// rests, or both striking together) can raise the kinetic energy, proved
// from the derived map rather than sampled. For each mode and each sliding
// direction it assumes, the loss L = T⁻ − T⁺ (T = ½ q̇ᵀM q̇ at the impact's
// configuration) is a quadratic form in the independent pre-impact
// velocities v, and L ≥ 0 is proved one of two ways:
//  - for every v: its Hessian positive semidefinite (a sticking mode of
//    the rod: (ẏ⁺, θ̇⁺) = −e(ẏ⁻, θ̇⁻) and ẋ⁺ = 0, L = ½m ẋ⁻² + (1 − e²)T_yθ⁻);
//  - on the mode's own conditions: with g = A v n of them (each ≥ 0 where
//    the mode is admissible, the arriving contacts' approach −ḟ⁻ ≥ 0
//    among them) and A invertible, L(A⁻¹g) has no negative coefficient.
//    A sliding mode: ẋ⁺ = ẋ⁻ − c d with c ≥ 0 a multiple of the normal
//    impulse and d ẋ⁺ ≥ 0, so ẋ⁻² − ẋ⁺² = c(2 d ẋ⁺ + c), |ẋ⁺| ≤ |ẋ⁻|.
// Signs are decided under the parameter assumptions (assumptions.ts) with
// each restitution coefficient in its limits, [0, 1] (model/limits.ts).
// Tests: test/studies/closed-impact-energy.test.ts.
import { cancel } from '../core/cancel.js';
import { diff } from '../core/diff.js';
import { add, dependsOn, HALF, mul, neg, num, pow, sub, sym, ZERO, type Expr } from '../core/expr.js';
import { subs } from '../core/subs.js';
import { together } from '../core/together.js';
import { simplify } from '../core/trig.js';
import { det, solveSmall, type Matrix } from '../derive/matrix.js';
import { assumptionDomain } from '../derive/proofs/assumptions.js';
import { proveNonnegative } from '../derive/proofs/nonnegative.js';
import type { Domain, Variable } from '../derive/proofs/positivity.js';
import { signOn } from '../derive/proofs/sign.js';
import type { DerivedSystem } from '../derive/system.js';
import type { ImpactMap } from '../derive/unilateral/unilateral-types.js';
import { evaluate } from '../core/evaluate.js';
import { valueLimits } from '../model/limits.js';
import { preImpactName } from '../model/names.js';

/** The loss of one mode for one choice of its sliding directions, and how L ≥ 0 was proved. */
export interface ModeLoss {
  /** Index into the map's modes. */
  readonly mode: number;
  /** Each slip-sign symbol of the mode's outcome fixed to ±1 (none for a sticking mode). */
  readonly directions: Readonly<Record<string, -1 | 1>>;
  /** T⁻ − T⁺ in the independent pre-impact velocities. */
  readonly loss: Expr;
  /** 'form': ≥ 0 for every velocity; 'conditions': ≥ 0 where the mode's conditions hold; absent: not proved. */
  readonly via?: 'form' | 'conditions';
  /**
   * Coordinates whose velocity the impact stops (q̇⁺ = 0), reverses with the
   * restitution coefficient (q̇⁺ = −e q̇⁻), or leaves no faster, |q̇⁺| ≤ |q̇⁻|
   * proved on the conditions as L is: with a diagonal mass matrix, the loss
   * term by term.
   */
  readonly stopped: readonly string[];
  readonly reversed: readonly string[];
  readonly slower: readonly string[];
  /** The mass matrix is diagonal and every velocity is stopped, reversed or slower: the loss reads term by term. */
  readonly termByTerm: boolean;
}

export interface ClosedImpactLoss {
  /** Index into the system's impact maps. */
  readonly map: number;
  readonly modes: readonly ModeLoss[];
  /** Every mode in every direction proved to lose energy. */
  readonly proved: boolean;
  /** The arriving contact's restitution coefficient, of which `reversed` velocities are −e times. */
  readonly restitution: Expr;
}

/** The proof for each impact map at closed contacts with Coulomb outcomes; none for a system without one. */
export function closedImpactLosses(system: DerivedSystem): ClosedImpactLoss[] {
  const u = system.unilateral;
  if (!u) return [];
  const domain = restitutionDomain(system);
  return u.impactMaps.flatMap((im, map) => {
    if (!im.scenario.closed.length || !im.modes.some((mode) => mode.slips)) return [];
    const modes = im.modes.flatMap((_, k) => modeLosses(system, im, k, domain));
    const restitution = u.contacts[im.scenario.arriving]!.restitution;
    return [{ map, modes, proved: modes.every((l) => l.via), restitution }];
  });
}

/** The parameter assumptions with each restitution coefficient narrowed to its limits (e ∈ [0, 1]). */
function restitutionDomain(system: DerivedSystem): Domain {
  const base = assumptionDomain(system.unilateral!.assumptions);
  const variables = new Map<string, Variable>(base.variables);
  for (const limit of valueLimits(system.model)) {
    if (limit.code !== 'bad-restitution' || limit.value.kind !== 'sym') continue;
    const name = limit.value.name;
    const was = variables.get(name)?.bounds ?? { lo: -Infinity, hi: Infinity };
    const lo = limit.lower ? Math.max(was.lo, evaluate(limit.lower, {})) : was.lo;
    const hi = limit.upper ? Math.min(was.hi, evaluate(limit.upper, {})) : was.hi;
    variables.set(name, { ...variables.get(name), bounds: { lo, hi } });
  }
  return { variables };
}

const tidy = (e: Expr): Expr => together(simplify(cancel(simplify(e))));

/** ½ vᵀ M v. */
const kinetic = (M: Matrix, v: readonly Expr[]): Expr => mul(HALF, add(...v.map((vi, i) => mul(vi, add(...v.map((vj, j) => mul(M[i]![j]!, vj)))))));

/** M at the impact's configuration. */
const massAt = (system: DerivedSystem, im: ImpactMap): Matrix =>
  system.lagrange2.massMatrix.map((row) => row.map((x) => simplify(subs(x, new Map(im.scenario.at)))));

function modeLosses(system: DerivedSystem, im: ImpactMap, k: number, domain: Domain): ModeLoss[] {
  const mode = im.modes[k]!;
  const M = massAt(system, im);
  const e = system.unilateral!.contacts[im.scenario.arriving]!.restitution;
  const names = system.model.coordinates.map((c) => c.name);
  const diagonal = M.every((row, i) => row.every((x, j) => i === j || x === ZERO));
  const velocities = im.scenario.independent.map(preImpactName);
  const signs = system.unilateral!.coulomb.flatMap((c) => (c.direction && mode.qdPlus.some((x) => dependsOn(x, c.direction!.name)) ? [c.direction.name] : []));
  const choices = signs.reduce<Record<string, -1 | 1>[]>((acc, s) => acc.flatMap((d) => ([-1, 1] as const).map((v) => ({ ...d, [s]: v }))), [{}]);
  return choices.map((directions) => {
    const fix = (x: Expr): Expr => tidy(subs(x, new Map(Object.entries(directions).map(([s, v]) => [s, num(v)]))));
    const loss = tidy(sub(kinetic(M, im.qdMinus), kinetic(M, mode.qdPlus.map(fix))));
    const conditions = [...mode.conditions.map((c) => fix(c.expr)), ...approaches(system, im).map(fix)];
    const via = formHolds(loss, velocities, domain) ? 'form' : onConditions(loss, velocities, conditions, domain) ? 'conditions' : undefined;
    const plus = mode.qdPlus.map(fix);
    const stopped = names.filter((_, i) => plus[i] === ZERO);
    const reversed = names.filter((_, i) => plus[i] !== ZERO && tidy(add(plus[i]!, mul(e, im.qdMinus[i]!))) === ZERO);
    const slower = names.filter(
      (x, i) =>
        !stopped.includes(x) &&
        !reversed.includes(x) &&
        onConditions(tidy(sub(mul(im.qdMinus[i]!, im.qdMinus[i]!), mul(plus[i]!, plus[i]!))), velocities, conditions, domain),
    );
    const termByTerm = diagonal && stopped.length + reversed.length + slower.length === names.length;
    return { mode: k, directions, loss, ...(via ? { via } : {}), stopped, reversed, slower, termByTerm };
  });
}

/** −ḟ⁻ ≥ 0 of the arriving contact and of each closed one striking with it. */
function approaches(system: DerivedSystem, im: ImpactMap): Expr[] {
  const at = new Map(im.scenario.at);
  const striking = (im.scenario.striking ?? []).map((j) => {
    const n = system.unilateral!.contacts[j]!.normal;
    return neg(add(subs(n.rate, at), ...n.row.map((x, i) => mul(subs(x, at), im.qdMinus[i]!))));
  });
  return [neg(im.approach), ...striking];
}

/** The Hessian of a quadratic form in v, or undefined where L is not one. */
function hessian(L: Expr, v: readonly string[]): Expr[][] | undefined {
  const H = v.map((a) => v.map((b) => tidy(diff(diff(L, a), b))));
  if (H.some((row) => row.some((h) => v.some((x) => dependsOn(h, x))))) return undefined;
  const form = mul(HALF, add(...v.map((a, i) => mul(sym(a), add(...v.map((b, j) => mul(H[i]![j]!, sym(b))))))));
  return tidy(sub(L, form)) === ZERO ? H : undefined;
}

/** Subsets of size k of 0..n−1. */
const subsets = (n: number, k: number): number[][] =>
  k === 0 ? [[]] : n < k ? [] : [...subsets(n - 1, k), ...subsets(n - 1, k - 1).map((s) => [...s, n - 1])];

/** L ≥ 0 for every v: its Hessian positive semidefinite. */
function formHolds(L: Expr, v: readonly string[], domain: Domain): boolean {
  const H = hessian(L, v);
  return !!H && semidefinite(H, domain);
}

/**
 * H ⪰ 0, taken apart one row at a time: a row with no off-diagonal entry
 * needs only its diagonal ≥ 0; a diagonal entry proved > 0 leaves its Schur
 * complement; otherwise every principal minor ≥ 0. (A diagonal form with
 * (1 − e²) twice keeps its factors this way, where the 3×3 minor's
 * (1 − e²)² would be expanded.)
 */
function semidefinite(H: readonly (readonly Expr[])[], domain: Domain): boolean {
  const n = H.length;
  if (n === 0) return true;
  const without = (i: number, rows: readonly (readonly Expr[])[]): Expr[][] => rows.filter((_, a) => a !== i).map((r) => r.filter((_, b) => b !== i));
  const lone = H.findIndex((row, i) => row.every((h, j) => j === i || h === ZERO));
  if (lone >= 0) return proveNonnegative(H[lone]![lone]!, domain).holds && semidefinite(without(lone, H), domain);
  const pivot = H.findIndex((row, i) => signOn(row[i]!, domain) === 'positive');
  if (pivot >= 0) {
    const p = H[pivot]!;
    const schur = H.map((row, a) => row.map((h, b) => tidy(sub(h, mul(p[a]!, p[b]!, pow(p[pivot]!, num(-1)))))));
    return semidefinite(without(pivot, schur), domain);
  }
  const minors = H.flatMap((_, i) => subsets(n, i + 1)).map((s) => tidy(det(s.map((a) => s.map((b) => H[a]![b]!)))));
  return minors.every((d) => proveNonnegative(d, domain).holds);
}

/**
 * L ≥ 0 where the conditions hold: some n of them, linear in v and
 * independent, taken as the coordinates g, leave L(g) with every
 * coefficient ≥ 0 (then L ≥ 0 on g ≥ 0).
 */
function onConditions(L: Expr, v: readonly string[], conditions: readonly Expr[], domain: Domain): boolean {
  const rows = conditions.flatMap((c) => {
    const row = linearRow(c, v);
    return row ? [row] : [];
  });
  const g = v.map((_, i) => sym(`g_closed_${i}`));
  return subsets(rows.length, v.length).some((pick) => {
    const A = pick.map((i) => rows[i]!);
    if (tidy(det(A)) === ZERO) return false;
    const solved = solveSmall(A, g);
    if (!solved) return false;
    const inG = tidy(subs(L, new Map(v.map((x, i) => [x, solved.x[i]!]))));
    const names = g.map((s) => s.name);
    const H = hessian(inG, names);
    return !!H && H.every((row) => row.every((h) => proveNonnegative(h, domain).holds));
  });
}

/** c = row·v with the row free of v, or undefined (c is not a non-zero linear form in v). */
function linearRow(c: Expr, v: readonly string[]): Expr[] | undefined {
  const row = v.map((x) => tidy(diff(c, x)));
  if (row.every((r) => r === ZERO) || row.some((r) => v.some((x) => dependsOn(r, x)))) return undefined;
  return tidy(sub(c, add(...row.map((r, i) => mul(r, sym(v[i]!)))))) === ZERO ? row : undefined;
}
