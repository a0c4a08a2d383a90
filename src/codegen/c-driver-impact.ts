// The impact of a C driver (c-driver-contacts.ts) whose model has Coulomb
// friction: the law the TypeScript runtime applies to every impact of such
// a model (src/runtime/contact/impact-law.ts: Newton–Coulomb, Glocker's
// fallback), for a positive definite mass matrix; the law itself is in the
// C comment below. The phases of the closed contacts are enumerated by the
// runtime's own solver, printed from its IR (solvers/frictional-impact.ts:
// kugushev2002 (8.13)–(8.14), rubanovich1981 §1 with Coulomb's cone, a
// spatial contact sliding along the direction its slip takes); this file
// assembles its rows, W and the rungs' biases. Rows dependent on each other
// (a rod lying flat, its two slip rows one) leave the impulses undetermined,
// not q̇⁺: the rank-revealing pivotedSolve takes one, and the split reported
// is the runtime's, of least norm (leastNormImpulses, printed from the IR of
// src/codegen/solvers/least-norm.ts). Where that split leaves a cone each
// keeps its solver's vertex, and the solvers differ: past 27 combinations
// (four resting spatial corners, 3⁴) the runtime solves by Lemke's method,
// the driver enumerates; and enumerating, the box's mirror-image corners tie
// and roundoff picks one. q̇⁺ is the same.
// Tests: test/codegen/c-driver-impact.test.ts (planar), test/codegen/c-driver-flat-landing.test.ts (spatial: the tumbling box).
import { printCFunctions } from './print-c.js';
import { LEAST_NORM, leastNormSplit, orthonormalColumns } from './solvers/least-norm.js';
import { FRICTIONAL_IMPACT, pivotedSolve } from './solvers/frictional-impact.js';
import { IMPACT_ENERGY_RULES } from './solvers/impact-energy.js';
import type { Decl } from './ir.js';

/** The enumeration's records and functions, but the solve the projection prints (c-driver-contacts.ts). */
const ENUMERATION = FRICTIONAL_IMPACT.decls.filter((d) => d !== pivotedSolve) as (Decl & { kind: 'function' | 'record' })[];

/** The least-norm functions but the split of reactions the frictional phase prints (c-driver-reactions.ts). */
const SPLIT = [orthonormalColumns, leastNormSplit];
const IMPULSE_SPLIT = LEAST_NORM.decls.filter((d) => !SPLIT.includes(d)) as (Decl & { kind: 'function' })[];

