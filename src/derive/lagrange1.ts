// Lagrange equations of the first kind for retaining constraints.
// Holonomic φ(q,t) = 0 enter at velocity level as A = ∂φ/∂q, b = ∂φ/∂t;
// non-holonomic ones are A(q,t) q̇ + b(q,t) = 0 as written. Differentiating
// once more, A q̈ + (Ȧ q̇ + ḃ) = 0, and with the multipliers λ:
//   [M  Aᵀ] [q̈]   [       f       ]
//   [A  0 ] [λ ] = [ −(Ȧ q̇ + ḃ)   ]
// Kugushev–Sorokina (7.8), (9.3)–(9.4). Sign: the constraint reaction is
// −Aᵀλ, the same form as the unilateral reaction −Gᵀ dμ, so λ = −η̇ of (8.10).
import { add, dependsOn, mul, type Expr } from '../core/expr.js';
import { diff } from '../core/diff.js';
import { simplify } from '../core/trig.js';
import type { Model } from '../model/model.js';
import { TIME } from '../model/names.js';

export interface RetainingConstraints {
  /** Constraint names, holonomic first. */
  readonly names: readonly string[];
  /** m×n. */
  readonly A: readonly (readonly Expr[])[];
  readonly b: readonly Expr[];
  /** Ȧ q̇ + ḃ, so that A q̈ + bias = 0. */
  readonly bias: readonly Expr[];
}

export function deriveConstraints(model: Model): RetainingConstraints | undefined {
  const cs = model.coordinates;
  const rows: { name: string; A: readonly Expr[]; b: Expr }[] = [
    ...model.holonomic.map((h) => ({ name: h.name, A: cs.map((c) => simplify(diff(h.phi, c.q.name))), b: simplify(diff(h.phi, TIME)) })),
    ...model.nonholonomic.map((h) => ({ name: h.name, A: h.A, b: h.b })),
  ];
  if (rows.length === 0) return undefined;
  const bias = rows.map((r) => {
    const velocityForm = add(r.b, ...r.A.map((a, k) => mul(a, cs[k]!.qd)));
    const parts: Expr[] = [diff(velocityForm, TIME)];
    for (const c of cs) if (dependsOn(velocityForm, c.q.name)) parts.push(mul(diff(velocityForm, c.q.name), c.qd));
    return simplify(add(...parts));
  });
  return { names: rows.map((r) => r.name), A: rows.map((r) => r.A), b: rows.map((r) => r.b), bias };
}
