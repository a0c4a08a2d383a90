// Dense solvers emitted into generated modules (which import nothing). They
// work in place on module-level scratch arrays: no allocation per call.

/** Cholesky solve for the symmetric positive definite mass matrix (uses CHOLESKY). */
export const SOLVE_SPD = `// Solves A·y = b for symmetric positive definite A (A is overwritten by its
// Cholesky factor). A singular or indefinite A yields NaN, which the runtime
// reports as a non-finite state.
function solveSpd$(n: number, A: Float64Array, b: Float64Array, y: Float64Array, yOff: number): void {
  cholFactor$(n, A);
  cholSolve$(n, A, b, 0, y, yOff);
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

/** Cholesky factor and solve of the mass matrix, kept separate so several right-hand sides share one factorization. */
export const CHOLESKY = `// In-place Cholesky factor of the symmetric positive definite A (row-major n×n).
function cholFactor$(n: number, A: Float64Array): void {
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
}

// y[yOff…] = A⁻¹ b[bOff…] from the factor of cholFactor$.
function cholSolve$(n: number, L: Float64Array, b: Float64Array, bOff: number, y: Float64Array, yOff: number): void {
  for (let i = 0; i < n; i++) {
    let s = b[bOff + i];
    for (let k = 0; k < i; k++) s -= L[i * n + k] * y[yOff + k];
    y[yOff + i] = s / L[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = y[yOff + i];
    for (let k = i + 1; k < n; k++) s -= L[k * n + i] * y[yOff + k];
    y[yOff + i] = s / L[i * n + i];
  }
}`;

/**
 * The constrained solve shared by contact phases and impacts:
 *   M y = b + Rᵀσ,  R y = c   (R: k×n rows in R$, b in B$, c in C$)
 * by the Schur complement W = R M⁻¹ Rᵀ. Dependent rows (two pinned feet on
 * one line share a tangent) make W singular; their pivots fall below 1e-10
 * of the largest diagonal entry and their σ is set to 0, which leaves y
 * unique and the other multipliers a valid split (statically indeterminate
 * combinations are reported by the symbolic impact maps).
 * Returns false when a dropped row is violated (inconsistent constraints).
 */
export const SCHUR = `/** M$ → ML$ (Cholesky); false when M is not positive definite (a massless direction). */
function factorMass$(): boolean {
  ML$.set(M$);
  cholFactor$(n$, ML$);
  for (let i = 0; i < n$; i++) if (!(ML$[i * n$ + i] > 0)) return false;
  return true;
}

function schur$(k: number): boolean {
  const n = n$;
  if (!massSpd$) {
    // A singular M (massless spokes) may still be pinned by the rows: the
    // solutions of M y = b + Rᵀσ, R y = c are those of (M + ρRᵀR) y =
    // b + ρRᵀc + Rᵀσ, R y = c, and M + ρRᵀR is positive definite when the
    // rows cover M's null space (else the mode is infeasible).
    let md = 0;
    let rd = 0;
    for (let i = 0; i < n; i++) md = Math.max(md, Math.abs(M$[i * n + i]));
    for (let r = 0; r < k; r++) for (let i = 0; i < n; i++) rd = Math.max(rd, R$[r * n + i] * R$[r * n + i]);
    const rho = rd > 0 ? Math.max(md, 1e-300) / rd : 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let v = M$[i * n + j];
        for (let r = 0; r < k; r++) v += rho * R$[r * n + i] * R$[r * n + j];
        ML$[i * n + j] = v;
      }
      for (let r = 0; r < k; r++) B$[i] += rho * R$[r * n + i] * C$[r];
    }
    cholFactor$(n, ML$);
    for (let i = 0; i < n; i++) if (!(ML$[i * n + i] > 0)) return false;
  }
  cholSolve$(n, ML$, B$, 0, Y$, 0);
  for (let r = 0; r < k; r++) cholSolve$(n, ML$, R$, r * n, X$, r * n);
  let maxDiag = 0;
  for (let r = 0; r < k; r++) {
    for (let s = 0; s <= r; s++) {
      let w = 0;
      for (let i = 0; i < n; i++) w += R$[r * n + i] * X$[s * n + i];
      W$[r * k + s] = w;
    }
    maxDiag = Math.max(maxDiag, W$[r * k + r]);
    let v = C$[r];
    for (let i = 0; i < n; i++) v -= R$[r * n + i] * Y$[i];
    S$[r] = v;
  }
  // Cholesky of W with dependent rows skipped.
  for (let j = 0; j < k; j++) {
    let d = W$[j * k + j];
    for (let q = 0; q < j; q++) d -= W$[j * k + q] * W$[j * k + q];
    dep$[j] = d <= 1e-10 * maxDiag ? 1 : 0;
    const root = dep$[j] ? 0 : Math.sqrt(d);
    W$[j * k + j] = root;
    for (let i = j + 1; i < k; i++) {
      let s = W$[i * k + j];
      for (let q = 0; q < j; q++) s -= W$[i * k + q] * W$[j * k + q];
      W$[i * k + j] = dep$[j] ? 0 : s / root;
    }
  }
  for (let i = 0; i < k; i++) {
    if (dep$[i]) { SIG$[i] = 0; continue; }
    let s = S$[i];
    for (let q = 0; q < i; q++) s -= W$[i * k + q] * SIG$[q];
    SIG$[i] = s / W$[i * k + i];
  }
  for (let i = k - 1; i >= 0; i--) {
    if (dep$[i]) continue;
    let s = SIG$[i];
    for (let q = i + 1; q < k; q++) s -= W$[q * k + i] * SIG$[q];
    SIG$[i] = s / W$[i * k + i];
  }
  for (let i = 0; i < n; i++) {
    let s = Y$[i];
    for (let r = 0; r < k; r++) s += X$[r * n + i] * SIG$[r];
    Y$[i] = s;
  }
  // A dropped row must hold by itself, else the constraints contradict each other.
  for (let r = 0; r < k; r++) {
    if (!dep$[r]) continue;
    let v = -C$[r];
    let scale = Math.abs(C$[r]);
    for (let i = 0; i < n; i++) {
      v += R$[r * n + i] * Y$[i];
      scale += Math.abs(R$[r * n + i] * Y$[i]);
    }
    if (Math.abs(v) > 1e-8 * Math.max(scale, 1)) return false;
  }
  for (let i = 0; i < n; i++) if (!Number.isFinite(Y$[i])) return false;
  return true;
}`;

/**
 * Impact map with mode selection (Kugushev–Sorokina (8.13)–(8.14); modes as
 * in Rubanovich–Formalsky §1): for every subset S of the closed contacts,
 * M(q̇⁺ − q̇⁻) = Rᵀ Λ with the rows of S (normals: U⁺ = −e U⁻; tangents of
 * sticking contacts: 0) and the retaining rows; S is admissible when every
 * engaged normal impulse is ≥ 0 and every other closed contact ends with
 * U⁺ + e·min(U⁻, 0) ≥ 0 (no penetration). Exactly one outcome is applied;
 * none, or several different ones, are reported as such.
 */
export const IMPACT = `export function impact(t: number, q: ArrayLike<number>, qdMinus: ArrayLike<number>, p: Params, opts?: { readonly active?: ArrayLike<boolean>; readonly tol?: number }): { qdPlus: Float64Array; impulses: Float64Array; active: boolean[]; status: 'ok' | 'corner-without-rule' | 'no-admissible-mode' | 'several-admissible-modes' | 'too-many-contacts'; message?: string } {
  const n = n$;
  const tol = opts?.tol ?? 1e-9;
  load$(q, qdMinus);
  prepareContacts$(t, p);
  gapValues$(t, p, g$);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += M$[i * n + j] * qdMinus[j];
    MV$[i] = s;
  }
  const closed: number[] = [];
  for (let j = 0; j < m$; j++) if (opts?.active ? opts.active[j] : g$[j] <= tol) closed.push(j);
  // Normal velocities before the impact, U⁻ = N q̇⁻ + ∂f/∂t.
  let scale = 0;
  for (let j = 0; j < m$; j++) {
    let v = nr$[j];
    for (let i = 0; i < n; i++) v += N$[j * n + i] * qdMinus[i];
    U$[j] = v;
    scale = Math.max(scale, Math.abs(v));
  }
  // A held contact drifts: its normal velocity is rounding and integration
  // error, not an approach. Below 1e-6 of the largest normal velocity it
  // does not count as arriving (else every impact on a held contact would be
  // reported as an impact into a corner).
  const vtol = 1e-6 * Math.max(scale, 1e-300);
  const arriving = closed.filter((j) => U$[j] < -vtol);
  const qdPlus = Float64Array.from({ length: n }, (_, i) => qdMinus[i]);
  const impulses = new Float64Array(m$);
  const names = model.unilateral.map((u) => u.name);
  if (arriving.length === 0) return { qdPlus, impulses, active: names.map((_, j) => closed.includes(j) && Math.abs(U$[j]) <= vtol), status: 'ok' };
  if (arriving.length > 1 && MULTIPLE_IMPACTS$ === 'error') {
    return { qdPlus, impulses, active: names.map((_, j) => closed.includes(j)), status: 'corner-without-rule', message: \`contacts \${arriving.map((j) => names[j]).join(' and ')} arrive at once (an impact into a corner) and the model declares no rule for multiple impacts (set multipleImpacts: 'lcp')\` };
  }
  // Enumeration costs 2^k small solves; beyond this the runtime solves the
  // complementarity problem with Lemke's algorithm (src/runtime/impact-lcp.ts).
  if (closed.length > 10) {
    return { qdPlus, impulses, active: names.map((_, j) => closed.includes(j)), status: 'too-many-contacts', message: \`\${closed.length} closed contacts: too many to enumerate the impact modes\` };
  }
  let found = 0;
  let differs = false;
  const best = new Float64Array(n);
  const bestImp = new Float64Array(m$);
  for (let mask = 0; mask < 1 << closed.length; mask++) {
    let k = 0;
    for (let a = 0; a < closed.length; a++) {
      if (!(mask & (1 << a))) continue;
      const j = closed[a];
      for (let i = 0; i < n; i++) R$[k * n + i] = N$[j * n + i];
      C$[k] = -E$[j] * Math.min(U$[j], 0) - nr$[j];
      ROW$[k++] = j;
    }
    const normals = k;
    for (let r = 0; r < mt$; r++) {
      const a = closed.indexOf(TC$[r]);
      if (a < 0 || !(mask & (1 << a))) continue;
      for (let i = 0; i < n; i++) R$[k * n + i] = T$[r * n + i];
      C$[k++] = -tr$[r];
    }
    k = retainingRows$(t, p, k);
    for (let i = 0; i < n; i++) B$[i] = MV$[i];
    if (!schur$(k)) continue;
    let ok = true;
    for (let r = 0; r < normals && ok; r++) if (SIG$[r] < -1e-9 * Math.max(1, Math.abs(SIG$[r]))) ok = false;
    for (const j of closed) {
      if (!ok) break;
      let engaged = false;
      for (let r = 0; r < normals; r++) if (ROW$[r] === j) engaged = true;
      if (engaged) continue;
      let v = nr$[j];
      for (let i = 0; i < n; i++) v += N$[j * n + i] * Y$[i];
      if (v + E$[j] * Math.min(U$[j], 0) < -1e-9 * Math.max(scale, 1e-300)) ok = false;
    }
    if (!ok) continue;
    if (found === 0) {
      for (let i = 0; i < n; i++) best[i] = Y$[i];
      bestImp.fill(0);
      for (let r = 0; r < normals; r++) bestImp[ROW$[r]] = SIG$[r];
    } else {
      for (let i = 0; i < n; i++) if (Math.abs(Y$[i] - best[i]) > 1e-8 * Math.max(scale, 1)) differs = true;
    }
    found++;
  }
  if (found === 0) {
    return { qdPlus, impulses, active: names.map((_, j) => closed.includes(j)), status: 'no-admissible-mode', message: \`no choice of engaged contacts among \${closed.map((j) => names[j]).join(', ')} gives non-negative impulses without penetration\` };
  }
  if (differs) {
    return { qdPlus, impulses, active: names.map((_, j) => closed.includes(j)), status: 'several-admissible-modes', message: \`several contact modes among \${closed.map((j) => names[j]).join(', ')} are admissible and give different velocities\` };
  }
  qdPlus.set(best);
  impulses.set(bestImp);
  const active = names.map((_, j) => {
    if (!closed.includes(j)) return false;
    let v = nr$[j];
    for (let i = 0; i < n; i++) v += N$[j * n + i] * best[i];
    return Math.abs(v) <= 1e-9 * Math.max(scale, 1e-300);
  });
  return { qdPlus, impulses, active, status: 'ok' };
}`;
