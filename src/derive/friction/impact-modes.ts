// The modes of an impact at which closed contacts take part and some of the
// engaged contacts have planar Coulomb friction (one end of a rod strikes
// while the other rests): each closed contact stays engaged or leaves
// (Rubanovich–Formalsky (1.17)), and each engaged Coulomb contact sticks
// (ṡ⁺ = 0, its tangential impulse Δν in the static cone |Δν| ≤ μ_s Δμ) or
// slides on (its impulse along N − μ_k d S, d = sgn ṡ, smirnov1981 (1.3)),
// the law of a Coulomb contact striking alone (unilateral.ts coulombModes)
// and of the runtime (src/runtime/contact/impact-law.ts). With D the
// impulses' directions and C the rows given a target,
//   M(q̇⁺ − q̇⁻) = DᵀΛ,   C q̇⁺ + c = target   ⇒   (C M⁻¹ Dᵀ) Λ = target − c − C q̇⁻.
import { add, mul, neg, ZERO, type Expr, type Sym } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import { together } from '../../core/together.js';
import { slipSignSymbol } from '../../model/names.js';
import type { ImpactScenario, Model } from '../../model/model.js';
import { matVec, solveSmall, type Matrix } from '../matrix.js';
import { constrainedSolve } from '../unilateral/constrained-solve.js';
import type { ContactKinematics, ContactRow, ImpactCondition, ImpactMode } from '../unilateral/unilateral-types.js';
import { planarCoulomb } from './phases.js';
import { stickCones, type DroppedRow } from './stick-cones.js';

type Slip = 'stick' | 'slide';

/** Every mode of the scenario: each closed contact staying or leaving, each engaged Coulomb contact sticking or sliding. */
export function coulombImpactModes(
  model: Model,
  M: Matrix,
  contacts: readonly ContactKinematics[],
  sc: ImpactScenario,
  at: (e: Expr) => Expr,
  qdMinus: readonly Expr[],
): ImpactMode[] {
  const modes: ImpactMode[] = [];
  // Where closed contacts strike too (a rod flat on the floor), the arriving one may leave as they may: its mirror modes.
  const keeps = sc.striking?.length ? [true, false] : [true];
  for (const kept of keeps)
    for (let mask = 0; mask < 1 << sc.closed.length; mask++) {
      const stays = sc.closed.filter((_, k) => mask & (1 << k));
      if (!kept && !stays.some((j) => sc.striking!.includes(j))) continue;
      const engaged = kept ? [sc.arriving, ...stays] : stays;
      const rough = engaged.filter((j) => planarCoulomb(contacts[j]!));
      // Contacts whose slip rows coincide here (a lying rod's ends, ṡ = ẋ) slip as one: the same mode, the first's sign.
      const leader = new Map(rough.map((j) => [j, rough.find((k) => sameSlip(contacts[j]!, contacts[k]!, at)) ?? j]));
      for (let choice = 0; choice < 1 << rough.length; choice++) {
        const slips = new Map(rough.map((j, k): [number, Slip] => [j, choice & (1 << k) ? 'slide' : 'stick']));
        if (rough.some((j) => slips.get(j) !== slips.get(leader.get(j)!))) continue;
        const sign = (j: number): Sym => slipSignSymbol(model.unilateral[leader.get(j)!]!.name);
        const mode = impactMode(model, M, contacts, sc, at, qdMinus, engaged, stays, slips, sign);
        if (mode) modes.push(kept ? mode : { ...mode, arrivingLeaves: true });
      }
    }
  return modes;
}

/** Whether two contacts' slip rows are the same where the impact happens. */
function sameSlip(a: ContactKinematics, b: ContactKinematics, at: (e: Expr) => Expr): boolean {
  const [s, t] = [a.slip?.[0], b.slip?.[0]];
  return !!s && !!t && s.row.every((x, i) => simplify(add(at(x), neg(at(t.row[i]!)))) === ZERO);
}

