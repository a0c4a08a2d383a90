// The linearization of the smooth motion: what the Jacobian of the
// first-order right-hand side x = (q, q̇) ↦ (q̇, q̈) needs. Writing the
// equations as residuals
//   R(q, q̇, q̈, λ) = M q̈ + Aᵀλ − f = 0,   C(q, q̇, q̈) = A q̈ + c = 0
// (c = Ȧq̇ + ḃ; no retaining constraints: R = M q̈ − f), the implicit
// function theorem gives
//   [M Aᵀ; A 0] [∂q̈/∂x; ∂λ/∂x] = −[∂R/∂x; ∂C/∂x],
// with q̈ and λ entering ∂R/∂x and ∂C/∂x as symbols (their values are known
// where the Jacobian is evaluated). This keeps n² expressions per block
// instead of the n³ of ∂M/∂qₖ, and the matrix on the left is the one the
// accelerations already factor. Compliant terms (compliant.ts) add their
// residual increments over the region where they act.
// Tests: test/codegen/jacobian.test.ts (the generated Jacobian against differences of rhs).
import { add, mul, neg, type Expr } from '../core/expr.js';
import { diff } from '../core/diff.js';
import { simplify } from '../core/trig.js';
import type { Model } from '../model/model.js';
import { accelerationSymbol, multiplierSymbol } from '../model/names.js';
import type { Lagrange2 } from './lagrange2.js';
import type { CompliantDerivation } from './compliant.js';
import type { RetainingConstraints } from './lagrange1.js';

export interface Linearization {
  /** ∂R/∂q (n×n), in q, q̇, q̈ and λ. */
  readonly Rq: readonly (readonly Expr[])[];
  /** ∂R/∂q̇ = −∂f/∂q̇ (n×n). */
  readonly Rqd: readonly (readonly Expr[])[];
  /** ∂C/∂q and ∂C/∂q̇ (m×n each), with retaining constraints. */
  readonly Cq?: readonly (readonly Expr[])[];
  readonly Cqd?: readonly (readonly Expr[])[];
}

export function deriveLinearization(model: Model, l2: Lagrange2, constraints: RetainingConstraints | undefined, compliant?: CompliantDerivation): Linearization {
  const cs = model.coordinates;
  const qdd = cs.map((c) => accelerationSymbol(c.q));
  const lambda = (constraints?.A ?? []).map((_, k) => multiplierSymbol(k + 1));
  const R = cs.map((_, i) => add(
    ...l2.massMatrix[i]!.map((Mij, j) => mul(Mij, qdd[j]!)),
    ...(constraints ? constraints.A.map((row, k) => mul(row[i]!, lambda[k]!)) : []),
    neg(l2.forcing[i]!),
  ));
  const jacobian = (rows: readonly Expr[], by: 'q' | 'qd'): Expr[][] => rows.map((r) => cs.map((c) => simplify(diff(r, by === 'q' ? c.q.name : c.qd.name))));
  // Compliant terms (compliant.ts): their increments over the region where they act.
  const withCompliant = (J: Expr[][], block: 'Rq' | 'Rqd'): Expr[][] =>
    compliant ? J.map((r, i) => r.map((e, j) => simplify(add(e, ...compliant.terms.map((t) => t.activeJacobian[block][i]![j]!))))) : J;
  const base = { Rq: withCompliant(jacobian(R, 'q'), 'Rq'), Rqd: withCompliant(jacobian(R, 'qd'), 'Rqd') };
  if (!constraints) return base;
  const C = constraints.A.map((row, k) => add(...row.map((a, j) => mul(a, qdd[j]!)), constraints.bias[k]!));
  return { ...base, Cq: jacobian(C, 'q'), Cqd: jacobian(C, 'qd') };
}
