// Eigenvalues of a small dense real matrix (return maps' derivatives, state
// matrices of equilibria): Householder reduction to Hessenberg form, then
// Francis's double-shift QR with deflation on the subdiagonal (Golub & Van
// Loan, "Matrix Computations", 4th ed., §7.4–7.5, Algorithms 7.4.2 and
// 7.5.1, exceptional shifts every 10 iterations).
// Tests: test/runtime/analysis/periodic.test.ts ('eigenvalues'), test/numeric/eigenvalues.test.ts.

export interface Complex {
  readonly re: number;
  readonly im: number;
}

/** Eigenvalues of an n×n real matrix (row-major), in no particular order; NaN if QR does not converge. */
export function eigenvalues(n: number, A: ArrayLike<number>): Complex[] {
  const H = Float64Array.from({ length: n * n }, (_, i) => A[i]!);
  hessenberg(n, H);
  let norm = 0;
  for (let i = 0; i < n * n; i++) norm = Math.max(norm, Math.abs(H[i]!));
  const out: Complex[] = [];
  let hi = n - 1,
    iter = 0;
  while (hi >= 0) {
    let l = hi;
    for (; l > 0; l--) {
      const s = Math.abs(H[(l - 1) * n + l - 1]!) + Math.abs(H[l * n + l]!) || norm;
      if (Math.abs(H[l * n + l - 1]!) <= Number.EPSILON * s) {
        H[l * n + l - 1] = 0;
        break;
      }
    }
    if (l === hi) {
      out.push({ re: H[hi * n + hi]!, im: 0 });
      hi--;
      iter = 0;
    } else if (l === hi - 1) {
      out.push(...eigenvalues2(H[l * n + l]!, H[l * n + hi]!, H[hi * n + l]!, H[hi * n + hi]!));
      hi -= 2;
      iter = 0;
    } else {
      if (++iter > 60 * n) {
        while (hi-- >= 0) out.push({ re: NaN, im: NaN });
        break;
      }
      francisStep(n, H, l, hi, iter);
    }
  }
  return out;
}

/** Eigenvalues of [[a, b], [c, d]], the real pair computed without cancellation. */
function eigenvalues2(a: number, b: number, c: number, d: number): Complex[] {
  const p = 0.5 * (a - d);
  const disc = p * p + b * c;
  const mean = 0.5 * (a + d);
  if (disc < 0) {
    const im = Math.sqrt(-disc);
    return [
      { re: mean, im },
      { re: mean, im: -im },
    ];
  }
  // The root of larger modulus, mean ± s with the sign of the mean, has no
  // cancellation; the other is det/λ₁ (a root near 0 beside one near −1 came
  // out as −0.97 for −1.03 the other way round).
  const s = Math.sqrt(disc);
  const l1 = mean + (mean >= 0 ? s : -s);
  const l2 = l1 !== 0 ? (a * d - b * c) / l1 : 0;
  return [
    { re: l1, im: 0 },
    { re: l2, im: 0 },
  ];
}

/** Reduce H to upper Hessenberg form in place by Householder similarity transforms (GVL Algorithm 7.4.2). */
function hessenberg(n: number, H: Float64Array): void {
  const v = new Float64Array(n);
  for (let k = 0; k < n - 2; k++) {
    let alpha = 0;
    for (let i = k + 1; i < n; i++) alpha += H[i * n + k]! ** 2;
    alpha = Math.sqrt(alpha);
    if (alpha === 0) continue;
    const x0 = H[(k + 1) * n + k]!;
    if (x0 > 0) alpha = -alpha;
    let vv = 0;
    for (let i = k + 1; i < n; i++) {
      v[i] = H[i * n + k]! - (i === k + 1 ? alpha : 0);
      vv += v[i]! ** 2;
    }
    if (vv === 0) continue;
    const beta = 2 / vv;
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let i = k + 1; i < n; i++) s += v[i]! * H[i * n + j]!;
      s *= beta;
      for (let i = k + 1; i < n; i++) H[i * n + j] -= s * v[i]!;
    }
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = k + 1; j < n; j++) s += H[i * n + j]! * v[j]!;
      s *= beta;
      for (let j = k + 1; j < n; j++) H[i * n + j] -= s * v[j]!;
    }
    for (let i = k + 2; i < n; i++) H[i * n + k] = 0;
  }
}

/** One Francis double-shift QR step on the active block l..m of a Hessenberg matrix (GVL Algorithm 7.5.1). */
function francisStep(n: number, H: Float64Array, l: number, m: number, iter: number): void {
  const at = (i: number, j: number): number => H[i * n + j]!;
  // The two shifts as their mean μ and d = ((σ₁ − σ₂)/2)² (negative for a
  // complex pair), so that (h − σ₁)(h − σ₂) = (h − μ)² − d is formed from the
  // differences h − μ, exact for nearby numbers. The expanded h² − (σ₁ + σ₂)h
  // + σ₁σ₂ cancels to rounding noise when the block is the identity up to
  // 1e−13 (a return map's defective multiplier 1), and QR never converged.
  let mu = 0.5 * (at(m - 1, m - 1) + at(m, m));
  let d = (0.5 * (at(m - 1, m - 1) - at(m, m))) ** 2 + at(m, m - 1) * at(m - 1, m);
  if (iter % 10 === 0) {
    // Exceptional shift: breaks the cycles an unlucky Wilkinson shift can fall into.
    const s = Math.abs(at(m, m - 1)) + Math.abs(at(m - 1, m - 2));
    mu = 0.75 * s;
    d = -0.4375 * s * s;
  }
  const h11 = at(l, l) - mu;
  let p = h11 * h11 - d + at(l, l + 1) * at(l + 1, l);
  let q = at(l + 1, l) * (h11 + at(l + 1, l + 1) - mu);
  let r = at(l + 1, l) * at(l + 2, l + 1);
  for (let k = l; k <= m - 1; k++) {
    const three = k <= m - 2;
    if (k > l) {
      p = at(k, k - 1);
      q = at(k + 1, k - 1);
      r = three ? at(k + 2, k - 1) : 0;
    }
    let alpha = Math.hypot(p, q, r);
    if (alpha === 0) continue;
    if (p > 0) alpha = -alpha;
    const v0 = p - alpha,
      v1 = q,
      v2 = three ? r : 0;
    const beta = 2 / (v0 * v0 + v1 * v1 + v2 * v2);
    for (let j = Math.max(l, k - 1); j <= m; j++) {
      let s = v0 * at(k, j) + v1 * at(k + 1, j) + (three ? v2 * at(k + 2, j) : 0);
      s *= beta;
      H[k * n + j] -= s * v0;
      H[(k + 1) * n + j] -= s * v1;
      if (three) H[(k + 2) * n + j] -= s * v2;
    }
    for (let i = l; i <= Math.min(k + 3, m); i++) {
      let s = at(i, k) * v0 + at(i, k + 1) * v1 + (three ? at(i, k + 2) * v2 : 0);
      s *= beta;
      H[i * n + k] -= s * v0;
      H[i * n + k + 1] -= s * v1;
      if (three) H[i * n + k + 2] -= s * v2;
    }
    if (k > l) {
      H[(k + 1) * n + k - 1] = 0;
      if (three) H[(k + 2) * n + k - 1] = 0;
    }
  }
}
