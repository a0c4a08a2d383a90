// The linear solves behind contact phases and impact maps, symbolic: all y
// with R y = c (affineSolution) and M y = b + Rᵀλ, R y = c by the null-space
// method (constrainedSolve), with the rows that depend on others reported.
// Shared by the frictionless maps (unilateral.ts) and the frictional phases
// and modes (../friction/phases.ts, ../friction/impact-modes.ts).
// Tests: test/derive/unilateral/unilateral.test.ts, test/derive/friction/impact-modes.test.ts.
import { add, mul, neg, ONE, ZERO, type Expr } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import { together } from '../../core/together.js';
import { det, matMul, matVec, solveSmall, transpose, type Matrix } from '../matrix.js';

const isZeroExpr = (e: Expr): boolean => simplify(e) === ZERO;

export interface AffineSolution {
  /** Rows of R used (independent); the others depend on them. */
  readonly rows: readonly number[];
  /** Pivot (dependent) coordinates and free coordinates. */
  readonly pivots: readonly number[];
  readonly free: readonly number[];
  /** y = particular + basis·y_free. */
  readonly particular: readonly Expr[];
  readonly basis: readonly (readonly Expr[])[];
}

/**
 * All y with R y = c, as y = p + N·y_F: pick independent rows and pivot
 * columns (columns in `preferFree` last), solve the pivot block by its
 * adjugate. Zero tests are exact: entries are polynomials in parameters and
 * sines/cosines, whose simplified (Fourier) form is 0 only when they vanish.
 */
export function affineSolution(R: Matrix, c: readonly Expr[], preferFree: readonly number[]): AffineSolution | undefined {
  const n = R[0]?.length ?? 0;
  const order = [...Array(n).keys()].sort((a, b) => Number(preferFree.includes(a)) - Number(preferFree.includes(b)));
  const rows: number[] = [];
  const pivots: number[] = [];
  for (let r = 0; r < R.length; r++) {
    const col = order.find((j) => !pivots.includes(j) && !isZeroExpr(det([...rows, r].map((i) => [...pivots, j].map((k) => R[i]![k]!)))));
    if (col === undefined) continue;
    rows.push(r);
    pivots.push(col);
  }
  const free = order.filter((j) => !pivots.includes(j)).sort((a, b) => a - b);
  const S = rows.map((i) => pivots.map((k) => R[i]![k]!));
  const solve = (rhs: readonly Expr[]) => solveSmall(S, rhs)?.x;
  const particularP = rows.length ? solve(rows.map((i) => c[i]!)) : [];
  if (!particularP) return undefined;
  const particular = [...Array(n).keys()].map((j) => (pivots.includes(j) ? particularP[pivots.indexOf(j)]! : ZERO));
  const basisCols = free.map((f) => {
    const col = rows.length ? solve(rows.map((i) => neg(R[i]![f]!)))! : [];
    return [...Array(n).keys()].map((j) => (j === f ? ONE : pivots.includes(j) ? col[pivots.indexOf(j)]! : ZERO));
  });
  const basis = [...Array(n).keys()].map((j) => basisCols.map((col) => col[j]!));
  return { rows, pivots, free, particular, basis };
}

export interface ConstrainedSolution {
  readonly y: readonly Expr[];
  /** Multiplier per row of R (0 for dropped rows). */
  readonly lambda: readonly Expr[];
  /** Rows that depend on others: their multiplier is not determined alone (statically indeterminate). */
  readonly dropped: readonly { readonly row: number; readonly dependsOn: readonly number[]; readonly weights: readonly Expr[] }[];
  /** The rows solved for the pivot coordinates: y_pivot = particular + basis · y_free. */
  readonly affine: AffineSolution;
}

/**
 * M y = b + Rᵀλ, R y = c by the null-space method: y = p + N y_F with
 * (NᵀMN) y_F = Nᵀ(b − Mp) — for an impact, Appell's theorem: momentum
 * along the constraint surface is unchanged — then λ from the pivot
 * columns, Sᵀλ_I = (My − b)_pivots. No M⁻¹ is formed, so the results stay
 * as short as the papers' (e.g. ψ̇⁺ = ψ̇⁻(1 − 3 sin²α)/(1 + 3 sin²α)), and M
 * need only be positive definite on the rows' null space, where NᵀMN lives:
 * a system singular alone but regular with its contacts in force (the
 * point-mass rimless wheel, I* = 0) gets its contact phase and impact map,
 * as the constrained system [M Rᵀ; R 0] would give them.
 */
export function constrainedSolve(M: Matrix, b: readonly Expr[], R: Matrix, c: readonly Expr[], preferFree: readonly number[]): ConstrainedSolution | undefined {
  const aff = affineSolution(R, c, preferFree);
  if (!aff) return undefined;
  const { basis, particular } = aff;
  const n = M.length;
  let y: Expr[] = [...particular];
  if (aff.free.length) {
    const Nt = transpose(basis);
    const reduced = matMul(matMul(Nt, M), basis);
    const residual = b.map((bi, i) => simplify(add(bi, neg(add(...M[i]!.map((x, k) => mul(x, particular[k]!)))))));
    const yF = solveSmall(reduced, matVec(Nt, residual));
    if (!yF) return undefined;
    y = particular.map((p, i) => simplify(add(p, ...aff.free.map((_, k) => mul(basis[i]![k]!, yF.x[k]!)))));
  }
  // Dropped rows must be consistent with the kept ones.
  for (let r = 0; r < R.length; r++) {
    if (!aff.rows.includes(r) && !isZeroExpr(add(...R[r]!.map((x, i) => mul(x, y[i]!)), neg(c[r]!)))) return undefined;
  }
  const force = [...Array(n).keys()].map((i) => simplify(add(...M[i]!.map((x, k) => mul(x, y[k]!)), neg(b[i]!))));
  const St = transpose(aff.rows.map((i) => aff.pivots.map((k) => R[i]![k]!)));
  const lamI = aff.rows.length
    ? solveSmall(
        St,
        aff.pivots.map((k) => force[k]!),
      )?.x
    : [];
  if (!lamI) return undefined;
  const lambda = R.map((_, r) => (aff.rows.includes(r) ? lamI[aff.rows.indexOf(r)]! : ZERO));
  const dropped = R.map((_, r) => r)
    .filter((r) => !aff.rows.includes(r))
    .map((r) => {
      // R_r = Σ c_i R_i over the kept rows: then λ_i + c_i λ_r is what is determined.
      const coef =
        solveSmall(
          St,
          aff.pivots.map((k) => R[r]![k]!),
        )?.x ?? [];
      const used = aff.rows.flatMap((k, i) => (coef[i] !== undefined && !isZeroExpr(coef[i]!) ? [[k, coef[i]!] as const] : []));
      return { row: r, dependsOn: used.map(([k]) => k), weights: used.map(([, w]) => w) };
    });
  return { y: y.map(together), lambda: lambda.map(together), dropped, affine: aff };
}
