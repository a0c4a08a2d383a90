// Smirnov's support pairs at one state (smirnov1981 §1, §3), from what a
// generated module exports (massMatrix, forcing, supportRows): each pair i
// bears on its side sᵢ = ±1 with Nᵢ ≥ 0, its reaction acting along
// dᵢ = sᵢ∇φᵢ − σᵢ fᵢ^{sᵢ} ∇sᵢ^{sᵢ} (σᵢ the direction of sliding of that side,
// (1.3)). For a full variant s the motion solves
//   [M  −D  −h] [q̈]   [F      ]
//   [A   0   0] [N] = [−bias  ]
//   [h   0   0] [τ]   [−s-bias]
// — (1.1) with the accelerations kept, as §3 recommends; the row h (one
// slip row held at rest, with its tangential reaction τ) only when sticking.
// The realized variant is chosen by §3: every reaction ≥ 0, and the
// determinant keeps its sign as every friction coefficient → 0 (by the Schur
// complement, sign det K = sign det(A M⁻¹D) since det M > 0, the sign of
// the determinant of (1.1)). Self-locking, no admissible variant, or several
// that keep their sign are the outcomes §3 names; the driver stops on them.
// Tests: test/runtime/contact/supports.test.ts
import { luFactor, luSolve } from '../../numeric/lu.js';

/** The data of (1.1) at one state: M (n×n), forcing, and supportRows' output. */
export interface SupportState {
  readonly n: number;
  readonly k: number;
  readonly mass: Float64Array;
  readonly forcing: Float64Array;
  readonly rows: Float64Array;
}

/** Where supportRows keeps each block (contract.ts). */
const layout = (k: number, n: number) => ({
  normal: (i: number, c: number) => i * n + c,
  slip: (i: number, side: 1 | -1, c: number) => (side === 1 ? k * n : 2 * k * n) + i * n + c,
  bias: (i: number) => 3 * k * n + i,
  rate: (i: number, side: 1 | -1) => 3 * k * n + k + 2 * i + (side === 1 ? 0 : 1),
  slipBias: (i: number, side: 1 | -1) => 3 * k * n + 3 * k + 2 * i + (side === 1 ? 0 : 1),
  friction: (i: number, side: 1 | -1) => 3 * k * n + 5 * k + 2 * i + (side === 1 ? 0 : 1),
});

/** The sliding velocity ṡᵢ of a side. */
export const slipRate = (s: SupportState, i: number, side: 1 | -1): number => s.rows[layout(s.k, s.n).rate(i, side)]!;

/** How the pairs move: sliding with σ per pair and side (σ[2i] for +, σ[2i+1] for −; 0 no friction), or at rest with pair 0's + slip held. */
export type SupportMode = { readonly kind: 'slide'; readonly sigma: readonly number[] } | { readonly kind: 'rest' };

/** A solved variant: q̈, the reactions, τ when sticking, and the determinant with and without friction. */
export interface SupportSolution {
  readonly sides: readonly (1 | -1)[];
  readonly qdd: Float64Array;
  readonly reactions: readonly number[];
  readonly tangential: number;
}

export type SupportOutcome =
  | { readonly kind: 'realized'; readonly solution: SupportSolution }
  /** §3: a determinant vanishes, or every admissible variant's changes sign as friction → 0. */
  | { readonly kind: 'self-locking' }
  /** No variant has every reaction ≥ 0. */
  | { readonly kind: 'inconsistent' }
  /** Several admissible variants keep their determinant's sign and move the system differently. */
  | { readonly kind: 'undecided' };

