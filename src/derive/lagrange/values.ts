// M, the forcing and the retaining rows' bias as numeric studies evaluate
// them (the tape of src/derive/linearization/steady.ts), and which
// coordinates M and the forcing are free of. The derivation's simplified
// entries (lagrange2.ts, lagrange1.ts) where it has them at hand; for a
// model assembled body by body (bodywise.ts), whose simplified entries are
// derived only on first use (deferredLagrange2), the same functions formed
// by differentiation alone,
//   M_ij = ∂²L/∂q̇_i∂q̇_j,  f_i = ∂L/∂q_i − Σ_k (∂p_i/∂q_k) q̇_k − ∂p_i/∂t + Q_i,  p_i = ∂L/∂q̇_i
// (Kugushev–Sorokina (10.13)), and the bias Ȧq̇ + ḃ: DAGs of a few thousand shared nodes that the
// tape evaluates with their exact derivatives, formed in a tenth of a second
// where the bicycle's simplified ones take seconds.
// Tests: test/derive/lagrange/values.test.ts.
import { addAll, dependsOn, mul, neg, symbolsIn, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { Tape } from '../../core/tape.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import { TIME } from '../../model/names.js';
import { sampleStates } from '../checks.js';
import { constraintBias, type RetainingConstraints } from './lagrange1.js';
import type { Lagrange2 } from './lagrange2.js';

export interface DynamicsValues {
  readonly massMatrix: readonly (readonly Expr[])[];
  readonly forcing: readonly Expr[];
  /** Ȧq̇ + ḃ of the retaining rows (none without). */
  readonly bias: readonly Expr[];
  /** Per coordinate: M and the forcing are free of it (a cyclic coordinate where the constraints are too). */
  readonly freeOf: readonly boolean[];
}

/** The derivation's own entries; the bias (lagrange1.ts) and `freeOf` on first use. */
export function simplifiedValues(model: Model, l2: Lagrange2, constraints: RetainingConstraints | undefined): DynamicsValues {
  let freeOf: boolean[] | undefined;
  return {
    massMatrix: l2.massMatrix,
    forcing: l2.forcing,
    get bias() {
      return constraints?.bias ?? [];
    },
    get freeOf() {
      const exprs = [...l2.massMatrix.flat(), ...l2.forcing];
      freeOf ??= model.coordinates.map((c) => !exprs.some((e) => dependsOn(e, c.name)));
      return freeOf;
    },
  };
}

/** M, the forcing and the bias by differentiation alone (see the header); `freeOf` decided from L. */
export function unsimplifiedValues(model: Model, constraints: RetainingConstraints | undefined): DynamicsValues {
  const cs = model.coordinates;
  const p = cs.map((c) => diff(model.L, c.qd.name));
  const massMatrix = p.map((pi) => cs.map((c) => diff(pi, c.qd.name)));
  const forcing = cs.map((c, i) =>
    addAll([
      diff(model.L, c.q.name),
      neg(diff(p[i]!, TIME)),
      model.Q[i]!,
      ...cs.flatMap((k) => (dependsOn(p[i]!, k.q.name) ? [neg(mul(diff(p[i]!, k.q.name), k.qd))] : [])),
    ]),
  );
  const bias = constraints ? constraintBias(model, constraints.A, constraints.b) : [];
  return { massMatrix, forcing, bias, freeOf: freeOfFromLagrangian(model) };
}

/**
 * M and the forcing are free of q_c iff D = ∂L/∂q_c is free of q and q̇
 * and Q of q_c: ∂M/∂q_c = ∂²D/∂q̇², ∂b/∂q_c = ∂D/∂q̇ at q̇ = 0, and ∂f_i/∂q_c
 * is ∂D/∂q_i and terms made of those; conversely M, b and f free of q_c
 * leave D = ∂L₀/∂q_c with ∂D/∂q_i = ∂f_i/∂q_c = 0. A D that has a slope
 * at a sample state (tape.ts's exact derivatives, above 1e-6 of L's own
 * scale, which rounding cannot make) is not free; only the others are
 * simplified to be decided, D = 0 at once for a wheel's angle.
 */
function freeOfFromLagrangian(model: Model): boolean[] {
  const cs = model.coordinates;
  const state = new Set(cs.flatMap((c) => [c.q.name, c.qd.name]));
  const D = cs.map((c) => (dependsOn(model.L, c.q.name) ? diff(model.L, c.q.name) : undefined));
  const tape = new Tape([model.L, ...D.filter((d) => d !== undefined)]);
  const names = [...state];
  const sloped = new Set<Expr>();
  for (const env of sampleStates(model, 2)) {
    const jets = tape.jets(env, names);
    const largest = (e: Expr): number => Math.max(Math.abs(jets.value(e)), ...Array.from(jets.grad(e), Math.abs));
    const scale = Math.max(1, largest(model.L));
    for (const d of D) if (d && Array.from(jets.grad(d)).some((g) => Math.abs(g) > 1e-6 * scale)) sloped.add(d);
  }
  return cs.map((c, i) => {
    const d = D[i];
    const stateFree = !d || (!sloped.has(d) && !symbolsIn(simplify(d)).some((s) => state.has(s.name)));
    return stateFree && model.Q.every((Qi) => !dependsOn(simplify(Qi), c.q.name));
  });
}
