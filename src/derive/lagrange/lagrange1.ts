// Lagrange equations of the first kind for retaining constraints.
// Holonomic φ(q,t) = 0 enter at velocity level as A = ∂φ/∂q, b = ∂φ/∂t;
// non-holonomic ones are A(q,t) q̇ + b(q,t) = 0 as written. Differentiating
// once more, A q̈ + (Ȧ q̇ + ḃ) = 0, and with the multipliers λ:
//   [M  Aᵀ] [q̈]   [       f       ]
//   [A  0 ] [λ ] = [ −(Ȧ q̇ + ḃ)   ]
// Kugushev–Sorokina (7.8), (9.3)–(9.4). Sign: the constraint reaction is
// −Aᵀλ, the same form as the unilateral reaction −Gᵀ dμ, so λ = −η̇ of (8.10).
// Eliminating q̈ = M⁻¹(f − Aᵀλ) gives the multipliers themselves,
//   (A M⁻¹ Aᵀ) λ = A M⁻¹ f + Ȧ q̇ + ḃ,
// solved in closed form for small ideal systems (the report prints them).
import { add, dependsOn, mul, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import { TIME } from '../../model/names.js';
import { deriveLagrange2, type Lagrange2 } from './lagrange2.js';
import { matMul, matVec, solveSmall, transpose } from '../matrix.js';

/** λ is solved in closed form up to this many coordinates (the adjugate of M grows factorially). */
const EXPLICIT_COORDINATES = 4;

export interface RetainingConstraints {
  /** Constraint names, holonomic first. */
  readonly names: readonly string[];
  /** m×n. */
  readonly A: readonly (readonly Expr[])[];
  readonly b: readonly Expr[];
  /** Ȧ q̇ + ḃ, so that A q̈ + bias = 0. */
  readonly bias: readonly Expr[];
  /**
   * λ(q, q̇, t) solving (A M⁻¹ Aᵀ) λ = A M⁻¹ f + bias, for ideal constraints
   * (no support pairs, no hinge friction: those make the reactions depend
   * on their own signs, supports.ts and hinges.ts) with at most
   * EXPLICIT_COORDINATES coordinates; absent otherwise.
   */
  readonly multipliers?: readonly Expr[];
}

/** With the model's second-kind derivation, which system.ts has already made (derived again when not given). */
export function deriveConstraints(model: Model, l2: Lagrange2 = deriveLagrange2(model)): RetainingConstraints | undefined {
  const cs = model.coordinates;
  const rows: { name: string; A: readonly Expr[]; b: Expr }[] = [
    ...model.holonomic.map((h) => ({ name: h.name, A: cs.map((c) => simplify(diff(h.phi, c.q.name))), b: simplify(diff(h.phi, TIME)) })),
    ...model.nonholonomic.map((h) => ({ name: h.name, A: h.A, b: h.b })),
  ];
  if (rows.length === 0) return undefined;
  const A = rows.map((r) => r.A);
  const b = rows.map((r) => r.b);
  // Simplified on first access: a rolling bicycle's rows are assembled body
  // by body in its generated code (src/codegen/bodywise.ts), and their
  // simplified biases were a fifth of its derivation.
  let bias: Expr[] | undefined;
  const constraints: RetainingConstraints = {
    names: rows.map((r) => r.name),
    A,
    b,
    get bias() {
      bias ??= constraintBias(model, A, b).map(simplify);
      return bias;
    },
  };
  const ideal = !model.holonomic.some((h) => h.friction) && model.hinges.length === 0;
  const multipliers = ideal && cs.length <= EXPLICIT_COORDINATES ? solveMultipliers(l2, A, constraints.bias) : undefined;
  return multipliers ? { ...constraints, multipliers } : constraints;
}

/** Ȧq̇ + ḃ of rows A q̇ + b = 0, unsimplified: the chain rule through t and every coordinate. */
export function constraintBias(model: Model, A: readonly (readonly Expr[])[], b: readonly Expr[]): Expr[] {
  const cs = model.coordinates;
  return A.map((row, r) => {
    const velocityForm = add(b[r]!, ...row.map((a, k) => mul(a, cs[k]!.qd)));
    const parts: Expr[] = [diff(velocityForm, TIME)];
    for (const c of cs) if (dependsOn(velocityForm, c.q.name)) parts.push(mul(diff(velocityForm, c.q.name), c.qd));
    return add(...parts);
  });
}

/** (A M⁻¹ Aᵀ) λ = A M⁻¹ f + bias, with A M⁻¹ = (M⁻¹ Aᵀ)ᵀ from M X = Aᵀ column by column. */
function solveMultipliers(l2: Lagrange2, A: readonly (readonly Expr[])[], bias: readonly Expr[]): Expr[] | undefined {
  const columns = A.map((row) => solveSmall(l2.massMatrix, row)?.x);
  if (columns.some((x) => !x)) return undefined;
  const AMinv = columns as Expr[][];
  const W = matMul(AMinv, transpose(A));
  const rhs = matVec(AMinv, l2.forcing).map((x, i) => simplify(add(x, bias[i]!)));
  return solveSmall(W, rhs)?.x;
}
