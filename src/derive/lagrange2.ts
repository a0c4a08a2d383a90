// Lagrange equations of the second kind, M(q,t) q̈ = f(q, q̇, t):
//   d/dt(∂L/∂q̇) − ∂L/∂q = Q,  with L = ½q̇ᵀMq̇ + bᵀq̇ + L₀ and p = ∂L/∂q̇ = Mq̇ + b:
//   M_ij = ∂²L/∂q̇_i∂q̇_j,
//   f_i  = ∂L/∂q_i − Σ_k (∂p_i/∂q_k) q̇_k − ∂p_i/∂t + Q_i.
// Kugushev–Sorokina (10.13) without the impulse terms (those are added by
// the measure form in unilateral.ts).
//
// Order of work matters for speed: M is the Hessian of the *unexpanded* L
// (differentiating ½m(Σ l cos q q̇)² twice is cheap; expanding it first
// creates O(n³) monomials), each entry simplified on its own, and L is then
// rebuilt from the compact M, b, L₀. On the 10-link pendulum this is ~5×
// faster than simplify(L) first. Neither nerdamer nor mathjs is used here:
// both take seconds on this system (see ARCHITECTURE.md).
import { MechanicsError } from '../errors.js';
import { add, dependsOn, HALF, mul, neg, ZERO, type Expr } from '../core/expr.js';
import { diff } from '../core/diff.js';
import { subs } from '../core/subs.js';
import { simplify } from '../core/trig.js';
import type { Model } from '../model/model.js';
import { TIME } from '../model/names.js';

export interface Lagrange2 {
  /** L = ½q̇ᵀMq̇ + bᵀq̇ + L₀, simplified. */
  readonly L: Expr;
  /** p_i = ∂L/∂q̇_i. */
  readonly momenta: readonly Expr[];
  /** ∂L/∂q_i (used by Hamilton's equations: ∂H/∂q = −∂L/∂q). */
  readonly dLdq: readonly Expr[];
  /** Symmetric n×n. */
  readonly massMatrix: readonly (readonly Expr[])[];
  /** b(q,t) = ∂L/∂q̇ at q̇ = 0 (gyroscopic / moving-frame terms). */
  readonly b: readonly Expr[];
  /** L at q̇ = 0. */
  readonly L0: Expr;
  readonly forcing: readonly Expr[];
}

export function deriveLagrange2(model: Model): Lagrange2 {
  const cs = model.coordinates;
  const n = cs.length;
  const atRest = new Map(cs.map((c) => [c.qd.name, ZERO as Expr]));
  const grad = cs.map((c) => diff(model.L, c.qd.name));
  const M: Expr[][] = Array.from({ length: n }, () => new Array<Expr>(n));
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      const mij = simplify(diff(grad[i]!, cs[j]!.qd.name));
      const v = cs.find((k) => dependsOn(mij, k.qd.name));
      if (v) {
        throw new MechanicsError('not-quadratic', 'derivation', `the kinetic energy is not quadratic in the velocities: M[${cs[i]!.name}][${cs[j]!.name}] depends on ${v.name}'`, { model: model.name, field: 'kinetic' });
      }
      M[i]![j] = mij;
      M[j]![i] = mij;
    }
  }
  const b = grad.map((g) => simplify(subs(g, atRest)));
  const L0 = simplify(subs(model.L, atRest));
  const quadratic: Expr[] = [];
  for (let i = 0; i < n; i++) {
    quadratic.push(mul(HALF, M[i]![i]!, cs[i]!.qd, cs[i]!.qd));
    for (let j = i + 1; j < n; j++) quadratic.push(mul(M[i]![j]!, cs[i]!.qd, cs[j]!.qd));
  }
  const L = simplify(add(...quadratic, ...b.map((bi, i) => mul(bi, cs[i]!.qd)), L0));
  const momenta = cs.map((_, i) => simplify(add(b[i]!, ...cs.map((c, j) => mul(M[i]![j]!, c.qd)))));
  const dLdq = cs.map((c) => simplify(diff(L, c.q.name)));
  const forcing = momenta.map((p, i) => {
    const parts: Expr[] = [dLdq[i]!, model.Q[i]!, neg(diff(p, TIME))];
    for (const c of cs) if (dependsOn(p, c.q.name)) parts.push(neg(mul(diff(p, c.q.name), c.qd)));
    return simplify(add(...parts));
  });
  return { L, momenta, dLdq, massMatrix: M, b, L0, forcing };
}
