// The Lagrangian of a system whose constraints are realized everywhere
// (kozlov1988 (1.2): T_N = T + αḟ²/2, V_N = V + βf²/2, F_N = γḟ²/2; gap
// potentials), in Lagrange II's parts: L_N = ½q̇ᵀM_Nq̇ + b_Nᵀq̇ + L₀_N and
// the Rayleigh forces −∂F_N/∂q̇ beside Q. Hamilton's equations are those of
// L_N (p = ∂L_N/∂q̇, the momenta of the Lagrangian whose energy the module's
// `energy` is). Compliant contacts act only where f ≤ 0: they stay out of
// these smooth parts (the generated module adds them where they act).
// Tests: test/report/paper-kozlov1988.test.ts (p against finite differences of
// L_N typed from the paper, and Hamilton's equations against Lagrange's),
// test/codegen/generated.test.ts.
import { add, neg, ZERO, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import type { CompliantDerivation } from './compliant.js';

export interface RealizedLagrangian {
  readonly massMatrix: readonly (readonly Expr[])[];
  readonly b: readonly Expr[];
  readonly L0: Expr;
  /** p_i = ∂L_N/∂q̇_i. */
  readonly momenta: readonly Expr[];
  /** Q − ∂F_N/∂q̇. */
  readonly Q: readonly Expr[];
}

/** L_N's parts where some realized term acts everywhere, else undefined (L_N = L). */
export function realizedLagrangian(model: Model, l2: Lagrange2, compliant: CompliantDerivation | undefined): RealizedLagrangian | undefined {
  const terms = (compliant?.terms ?? []).filter((t) => t.everywhere);
  if (terms.length === 0) return undefined;
  const cs = model.coordinates;
  const atRest = new Map(cs.map((c) => [c.qd.name, ZERO] as const));
  const sum = (parts: readonly Expr[]): Expr => simplify(add(...parts));
  return {
    massMatrix: l2.massMatrix.map((row, i) => row.map((m, j) => sum([m, ...terms.map((t) => (t.inertia ? t.inertia.mass[i]![j]! : ZERO))]))),
    b: l2.b.map((b, i) => sum([b, ...terms.map((t) => (t.inertia ? subs(t.inertia.momentum[i]!, atRest) : ZERO))])),
    L0: sum([l2.L0, ...terms.map((t) => subs(t.lagrangian, atRest))]),
    momenta: l2.momenta.map((p, i) => add(p, ...terms.map((t) => t.inertia?.momentum[i] ?? ZERO))),
    Q: model.Q.map((q, i) => sum([q, ...terms.map((t) => neg(diff(t.rayleigh, cs[i]!.qd.name)))])),
  };
}