function impactMode(
  model: Model,
  M: Matrix,
  contacts: readonly ContactKinematics[],
  sc: ImpactScenario,
  at: (e: Expr) => Expr,
  qdMinus: readonly Expr[],
  engaged: readonly number[],
  stays: readonly number[],
  slips: ReadonlyMap<number, Slip>,
  signOf: (j: number) => Sym,
): ImpactMode | undefined {
  const velocity = (row: readonly Expr[], rate: Expr, v: readonly Expr[]): Expr => simplify(add(at(rate), ...row.map((x, i) => mul(at(x), v[i]!))));
  const rows: ContactRow[] = [];
  const directions: Expr[][] = [];
  const targets: Expr[] = [];
  for (const j of engaged) {
    const c = contacts[j]!;
    const slip = c.slip?.[0];
    const normalTarget = simplify(neg(mul(at(c.restitution), velocity(c.normal.row, c.normal.rate, qdMinus))));
    rows.push(c.normal);
    targets.push(normalTarget);
    if (slips.get(j) === 'slide') {
      const d = signOf(j);
      directions.push(c.normal.row.map((x, i) => simplify(at(add(x, neg(mul(c.friction!.kinetic, d, slip!.row[i]!)))))));
      continue;
    }
    directions.push(c.normal.row.map(at));
    const held = slips.get(j) === 'stick' ? slip : c.tangent;
    if (held) {
      rows.push(held);
      directions.push(held.row.map(at));
      targets.push(ZERO);
    }
  }
  const solved = solveImpulses(M, rows, directions, targets, at, qdMinus, velocity) ?? heldImpulses(M, rows, directions, targets, at, qdMinus);
  if (!solved) return undefined;
  const { lambda, qdPlus, dropped } = solved;
  const impulses = new Map<string, Expr>(rows.map((r, k) => [r.label, lambda[k]!]));
  const sticking = engaged.filter((j) => slips.get(j) === 'stick');
  const cones = stickCones(model, contacts, sticking, rows, lambda, dropped, 'impulse', at);
  if (!cones) return undefined;
  const conditions: ImpactCondition[] = [];
  for (const j of engaged) {
    const c = contacts[j]!;
    const name = model.unilateral[j]!.name;
    const normal = impulses.get(c.normal.label)!;
    conditions.push(
      { expr: normal, meaning: `impulse of ${name} ≥ 0`, states: { kind: 'nonnegative', label: c.normal.label } },
      ...(cones.conditions.get(j) ?? []),
    );
    const slip = c.slip?.[0];
    if (slips.get(j) === 'slide') {
      const d = signOf(j);
      impulses.set(slip!.label, together(simplify(neg(mul(at(c.friction!.kinetic), d, normal)))));
      conditions.push({
        expr: together(simplify(mul(d, velocity(slip!.row, slip!.rate, qdPlus)))),
        meaning: `${name} keeps sliding the way its sliding equations assume`,
      });
    }
  }
  for (const j of [sc.arriving, ...sc.closed].filter((k) => !engaged.includes(k))) {
    const nr = contacts[j]!.normal;
    conditions.push({ expr: together(velocity(nr.row, nr.rate, qdPlus)), meaning: `${model.unilateral[j]!.name} separates (normal velocity ≥ 0)` });
  }
  // A slip that sticks through the other contact (ṡ⁺ ≡ 0) keeps any sign: 0 ≥ 0 says nothing.
  const identities = conditions.filter((c) => c.expr === ZERO).map((c) => c.meaning);
  return {
    stays,
    slips,
    qdPlus,
    impulses,
    indeterminate: cones.indeterminate,
    conditions: conditions.filter((c) => c.expr !== ZERO),
    ...(identities.length ? { identities } : {}),
  };
}

interface Solved {
  readonly lambda: readonly Expr[];
  readonly qdPlus: readonly Expr[];
  readonly dropped: readonly DroppedRow[];
}

/** Λ from (C M⁻¹ Dᵀ) Λ = target − c − C q̇⁻; undefined where that matrix is singular. */
function solveImpulses(
  M: Matrix,
  rows: readonly ContactRow[],
  directions: readonly (readonly Expr[])[],
  targets: readonly Expr[],
  at: (e: Expr) => Expr,
  qdMinus: readonly Expr[],
  velocity: (row: readonly Expr[], rate: Expr, v: readonly Expr[]) => Expr,
): Solved | undefined {
  const along = directions.map((d) => solveSmall(M, d)?.x);
  if (along.some((a) => !a)) return undefined;
  const A = rows.map((r) => along.map((a) => simplify(add(...r.row.map((x, i) => mul(at(x), a![i]!))))));
  const rhs = rows.map((r, k) => simplify(add(targets[k]!, neg(velocity(r.row, r.rate, qdMinus)))));
  const solved = solveSmall(A, rhs);
  if (!solved) return undefined;
  const lambda = solved.x.map((x) => together(simplify(x)));
  const qdPlus = qdMinus.map((v, i) => together(simplify(add(v, ...along.map((a, k) => mul(a![i]!, lambda[k]!))))));
  return { lambda, qdPlus, dropped: [] };
}

/**
 * Dependent rows with every impulse along its row (no contact sliding, as
 * both ends of a lying rod sticking): q̇⁺ is still determined, by the
 * null-space solve of unilateral.ts, and so are the combinations of the
 * impulses along independent directions (stick-cones.ts).
 */
function heldImpulses(
  M: Matrix,
  rows: readonly ContactRow[],
  directions: readonly (readonly Expr[])[],
  targets: readonly Expr[],
  at: (e: Expr) => Expr,
  qdMinus: readonly Expr[],
): Solved | undefined {
  const R = rows.map((r) => r.row.map(at));
  if (directions.some((d, k) => d.some((x, i) => x !== R[k]![i]!))) return undefined;
  const sol = constrainedSolve(
    M,
    matVec(M, qdMinus),
    R,
    rows.map((r, k) => simplify(add(targets[k]!, neg(at(r.rate))))),
    [],
  );
  return sol && { lambda: sol.lambda, qdPlus: sol.y, dropped: sol.dropped };
}
