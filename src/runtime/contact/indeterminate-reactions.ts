// The reactions and impulses of a statically indeterminate support, split
// by least norm (src/numeric/least-norm.ts, whose header says why; the
// generated impact map calls the same functions): the contact phase's
// (friction-modes.ts, ModeSelector.evaluate) and the frictional impact's
// (friction-impact.ts). The Schur solve of the generated contact phase gives
// the dropped rows σ = 0, one valid split that puts a flat box's weight on
// three corners, the middle one at σ ≈ 0: its sign is roundoff, and the mode
// selection saw a corner pulling or a release that is none.
// Tests: test/runtime/contact/indeterminate-reactions.test.ts; the box landing flat, test/unilateral/box-flat-landing.test.ts.

import { leastNormImpulses as numericLeastNormImpulses, leastNormSplit, orthonormalColumns } from '../../numeric/least-norm.js';

/**
 * x (k entries) in place replaced by its orthogonal projection onto the
 * column space of the k×n matrix `rows` (row-major; least-norm.ts).
 */
function projectOntoColumns(n: number, k: number, rows: ArrayLike<number>, x: Float64Array): void {
  leastNormSplit(n, k, rows, x, new Float64Array(n * k), new Float64Array(k), new Float64Array(k));
}

/** Which of the n columns of the k×n matrix `rows` are independent of the earlier ones (least-norm.ts's test). */
function independentColumns(n: number, k: number, rows: ArrayLike<number>): number[] {
  const basis = new Float64Array(n * k);
  orthonormalColumns(n, k, rows, basis, new Float64Array(k));
  return Array.from({ length: n }, (_, i) => i).filter((i) => basis.subarray(i * k, (i + 1) * k).some((v) => v !== 0));
}

/**
 * Whether some of the k rows of n (row-major) depend on the others: a row
 * whose remainder off the earlier rows is below 1e-8 of its norm or the
 * largest row's (modified Gram–Schmidt, twice). Decided from the rows, not from a solve's pivot: the
 * generated phase's LU let a box's four sliding corners through on a pivot
 * of roundoff and split their weight 3.27 : 1.64 : 1.64 : −6e-16.
 */
export function hasDependentRows(n: number, k: number, rows: ArrayLike<number>): boolean {
  const transposed = new Float64Array(n * k);
  for (let a = 0; a < k; a++) for (let i = 0; i < n; i++) transposed[i * k + a] = rows[a * n + i]!;
  return independentColumns(k, n, transposed).length < k;
}

/**
 * σ in place (k entries) replaced by the σ' of least norm with Rᵀσ' = Rᵀσ,
 * R the k rows of n in `rows` (row-major): σ's projection onto R's columns
 * (σ − σ' lies in null(Rᵀ), orthogonal to them).
 */
export function leastNormReactions(n: number, k: number, rows: ArrayLike<number>, sigma: Float64Array): void {
  projectOntoColumns(n, k, rows, sigma);
}

/** A contact of an impact as the split reads it: its slip rows, its kinetic μ and the μs of its cone where it did not slide before, and its phase after the impact. */
export interface ImpactContact {
  readonly slip: number;
  readonly mu: number;
  readonly staticMu: number;
  readonly phase: 'open' | 'closed' | 'stick' | 'slip';
}

/** least-norm.ts's phase codes. */
const PHASE_CODE = { open: 0, closed: 1, stick: 2, slip: 3 } as const;

/**
 * The impulses Λ of an impact (rows H, r×n: per contact its normal row, then
 * its slip rows; ξ their velocities after it, `scale` those before) split by
 * least norm where the rows that may carry impulse are dependent
 * (least-norm.ts's leastNormImpulses, which the C driver's impact calls too);
 * undefined where they are independent or the split leaves the law.
 */
export function leastNormImpulses(
  n: number,
  H: ArrayLike<number>,
  contacts: readonly ImpactContact[],
  impulses: ArrayLike<number>,
  velocities: ArrayLike<number>,
  scale: number,
): Float64Array | undefined {
  const r = impulses.length;
  const perRow = contacts.flatMap((c) => Array.from({ length: 1 + c.slip }, () => c));
  const normalRow = new Int32Array(r);
  let first = 0;
  for (const c of contacts) {
    normalRow.fill(first, first, first + 1 + c.slip);
    first += 1 + c.slip;
  }
  const lambda = Float64Array.from(impulses);
  const scratch = (size: number): Float64Array => new Float64Array(size);
  const applied = numericLeastNormImpulses(
    n,
    r,
    H,
    normalRow,
    Int32Array.from(perRow, (c) => PHASE_CODE[c.phase]),
    Float64Array.from(perRow, (c) => c.mu),
    Float64Array.from(perRow, (c) => c.staticMu),
    lambda,
    velocities,
    scale,
    scratch(r * n),
    scratch(n * r),
    new Int32Array(r),
    scratch(r),
    scratch(r),
    scratch(r),
    scratch(r),
  );
  return applied ? lambda : undefined;
}
