// Lagrange's second kind and Hamilton's equations of a model with Smirnov's
// support pairs (smirnov1981 §1): the retaining reactions are not Aᵀλ but
// the pairs' reactions N_k on their bearing sides ε_k with the friction (1.3),
//   M q̈ = f + Σ_k ε_k ∂φ_k/∂q N_k − Σ_k Φ_k sgn ṡ_k ∂s_k^{ε_k}/∂q,
// Φ_k = κ_k^{ε_k} N_k the friction modulus of pair k. The side's slip gradient
// and slip sign are written through ε_k (ε_k² = 1): g^{ε} = ½(g⁺ + g⁻) +
// ½ε(g⁺ − g⁻). Where every pair's friction enters a coordinate with the same
// coefficient, the moduli are pooled into Φ = Σ_k Φ_k, Smirnov's Φ of (2.2):
// the point between planes' m ẍ = F_x − Φ sgn ẋ, the prism's m ẍ = P_x − Φ sgn ẋ.
// Which variant bears, and so N_k, ε_k and Φ, is (1.1)–(1.2) (supports.ts).
// Tests: test/derive/friction/support-equations.test.ts.
import { add, HALF, mul, neg, ZERO, type Expr } from '../../core/expr.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import { supportFrictionSymbol, supportReactionSymbol, supportSideSymbol } from '../../model/names.js';
import type { RetainingConstraints } from '../lagrange/lagrange1.js';
import { positiveParameters } from '../proofs/assumptions.js';
import { dropPositiveSignFactors } from '../../core/sign-arguments.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import type { SupportDerivation } from './supports.js';

export interface SupportEquations {
  /** Per coordinate, the generalized force of the support reactions and their friction, in N_k, ε_k and Φ_k (or Φ). */
  readonly reactions: readonly Expr[];
  /** Lagrange II row by row: Σ_j M_ij q̈_j = f_i + reactions_i. */
  readonly lagrange2: { readonly lhs: readonly Expr[]; readonly rhs: readonly Expr[] };
  /** The reactions in canonical variables (q̇ = ∂H/∂p), added to ṗ = −∂H/∂q + Q where H is explicit. */
  readonly canonical?: readonly Expr[];
}

export function deriveSupportEquations(
  model: Model,
  l2: Pick<Lagrange2, 'massMatrix' | 'forcing'>,
  constraints: RetainingConstraints,
  supports: SupportDerivation,
  qdot?: readonly Expr[],
): SupportEquations {
  const cs = model.coordinates;
  // c_ki: what Φ_k is multiplied by in row i, −sgn ṡ g of the bearing side through ε_k.
  const coefficients = supports.pairs.map((p, k) => {
    const eps = supportSideSymbol(k + 1);
    const signs = supports.slipSigns[k]!;
    return cs.map((_, i) => {
      const plus = neg(mul(signs.positive, p.slipRows.positive[i]!));
      const minus = neg(mul(signs.negative, p.slipRows.negative[i]!));
      return simplify(add(mul(HALF, add(plus, minus)), mul(HALF, eps, add(plus, neg(minus)))));
    });
  });
  const reactions = cs.map((_, i) => {
    const normal = supports.pairs.map((p, k) => mul(supportSideSymbol(k + 1), constraints.A[p.constraint]![i]!, supportReactionSymbol(k + 1)));
    const column = coefficients.map((c) => c[i]!);
    const pooled = column.every((c) => c === column[0]);
    const friction = pooled ? [mul(column[0]!, supportFrictionSymbol(0))] : column.map((c, k) => mul(c, supportFrictionSymbol(k + 1)));
    return simplify(add(...normal, ...friction));
  });
  const lhs = cs.map((_, i) => simplify(add(...cs.map((c, j) => mul(l2.massMatrix[i]![j]!, c.qdd)))));
  const rhs = cs.map((_, i) => add(l2.forcing[i]!, reactions[i]!));
  const velocities = qdot && new Map(cs.map((c, i) => [c.qd.name, qdot[i]!]));
  const positive = positiveParameters(model);
  const canonical = velocities && reactions.map((r) => (r === ZERO ? r : dropPositiveSignFactors(simplify(subs(r, velocities)), positive)));
  return { reactions, lagrange2: { lhs, rhs }, ...(canonical ? { canonical } : {}) };
}
