// The reactions of dependent held rows in the C driver's Coulomb phase
// (c-driver-friction.ts), split as the runtime's ModeSelector.evaluate
// splits them (src/runtime/contact/friction-modes.ts,
// indeterminate-reactions.ts): a box on two or four corners has q̈ unique
// but not σ̇ and τ; nothing sliding, the split of least norm (least-norm.ts's
// IR, printed here); sliding, the combination of the splits with one
// dependent contact opened (slidingSupport and its weights, printed from the
// IR of solvers/sliding-support.ts as the runtime's are).
// The mode selection and the guards read this one split.
// Tests: test/codegen/c-driver-flat-landing.test.ts (the box resting on an edge and a face, sliding flat).
import type { Decl } from './ir.js';
import { printCFunctions } from './print-c.js';
import { CHOLESKY } from './solvers/cholesky.js';
import { leastNormSplit, orthonormalColumns } from './solvers/least-norm.js';
import { SLIDING_SUPPORT } from './solvers/sliding-support.js';

/** The sliding support's functions and the Cholesky solve its weights take (the module's own is not the driver's to call). */
const SLIDING = [...CHOLESKY.decls, ...SLIDING_SUPPORT.decls].filter((d) => d.kind === 'function') as (Decl & { kind: 'function' })[];

/** evaluate(): friction_phase with dependent rows' reactions split (after the frictional tables, pivotedSolve and mass_singular). */
export const dependentReactions = (
  P: string,
): string => `/* The split of least norm of dependent reactions, printed from the IR the runtime's is (src/numeric/least-norm.ts). */
${printCFunctions([orthonormalColumns, leastNormSplit] as (Decl & { kind: 'function' })[]).join('\n')}

/* A phase sliding on dependent held rows, printed from the IR the runtime's is (src/numeric/sliding-support.ts). */
${printCFunctions(SLIDING, [orthonormalColumns, leastNormSplit]).join('\n')}

/*
 * A mode sliding on dependent normal rows, where friction_phase's solve is singular (the runtime's slidingSupport,
 * friction-modes.ts): out becomes the member of least-norm reactions (at: their k places in out) of the phases with
 * one dependent held contact opened (dependentHeld, slidingSupport), left as it is with fewer than two members.
 */
static void sliding_support(double t, const double *x, const double *modes, const double *G, int *at, int k, double *out) {
  double members[M * OUT], opened[M], span[N * M], along[N], basis[M * (N + RR)], u[N + RR], pr[N], points[M * RR], D[RR * M], normal[M * M],
      rhs[M], weights[M];
  int dependent[M], kept[M], chosen[M];
  if (dependentHeld(N, M, G, modes, dependent, span, along, basis, u, pr) < 2) return;
  for (int j = 0; j < M; j++) {
    if (!dependent[j]) continue;
    for (int i = 0; i < M; i++) opened[i] = i == j ? OPEN : modes[i];
    ${P}_friction_phase(t, x, x + N, p, opened, members + j * OUT);
  }
  slidingSupport(N, M, OUT, dependent, members, k, at, out, kept, points, D, basis, u, normal, rhs, weights, chosen);
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
