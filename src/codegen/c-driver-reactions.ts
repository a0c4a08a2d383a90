// The reactions of dependent held rows in the C driver's Coulomb phase
// (c-driver-friction.ts), split as the runtime's ModeSelector.evaluate
// splits them (src/runtime/contact/friction-modes.ts,
// indeterminate-reactions.ts): a box on two or four corners has q̈ unique
// but not σ̇ and τ; nothing sliding, the split of least norm (least-norm.ts's
// IR, printed here); sliding, the combination of the splits with one
// dependent contact opened (slidingSupport, its weights leastNormWeights').
// The mode selection and the guards read this one split.
// Tests: test/codegen/c-driver-flat-landing.test.ts (the box resting on an edge and a face, sliding flat).
import type { Decl } from './ir.js';
import { printCFunctions } from './print-c.js';
import { leastNormSplit, orthonormalColumns } from './solvers/least-norm.js';

/** evaluate(): friction_phase with dependent rows' reactions split (after the frictional tables, pivotedSolve and mass_singular). */
export const dependentReactions = (
  P: string,
): string => `/* The split of least norm of dependent reactions, printed from the IR the runtime's is (src/numeric/least-norm.ts). */
${printCFunctions([orthonormalColumns, leastNormSplit] as (Decl & { kind: 'function' })[]).join('\n')}

/*
 * A mode sliding on dependent normal rows, where friction_phase's solve is singular (the runtime's slidingSupport,
 * friction-modes.ts): its splits are a family, q̈, σ̇, τ affine along it; the members with one dependent held contact
 * opened, each with det ≠ 0, are combined with the weights of the least-norm reactions (at: their k places in out),
 * det the least of theirs, into out. Left as it is with fewer than two members.
 */
static void sliding_support(double t, const double *x, const double *modes, const double *G, const int *at, int k, double *out) {
  double members[M][OUT], opened[M], span[N * M], row[N], along[N], basis[N * RR], u[RR + N], pr[RR + N];
  double D[RR * M], Nm[M * M], rhs[M], z[M], weights[M], size = 0.0;
  int count = 0, col[M], kept[M], r = 0;
  for (int j = 0; j < M; j++) {
    int o = 0;
    double off = 0.0, norm = 0.0;
    if (modes[j] == OPEN) continue;
    for (int i = 0; i < M; i++) {
      if (i == j || modes[i] == OPEN) continue;
      for (int c = 0; c < N; c++) span[c * M + o] = G[i * N + c];
      o++;
    }
    /* span is N × o with row stride M: packed to stride o for the split. */
    for (int c = 0; c < N; c++)
      for (int a = 0; a < o; a++) span[c * o + a] = span[c * M + a];
    for (int c = 0; c < N; c++) along[c] = row[c] = G[j * N + c];
    leastNormSplit(o, N, span, along, basis, u, pr);
    for (int c = 0; c < N; c++) {
      off += (row[c] - along[c]) * (row[c] - along[c]);
      norm += row[c] * row[c];
    }
    if (!(sqrt(off) <= 1e-8 * sqrt(norm))) continue;
    for (int i = 0; i < M; i++) opened[i] = i == j ? OPEN : modes[i];
    ${P}_friction_phase(t, x, x + N, p, opened, members[count]);
    double det = members[count][N + M + MS];
    int finite = det != 0.0 && isfinite(det);
    for (int i = 0; i < N; i++) finite = finite && isfinite(members[count][i]);
    if (finite) count++;
  }
  if (count < 2) return;
  /* The weights of the point of least norm on the members' affine hull (the runtime's leastNormWeights): p₀ + Σ cᵢ(pᵢ − p₀). */
  for (int a = 0; a < k; a++)
    for (int i = 0; i + 1 < count; i++) D[a * (count - 1) + i] = members[i + 1][at[a]] - members[0][at[a]];
  orthonormalColumns(count - 1, k, D, basis, u);
  for (int i = 0; i + 1 < count; i++) {
    int independent = 0;
    for (int a = 0; a < k; a++) independent = independent || basis[i * k + a] != 0.0;
    if (independent) kept[r++] = i;
  }
  for (int a = 0; a < count; a++) weights[a] = a == 0;
  for (int x1 = 0; x1 < r; x1++) {
    rhs[x1] = 0.0;
    for (int a = 0; a < k; a++) rhs[x1] -= D[a * (count - 1) + kept[x1]] * members[0][at[a]];
    size = fmax(size, fabs(rhs[x1]));
    for (int y1 = 0; y1 < r; y1++) {
      Nm[x1 * r + y1] = 0.0;
      for (int a = 0; a < k; a++) Nm[x1 * r + y1] += D[a * (count - 1) + kept[x1]] * D[a * (count - 1) + kept[y1]];
    }
  }
  if (r > 0 && pivotedSolve(r, Nm, rhs, z, size, col))
    for (int x1 = 0; x1 < r; x1++) {
      weights[kept[x1] + 1] = z[x1];
      weights[0] -= z[x1];
    }
  for (int i = 0; i < N + M + MS; i++) {
    out[i] = 0.0;
    for (int a = 0; a < count; a++) out[i] += weights[a] * members[a][i];
  }
  out[N + M + MS] = members[0][N + M + MS];
  for (int a = 1; a < count; a++) out[N + M + MS] = fmin(out[N + M + MS], members[a][N + M + MS]);
}

/*
 * friction_phase of the modes at (t, x) into out, as the runtime's ModeSelector.evaluate: where the held rows
 * (normals, and the slip rows of sticking contacts) are dependent, nothing sliding, σ̇ and τ are the split of least
 * norm (q̈ is unique there); sliding, sliding_support's.
 */
static void evaluate(double t, const double *x, const double *modes, double *out) {
  double G[M * N], S[MS > 0 ? MS * N : 1], R[RR * N], Rt[N * RR], sigma[RR], basis[N * RR], u[RR + N], pr[RR];
  int at[RR], k = 0, held_count = 0, sliding = 0;
  ${P}_friction_phase(t, x, x + N, p, modes, out);
  for (int j = 0; j < M; j++) held_count += modes[j] != OPEN;
  if (held_count < 2) return;
  ${P}_gap_jacobian(t, x, p, G);
  ${P}_slip_jacobian(t, x, p, S);
  for (int j = 0; j < M; j++) {
    if (modes[j] == OPEN) continue;
    for (int i = 0; i < N; i++) R[k * N + i] = G[j * N + i];
    at[k++] = N + j;
    sliding = sliding || (law[j] == COULOMB && modes[j] != STICK && mu[2 * j] > 0.0);
  }
  for (int j = 0; j < M; j++) {
    if (modes[j] != STICK) continue;
    for (int r = slip_row[j]; r < slip_row[j] + slip_rows[j]; r++) {
      for (int i = 0; i < N; i++) R[k * N + i] = S[r * N + i];
      at[k++] = N + M + r;
    }
  }
  /* Dependent rows: the columns of Rᵀ (N × k) of rank below k (the runtime's hasDependentRows). */
  for (int a = 0; a < k; a++)
    for (int i = 0; i < N; i++) Rt[i * k + a] = R[a * N + i];
  if (orthonormalColumns(k, N, Rt, basis, u) == k) return;
  if (sliding) {
    sliding_support(t, x, modes, G, at, k, out);
    return;
  }
  for (int i = 0; i < N; i++)
    if (!isfinite(out[i])) return;
  for (int a = 0; a < k; a++) {
    sigma[a] = out[at[a]];
    if (!isfinite(sigma[a])) return;
  }
  leastNormSplit(N, k, R, sigma, basis, u, pr);
  for (int a = 0; a < k; a++) out[at[a]] = sigma[a];
}`;
