// The reaction system (1.1) of Smirnov (smirnov1981 §1) for one full-support
// variant s: Σᵢ Nᵢˢ aᵢⱼˢ = bⱼ, j = 1…k, with Nᵢˢ ≥ 0 the normal reaction of
// pair i on the side sᵢ. The caller supplies, per pair and side, the row
// aᵢⱼ± (normal direction plus friction terms, so it holds that side's
// friction coefficient) and the applied-plus-inertial right side b. Solved
// numerically at given numbers, or symbolically (k ≤ 4) in closed form.
// Tests: test/derive/friction/support-variants.test.ts
import type { Expr } from '../../core/expr.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { luFactor, luSolve } from '../../numeric/lu.js';
import { solveSmall } from '../matrix.js';
import type { FullVariant } from './support-variants.js';

/** One pair of opposite support points: its coefficient rows aᵢⱼ± (j = 1…k) and the friction coefficient (a parameter name) of each side. */
export interface SupportPair {
  readonly positive: readonly Expr[];
  readonly negative: readonly Expr[];
  readonly friction: { readonly positive: string; readonly negative: string };
}

/** The data of (1.1): k pairs and the k right-hand sides bⱼ. */
export interface ReactionSystem {
  readonly pairs: readonly SupportPair[];
  readonly rhs: readonly Expr[];
}

/** The matrix of (1.1) for variant s: row j, column i holds aᵢⱼˢ. */
export function variantMatrix(system: ReactionSystem, s: FullVariant): Expr[][] {
  const columns = system.pairs.map((p, i) => (s[i] === 1 ? p.positive : p.negative));
  return system.rhs.map((_, j) => columns.map((c) => c[j]!));
}

/** Reactions of a variant: the determinant of (1.1) and Nᵢˢ, or singular (det = 0). */
export type Solved<T> = { readonly kind: 'solved'; readonly det: T; readonly reactions: readonly T[] } | { readonly kind: 'singular' };

/** (1.1) in closed form by the adjugate: det and Nᵢˢ = (adj·b)ᵢ / det. */
export function solveSymbolic(system: ReactionSystem, s: FullVariant): Solved<Expr> {
  const r = solveSmall(variantMatrix(system, s), system.rhs);
  return r ? { kind: 'solved', det: r.det, reactions: r.x } : { kind: 'singular' };
}

/** (1.1) at numbers by LU with partial pivoting; singular to working precision counts as det = 0. */
export function solveNumeric(system: ReactionSystem, s: FullVariant, env: Env): Solved<number> {
  const k = system.rhs.length;
  const A = Float64Array.from(
    variantMatrix(system, s)
      .flat()
      .map((a) => evaluate(a, env)),
  );
  const piv = new Int32Array(k);
  if (luFactor(k, A, piv, k * Number.EPSILON) >= 0) return { kind: 'singular' };
  let det = 1;
  for (let i = 0; i < k; i++) det *= piv[i] === i ? A[i * k + i]! : -A[i * k + i]!;
  const x = new Float64Array(k);
  luSolve(k, A, piv, Float64Array.from(system.rhs.map((b) => evaluate(b, env))), 0, x, 0);
  return { kind: 'solved', det, reactions: [...x] };
}

/** The same numbers with every friction coefficient set to 0 — the limit Smirnov's self-locking test takes. */
export function frictionless(system: ReactionSystem, env: Env): Env {
  const zero = Object.fromEntries(
    system.pairs.flatMap((p) => [
      [p.friction.positive, 0],
      [p.friction.negative, 0],
    ]),
  );
  return { ...env, ...zero };
}

/** The friction bound of a full variant, Σᵢ fᵢ^{sᵢ} Nᵢˢ (the sum (2.3) switched by F(s) in (1.3)). */
export function frictionBound(system: ReactionSystem, s: FullVariant, reactions: readonly number[], env: Env): number {
  return system.pairs.reduce((sum, p, i) => sum + env[s[i] === 1 ? p.friction.positive : p.friction.negative]! * reactions[i]!, 0);
}
