// The linearization of a contact phase: what the Jacobian of x = (q, q̇) ↦
// (q̇, q̈) needs while a set of contact rows is held. With the rows Rⱼ (the
// normals of closed contacts, the tangents of sticking ones) the phase's
// residuals are (Kugushev–Sorokina §9, regime 2)
//   P = R_free(q, q̇, q̈, λ) − Σⱼ Rⱼ(q, t)ᵀ σⱼ = 0,   Cⱼ = Rⱼ q̈ + biasⱼ(q, q̇, t) = 0,
// R_free = M q̈ + Aᵀλ − f the free residual of linearize.ts (retaining rows
// with their C = A q̈ + c there). By the implicit function theorem
//   [M Rᵀ; R 0] [∂q̈/∂x; −∂σ/∂x] = −[∂P/∂x; ∂C/∂x],
// the bordered matrix the phase's accelerations already solve. ∂P/∂x is the
// free block (DerivedSystem.linearization) minus Σⱼ σⱼ ∂Rⱼᵀ/∂q, so any
// active set is assembled from per-row pieces: ∂Rⱼᵀ/∂q (n×n, scaled by the
// phase's σⱼ where it is evaluated) and ∂Cⱼ/∂q, ∂Cⱼ/∂q̇ (n each, q̈ entering
// as symbols). n² + 2n expressions per row instead of one Jacobian per
// active set.
// Tests: test/derive/linearization/phase-linearize.test.ts.
import { addAll, mul, type Expr } from '../../core/expr.js';
import type { Model } from '../../model/model.js';
import { accelerationSymbol } from '../../model/names.js';
import { gradient } from './linearize.js';
import type { ContactRow, UnilateralDerivation } from '../unilateral/unilateral-types.js';

/** The pieces one held row adds to a phase's Jacobian. */
export interface RowLinearization {
  /** ∂Rⱼ,ᵢ/∂q_k (n×n): the derivative of the reaction Rⱼᵀσⱼ per unit σⱼ. */
  readonly reaction: readonly (readonly Expr[])[];
  /** ∂(Rⱼ q̈ + biasⱼ)/∂q (n), in q, q̇, q̈ and t. */
  readonly q: readonly Expr[];
  /** ∂biasⱼ/∂q̇ (n). */
  readonly qd: readonly Expr[];
}

export interface PhaseLinearization {
  /** Per contact (model order): its normal row and, for a sticking contact, its tangent row. */
  readonly contacts: readonly { readonly normal: RowLinearization; readonly tangent?: RowLinearization }[];
}

export function derivePhaseLinearization(model: Model, unilateral: UnilateralDerivation): PhaseLinearization {
  return {
    contacts: unilateral.contacts.map((c) => ({
      normal: rowLinearization(model, c.normal),
      ...(c.tangent ? { tangent: rowLinearization(model, c.tangent) } : {}),
    })),
  };
}

function rowLinearization(model: Model, row: ContactRow): RowLinearization {
  const cs = model.coordinates;
  const acceleration = addAll([...row.row.map((r, k) => mul(r, accelerationSymbol(cs[k]!.q))), row.bias]);
  return {
    reaction: row.row.map((r) =>
      gradient(
        r,
        cs.map((c) => c.q.name),
      ),
    ),
    q: gradient(
      acceleration,
      cs.map((c) => c.q.name),
    ),
    qd: gradient(
      row.bias,
      cs.map((c) => c.qd.name),
    ),
  };
}