/** The C of `frictional_impact` (after the projection's pivotedSolve and the guards' split, before `resolve`, which calls it). */
export const frictionalImpact = (P: string): string => `
/* The least-norm split of dependent rows' impulses, printed from the IR the runtime's is (src/numeric/least-norm.ts). */
${printCFunctions(IMPULSE_SPLIT, SPLIT).join('\n')}

/* The work test and Glocker's e*, printed from the IR the runtime's are (src/numeric/impact-energy.ts). */
${printCFunctions(IMPACT_ENERGY_RULES).join('\n')}

/* The enumeration of the contacts' phases, printed from the IR the runtime's is (src/numeric/frictional-impact.ts). */
${printCFunctions(ENUMERATION, [pivotedSolve]).join('\n')}

/* The rows of the closed contacts: per contact its normal row, then its slip rows; the phases' codes (frictional-impact.ts). */
enum { ROWS = K_MAX, OPEN_PHASE = 0, ENGAGED = 1, STUCK = 2 };

/*
 * The impulses Λ (rows of H) of the chosen phases replaced by the least-norm split of the same HᵀΛ where the rows that
 * may carry impulse are dependent, as the runtime's frictionalImpact reports them: per row its contact's normal row,
 * phase (0 open, 1 engaged without friction, 2 sticking, 3 sliding), μk and the cone's μ (μs where it did not slide),
 * ξ = W Λ + b after the impact and the velocities' scale before.
 */
static void split_least_norm(int r, const int *contact, const int *slip, double H[][N], const double *U, const double *W,
                             const double *b, const int *phase, double *lambda) {
  int normal_row[ROWS], code[ROWS], role[ROWS];
  double mu_k[ROWS], mu_s[ROWS], xi[ROWS], rows[ROWS * N], R[ROWS * N], basis[N * ROWS], ratio[ROWS], nu[ROWS], u[ROWS],
      p[ROWS], scale = 0.0;
  for (int a = 0; a < r; a++) {
    int j = contact[a], ph = phase[j], normal = a - slip[a], sliding = 0;
    for (int s = 1; s <= slip_rows[j]; s++) sliding = sliding || fabs(U[normal + s]) > REST_VELOCITY;
    normal_row[a] = normal;
    code[a] = ph == OPEN_PHASE ? 0 : ph == ENGAGED ? 1 : ph == STUCK ? 2 : 3;
    mu_k[a] = mu[2 * j];
    mu_s[a] = mu[2 * j + (sliding ? 0 : 1)];
    xi[a] = b[a];
    for (int c = 0; c < r; c++) xi[a] += W[a * r + c] * lambda[c];
    scale = fmax(scale, fabs(U[a]));
    for (int i = 0; i < N; i++) rows[a * N + i] = H[a][i];
  }
  leastNormImpulses(N, r, rows, normal_row, code, mu_k, mu_s, lambda, xi, scale, R, basis, role, ratio, nu, u, p);
}

/*
 * The impact at (t, x) on the closed contacts by the runtime's frictional law: over the rows H of the closed contacts
 * (each one's normal row, then its slip rows) with velocities U⁻ and W = H M⁻¹ Hᵀ, impulses Λ with
 * ξ = U⁺ + ε∘U⁻ = W Λ + b such that 0 ≤ Λ_N ⊥ ξ_N ≥ 0, and on a Coulomb contact's slip row ξ_T = 0 with
 * |Λ_T| ≤ μ Λ_N (μs where it did not slide before), or Λ_T = −μk Λ_N ξ_T/|ξ_T| (a 'stick' contact: ξ_T = 0).
 * ε is e on the normal rows and 0 on the slip rows, or where those impulses do work > 0 (Kane's paradox) Glocker's
 * one coefficient e* on every row: the least e of the contacts arriving, else of those closed. Each rung is solved by
 * frictionalImpactModes: every combination of the contacts' phases; of the admissible ones, fewest contacts engaged
 * that separate before the impact, then the one that satisfies the law best. q̇⁺ = q̇⁻ + M⁻¹HᵀΛ and the normal impulses into qd_plus and impulses;
 * 0, or the reason there is none.
 */
static const char *frictional_impact(double t, const double *x, const int *closed, double *qd_plus, double *impulses) {
  int contact[ROWS], slip[ROWS], r = 0, k = 0, idx[M], phase[M], start[M], slips[M], kind[M], ints[M * 5 + ROWS * 2];
  unsigned char separating[M];
  double mm[N * N], G[M * N], S[MS * N], gr[M], sr[MS], e[M], H[ROWS][N], X[ROWS][N], U[ROWS], W[ROWS * ROWS], b[ROWS];
  int lo[ROWS] = {0}, hi[ROWS];
  double mu_k[M], mu_s[M], best[ROWS], reals[M * 7 + M * M + ROWS * 6 + ROWS * ROWS * 2];
  for (int i = 0; i < N; i++) qd_plus[i] = x[N + i];
  for (int j = 0; j < M; j++) impulses[j] = 0.0;
  ${P}_mass_matrix(t, x, p, mm);
  if (!${P}_mass_factor(mm)) return "singular-mass-matrix";
  ${P}_gap_jacobian(t, x, p, G);
  ${P}_slip_jacobian(t, x, p, S);
  ${P}_gap_rates(t, x, x + N, p, gr);
  ${P}_slip_rates(t, x, x + N, p, sr);
  ${P}_restitution(t, p, e);
  ${P}_friction(t, p, mu);
  for (int j = 0; j < M; j++) {
    if (!closed[j]) continue;
    start[k] = r;
    slips[k] = slip_rows[j];
    kind[k] = law[j] == COULOMB && slip_rows[j] > 0 && mu[2 * j] > 0.0 ? 1 : law[j] == COULOMB || law[j] == FRICTIONLESS ? 0 : 2;
    mu_k[k] = mu[2 * j];
    mu_s[k] = mu[2 * j + 1];
    separating[k] = gr[j] > REST_VELOCITY;
    idx[k++] = j;
    for (int s = -1; s < slip_rows[j]; s++) {
      contact[r] = j;
      slip[r] = s + 1;
      for (int i = 0; i < N; i++) H[r][i] = s < 0 ? G[j * N + i] : S[(slip_row[j] + s) * N + i];
      U[r++] = s < 0 ? gr[j] : sr[slip_row[j] + s];
    }
  }
  for (int a = 0; a < r; a++) {
    for (int i = 0; i < N; i++) X[a][i] = H[a][i];
    ${P}_mass_solve(mm, X[a], 0);
  }
  for (int a = 0; a < r; a++)
    for (int c = 0; c < r; c++) {
      W[a * r + c] = 0.0;
      for (int i = 0; i < N; i++) W[a * r + c] += H[a][i] * X[c][i];
    }
  /* Glocker's e*, and W's band for the work: every column. */
  double e_star = glockerRestitution(k, idx, start, U, e, REST_VELOCITY);
  for (int a = 0; a < r; a++) hi[a] = r;
  /* The problem and the workspace of the enumeration, its arrays carved from ints and reals. */
  FrictionalImpactProblem problem = {.r = r, .k = k, .W = W, .U = U, .b = b, .size = 0.0, .restVelocity = REST_VELOCITY, .start = start,
                                     .slips = slips, .kind = kind, .muK = mu_k, .muS = mu_s, .separating = separating};
  FrictionalImpactWorkspace work = {.best = best, .bestPhase = ints, .phase = ints + M, .slider = ints + 2 * M, .turns = ints + 3 * M, .eq = ints + 4 * M,
                                    .col = ints + 4 * M + ROWS, .dirX = reals, .dirY = reals + M, .angle = reals + 2 * M,
                                    .bestAngle = reals + 3 * M, .g = reals + 4 * M, .gh = reals + 5 * M, .step = reals + 6 * M,
                                    .J = reals + 7 * M, .lambda = reals + 7 * M + M * M, .xi = reals + 7 * M + M * M + ROWS,
                                    .nu = reals + 7 * M + M * M + 2 * ROWS, .rhs = reals + 7 * M + M * M + 3 * ROWS,
                                    .z = reals + 7 * M + M * M + 4 * ROWS, .F = reals + 7 * M + M * M + 6 * ROWS,
                                    .A = reals + 7 * M + M * M + 6 * ROWS + ROWS * ROWS};
  int combinations = frictionalModeCount(&problem, MAX_MODE_COMBINATIONS);
  if (combinations > MAX_MODE_COMBINATIONS) return "too-many-modes";
  /* Newton–Coulomb, then where its impulses do work > 0 beyond roundoff (Kane's paradox), Glocker's law. */
  for (int pass = 0; pass < 2; pass++) {
    double size = 0.0;
    for (int a = 0; a < r; a++) {
      double terms = 0.0;
      b[a] = U[a] + (pass == 0 ? (slip[a] ? 0.0 : e[contact[a]]) : e_star) * U[a];
      for (int i = 0; i < N; i++) terms += fabs(H[a][i] * x[N + i]);
      size = fmax(size, fabs(b[a]) + terms);
    }
    problem.size = size;
    if (!frictionalImpactModes(&problem, &work, combinations)) return "no-admissible-mode";
    if (!(impulseWork(r, U, U, W, best, best, lo, hi) > 0.0)) break;
  }
  for (int a = 0; a < k; a++) phase[idx[a]] = work.bestPhase[a];
  split_least_norm(r, contact, slip, H, U, W, b, phase, best);
  for (int a = 0; a < r; a++) {
    for (int i = 0; i < N; i++) qd_plus[i] += X[a][i] * best[a];
    if (!slip[a]) impulses[contact[a]] = best[a];
  }
  return 0;
}`;
