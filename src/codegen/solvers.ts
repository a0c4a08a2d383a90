// Dense solvers emitted into generated modules (which import nothing). They
// work in place on module-level scratch arrays: no allocation per call.

/** Cholesky solve for the symmetric positive definite mass matrix. */
export const SOLVE_SPD = `// Solves A·y = b for symmetric positive definite A (row-major n×n; A is
// overwritten by its Cholesky factor). A singular or indefinite A yields NaN,
// which the runtime reports as a non-finite state.
function solveSpd$(n: number, A: Float64Array, b: Float64Array, y: Float64Array, yOff: number): void {
  for (let j = 0; j < n; j++) {
    let d = A[j * n + j];
    for (let k = 0; k < j; k++) d -= A[j * n + k] * A[j * n + k];
    d = Math.sqrt(d);
    A[j * n + j] = d;
    for (let i = j + 1; i < n; i++) {
      let s = A[i * n + j];
      for (let k = 0; k < j; k++) s -= A[i * n + k] * A[j * n + k];
      A[i * n + j] = s / d;
    }
  }
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= A[i * n + k] * y[yOff + k];
    y[yOff + i] = s / A[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = y[yOff + i];
    for (let k = i + 1; k < n; k++) s -= A[k * n + i] * y[yOff + k];
    y[yOff + i] = s / A[i * n + i];
  }
}`;

/** LU with partial pivoting, for the indefinite constrained (KKT) systems. */
export const SOLVE_LU = `// Solves A·y = b by LU with partial pivoting (row-major N×N; A and b are
// overwritten). A singular A yields non-finite values.
function solveLu$(N: number, A: Float64Array, b: Float64Array, y: Float64Array): void {
  for (let c = 0; c < N; c++) {
    let piv = c;
    for (let r = c + 1; r < N; r++) if (Math.abs(A[r * N + c]) > Math.abs(A[piv * N + c])) piv = r;
    if (piv !== c) {
      for (let k = 0; k < N; k++) {
        const tmp = A[c * N + k];
        A[c * N + k] = A[piv * N + k];
        A[piv * N + k] = tmp;
      }
      const tb = b[c];
      b[c] = b[piv];
      b[piv] = tb;
    }
    const d = A[c * N + c];
    for (let r = c + 1; r < N; r++) {
      const f = A[r * N + c] / d;
      if (f === 0) continue;
      for (let k = c; k < N; k++) A[r * N + k] -= f * A[c * N + k];
      b[r] -= f * b[c];
    }
  }
  for (let i = N - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < N; k++) s -= A[i * N + k] * y[k];
    y[i] = s / A[i * N + i];
  }
}`;