/** Solve one variant; the determinant of K with friction scaled by `friction` (1, or 0 for the frictionless sign). */
function solveVariant(s: SupportState, sides: readonly (1 | -1)[], mode: SupportMode, friction: number): { x: Float64Array; det: number } | undefined {
  const { n, k, rows } = s;
  const at = layout(k, n);
  const held = mode.kind === 'rest' ? 1 : 0;
  const size = n + k + held;
  const K = new Float64Array(size * size);
  const b = new Float64Array(size);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) K[r * size + c] = s.mass[r * n + c]!;
    b[r] = s.forcing[r]!;
  }
  for (let i = 0; i < k; i++) {
    const side = sides[i]!;
    const sigma = mode.kind === 'slide' ? mode.sigma[2 * i + (side === 1 ? 0 : 1)]! : 0;
    const f = friction * rows[at.friction(i, side)]!;
    for (let c = 0; c < n; c++) {
      // −dᵢ in the column of Nᵢ, ∇φᵢ in the row of pair i.
      K[c * size + n + i] = -(side * rows[at.normal(i, c)]! - sigma * f * rows[at.slip(i, side, c)]!);
      K[(n + i) * size + c] = rows[at.normal(i, c)]!;
    }
    b[n + i] = -rows[at.bias(i)]!;
  }
  if (held) {
    const h = n + k;
    for (let c = 0; c < n; c++) {
      K[c * size + h] = -rows[at.slip(0, 1, c)]!;
      K[h * size + c] = rows[at.slip(0, 1, c)]!;
    }
    b[h] = -rows[at.slipBias(0, 1)]!;
  }
  const piv = new Int32Array(size);
  if (luFactor(size, K, piv, size * Number.EPSILON) >= 0) return undefined;
  let det = 1;
  for (let i = 0; i < size; i++) det *= piv[i] === i ? K[i * size + i]! : -K[i * size + i]!;
  const x = new Float64Array(size);
  luSolve(size, K, piv, b, 0, x, 0);
  return { x, det };
}

/** The 2^k full variants, all + first. */
function* fullVariants(k: number): Generator<(1 | -1)[]> {
  for (let bits = 0; bits < 2 ** k; bits++) yield Array.from({ length: k }, (_, i) => ((bits >> (k - 1 - i)) & 1 ? -1 : 1));
}

/** The realized variant by Smirnov's §3 in the given mode. */
export function supportMotion(s: SupportState, mode: SupportMode): SupportOutcome {
  const { n, k } = s;
  const admissible: SupportSolution[] = [];
  let changesSign = false;
  for (const sides of fullVariants(k)) {
    const solved = solveVariant(s, sides, mode, 1);
    const frictionless = solveVariant(s, sides, mode, 0);
    if (!solved || !frictionless) return { kind: 'self-locking' };
    const reactions = Array.from(solved.x.subarray(n, n + k));
    // A reaction within rounding of 0 is a pair about to change sides (F(s) = ½ on both variants, (1.2)).
    const zero = 1e-9 * (1 + Math.max(...reactions.map(Math.abs)));
    if (reactions.some((N) => N < -zero)) continue;
    if (Math.sign(solved.det) !== Math.sign(frictionless.det)) {
      changesSign = true;
      continue;
    }
    admissible.push({ sides, qdd: solved.x.slice(0, n), reactions, tangential: mode.kind === 'rest' ? solved.x[n + k]! : 0 });
  }
  if (admissible.length === 0) return { kind: changesSign ? 'self-locking' : 'inconsistent' };
  // Variants differing only in pairs whose reaction vanishes move the system alike (transitional variants).
  const first = admissible[0]!;
  const scale = 1 + Math.max(...first.qdd.map(Math.abs));
  const alike = admissible.every((a) => a.qdd.every((v, c) => Math.abs(v - first.qdd[c]!) <= 1e-9 * scale));
  return alike ? { kind: 'realized', solution: first } : { kind: 'undecided' };
}

/** The held slip's acceleration ∇s₀⁺ q̈ + bias under a solution (how sliding in direction σ would go). */
export function heldSlipAcceleration(s: SupportState, qdd: ArrayLike<number>): number {
  const at = layout(s.k, s.n);
  let a = s.rows[at.slipBias(0, 1)]!;
  for (let c = 0; c < s.n; c++) a += s.rows[at.slip(0, 1, c)]! * qdd[c]!;
  return a;
}
