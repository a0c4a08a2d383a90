// Small dense linear algebra for the runtime: square systems of the size of
// a mechanism (a few to a few dozen unknowns), row-major Float64Array.
// Factorizations work in place and report a singular or indefinite matrix
// through a status, never by throwing (the caller decides whether that is an
// error: a singular Delassus matrix is legitimate with redundant contacts).
//
// LU with partial pivoting and Cholesky: Golub & Van Loan, "Matrix
// Computations", 4th ed., §3.4 and §4.2.

export type LuStatus = { readonly status: 'ok' } | { readonly status: 'singular'; readonly column: number };
export type CholeskyStatus = { readonly status: 'ok' } | { readonly status: 'not-positive-definite'; readonly column: number };

/**
 * Relative pivot threshold: a pivot below PIVOT_TOL · n · max|a_ij| is
 * treated as zero. Without it a numerically singular matrix (e.g. two copies
 * of the same contact row) yields a "solution" of size 1e16 that then passes
 * for a finite answer.
 */
const PIVOT_TOL = Number.EPSILON;

function maxAbs(a: ArrayLike<number>, len: number): number {
  let m = 0;
  for (let i = 0; i < len; i++) m = Math.max(m, Math.abs(a[i]));
  return m;
}

/** Factor PA = LU in place (unit L below the diagonal, U on and above); piv[k] is the row swapped into k. */
export function luFactor(a: Float64Array, n: number, piv: Int32Array): LuStatus {
  const threshold = PIVOT_TOL * n * maxAbs(a, n * n);
  for (let k = 0; k < n; k++) {
    let p = k;
    let best = Math.abs(a[k * n + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(a[i * n + k]);
      if (v > best) {
        best = v;
        p = i;
      }
    }
    piv[k] = p;
    if (!(best > threshold)) return { status: 'singular', column: k };
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const tmp = a[k * n + j];
        a[k * n + j] = a[p * n + j];
        a[p * n + j] = tmp;
      }
    }
    const pivot = a[k * n + k];
    for (let i = k + 1; i < n; i++) {
      const l = (a[i * n + k] /= pivot);
      if (l !== 0) for (let j = k + 1; j < n; j++) a[i * n + j] -= l * a[k * n + j];
    }
  }
  return { status: 'ok' };
}

/** Solve A x = b with the factors of `luFactor`; b is overwritten with x and returned. */
export function luSolve(lu: Float64Array, n: number, piv: Int32Array, b: Float64Array): Float64Array {
  for (let k = 0; k < n; k++) {
    const p = piv[k];
    if (p !== k) {
      const tmp = b[k];
      b[k] = b[p];
      b[p] = tmp;
    }
  }
  for (let i = 1; i < n; i++) {
    let s = b[i];
    for (let j = 0; j < i; j++) s -= lu[i * n + j] * b[j];
    b[i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let j = i + 1; j < n; j++) s -= lu[i * n + j] * b[j];
    b[i] = s / lu[i * n + i];
  }
  return b;
}

export type SolveResult = { readonly status: 'ok'; readonly x: Float64Array } | { readonly status: 'singular'; readonly column: number };

/** Solve A x = b without touching A or b (copies both). */
export function solve(a: ArrayLike<number>, n: number, b: ArrayLike<number>): SolveResult {
  const lu = Float64Array.from({ length: n * n }, (_, i) => a[i]);
  const piv = new Int32Array(n);
  const st = luFactor(lu, n, piv);
  if (st.status !== 'ok') return st;
  return { status: 'ok', x: luSolve(lu, n, piv, Float64Array.from({ length: n }, (_, i) => b[i])) };
}

/** Factor A = L Lᵀ in place (L in the lower triangle; the strict upper triangle is zeroed). */
export function cholesky(a: Float64Array, n: number): CholeskyStatus {
  let maxDiag = 0;
  for (let i = 0; i < n; i++) maxDiag = Math.max(maxDiag, Math.abs(a[i * n + i]));
  // Same reasoning as PIVOT_TOL: a pivot lost in roundoff means "not positive definite".
  const threshold = PIVOT_TOL * n * maxDiag;
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j];
    for (let k = 0; k < j; k++) d -= a[j * n + k] * a[j * n + k];
    if (!(d > threshold)) return { status: 'not-positive-definite', column: j };
    const ljj = Math.sqrt(d);
    a[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / ljj;
      a[j * n + i] = 0;
    }
  }
  return { status: 'ok' };
}

/** Solve L Lᵀ x = b with the factor of `cholesky`; b is overwritten with x and returned. */
export function choleskySolve(l: Float64Array, n: number, b: Float64Array): Float64Array {
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i * n + k] * b[k];
    b[i] = s / l[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= l[k * n + i] * b[k];
    b[i] = s / l[i * n + i];
  }
  return b;
}
