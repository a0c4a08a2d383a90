// The impact of a C driver (c-driver-contacts.ts) whose model has Coulomb
// friction: the law the TypeScript runtime applies to every impact of such
// a model (src/runtime/contact/impact-law.ts: Newton–Coulomb, Glocker's
// fallback), for a positive definite mass matrix; the law itself is in the
// C comment below. The runtime solves its complementarity by Lemke's method,
// or on the exact cone where a contact is spatial (friction-impact.ts); the
// driver enumerates the phases of the closed contacts and solves each one's
// equations, as the generated frictionless map does (kugushev2002
// (8.13)–(8.14), rubanovich1981 §1): where the law's solution is unique, the
// same q̇⁺ to rounding. A spatial contact (two slip rows) slides along the
// direction its slip after the impact takes, found by Newton's method
// (slide_impulses): the exact cone, Λ_T = −μΛ_N ξ_T/|ξ_T|. Rows dependent on each other (a rod lying flat, its
// two slip rows one) leave the impulses undetermined, not q̇⁺: the rank-
// revealing `solve` of the projection takes one, and the split reported is
// the runtime's, of least norm (leastNormImpulses, printed from the IR of
// src/codegen/solvers/least-norm.ts).
// Tests: test/codegen/c-driver-impact.test.ts (planar), test/codegen/c-driver-flat-landing.test.ts (spatial: the tumbling box).
import { printCFunctions } from './print-c.js';
import { LEAST_NORM } from './solvers/least-norm.js';
import type { Decl } from './ir.js';

/** The C of `frictional_impact` (after the projection's `solve`, before `resolve`, which calls it). */
export const frictionalImpact = (P: string): string => `
/* The least-norm split of dependent rows' impulses, printed from the IR the runtime's is (src/numeric/least-norm.ts). */
${printCFunctions(LEAST_NORM.decls as (Decl & { kind: 'function' })[]).join('\n')}

/* The rows of the closed contacts: per contact its normal row, then its slip rows; phases per contact. */
enum { ROWS = K_MAX, OPEN_PHASE = 0, ENGAGED = 1, STUCK = 2, SLIDE_UP = 3, SLIDE_DOWN = 4, SLIDE = 5 };

/* Whether contact j is a Coulomb contact with μ > 0 (a frictionless engaged contact takes no tangential impulse). */
static int coulomb(int j) {
  return law[j] == COULOMB && slip_rows[j] > 0 && mu[2 * j] > 0.0;
}

/* Contact j's phases at an impact: open, engaged; a Coulomb one open, stuck, sliding up or down (planar) or sliding (spatial). */
static int options_of(int j) {
  return !coulomb(j) ? 2 : slip_rows[j] == 1 ? 4 : 3;
}

/* ξ = W Λ + b of the r rows, and the size ν of each one's terms (|U⁻| + |b| + Σ|W Λ|). */
static void velocities_after(int r, const double *W, const double *U, const double *b, const double *lambda, double *xi, double *nu) {
  for (int a = 0; a < r; a++) {
    xi[a] = b[a];
    nu[a] = fabs(U[a]) + fabs(b[a]);
    for (int c = 0; c < r; c++) {
      xi[a] += W[a * r + c] * lambda[c];
      nu[a] += fabs(W[a * r + c] * lambda[c]);
    }
  }
}

/*
 * The impulses Λ (rows of H) of the phases given per contact for the bias b, and how far the law is violated relative
 * to its rounding (≤ 1: admissible; NaN where the phases' equations have no solution). Each engaged contact's
 * normal row has ξ = 0, and so has a sticking one's slip row; a planar sliding one's Λ_T is −μk d Λ_N, a spatial
 * one's −μk (cos φ, sin φ) Λ_N with φ = angle[j], admissible where ξ_T is along (cos φ, sin φ). slip[a]: 0 for a
 * normal row, s for the s-th slip row of its contact.
 */
static double phase_impulses(int r, const int *contact, const int *slip, const double *W, const double *U, const double *b,
                             double size, const int *phase, const double *angle, double *lambda) {
  int eq[ROWS], k = 0;
  double f[ROWS][ROWS], A[ROWS * ROWS], rhs[ROWS], z[ROWS], xi[ROWS], nu[ROWS], worst = 0.0;
  for (int a = 0; a < r; a++) {
    int j = contact[a], ph = phase[j];
    lambda[a] = 0.0;
    if (ph == OPEN_PHASE || (slip[a] && ph != STUCK)) continue;
    for (int c = 0; c < r; c++) f[k][c] = c == a;
    if (!slip[a] && (ph == SLIDE_UP || ph == SLIDE_DOWN)) f[k][a + 1] = -mu[2 * j] * (ph == SLIDE_UP ? 1.0 : -1.0);
    if (!slip[a] && ph == SLIDE) {
      f[k][a + 1] = -mu[2 * j] * cos(angle[j]);
      f[k][a + 2] = -mu[2 * j] * sin(angle[j]);
    }
    eq[k++] = a;
  }
  for (int e = 0; e < k; e++) {
    for (int u = 0; u < k; u++) {
      A[e * k + u] = 0.0;
      for (int c = 0; c < r; c++) A[e * k + u] += W[eq[e] * r + c] * f[u][c];
    }
    rhs[e] = -b[eq[e]];
  }
  if (!solve(k, A, rhs, z, size)) return NAN;
  for (int u = 0; u < k; u++)
    for (int c = 0; c < r; c++) lambda[c] += f[u][c] * z[u];
  velocities_after(r, W, U, b, lambda, xi, nu);
  for (int a = 0; a < r; a++) {
    int j = contact[a], ph = phase[j], spatial = slip[a] == 1 && slip_rows[j] == 2;
    double tol = 1e-9 * (spatial ? fmax(nu[a], nu[a + 1]) : nu[a]), v = 0.0;
    if (!isfinite(xi[a])) return NAN;
    if (!slip[a])
      v = ph == OPEN_PHASE ? -xi[a] : -lambda[a] * W[a * r + a];
    else if (slip[a] == 2)
      continue;
    else if (ph == STUCK && law[j] == COULOMB) {
      /* The cone |Λ_T| ≤ μ Λ_N, μs where the contact did not slide before (every slip rate within REST_VELOCITY). */
      int slid = fabs(U[a]) > REST_VELOCITY || (spatial && fabs(U[a + 1]) > REST_VELOCITY);
      double tangent = spatial ? hypot(lambda[a], lambda[a + 1]) : fabs(lambda[a]);
      v = (tangent - mu[2 * j + (slid ? 0 : 1)] * lambda[a - 1]) * (spatial ? fmax(W[a * r + a], W[(a + 1) * r + a + 1]) : W[a * r + a]);
    } else if (ph == SLIDE_UP || ph == SLIDE_DOWN)
      v = -(ph == SLIDE_UP ? 1.0 : -1.0) * xi[a];
    else if (ph == SLIDE) {
      /* ξ_T along the sliding direction d: d·ξ_T ≥ 0 and d × ξ_T = 0. */
      double c = cos(angle[j]), s = sin(angle[j]);
      v = fmax(-(c * xi[a] + s * xi[a + 1]), fabs(c * xi[a + 1] - s * xi[a]));
    }
    if (v > 0.0) worst = fmax(worst, tol > 0.0 ? v / tol : HUGE_VAL);
  }
  return worst;
}

/*
 * phase_impulses where spatial contacts slide: their directions φ solve d(φ) × ξ_T(φ) = 0, by Newton's method from
 * the direction of b_T (the slip before the impact) and from it turned by quarter turns, its Jacobian by differences;
 * the first solution that is admissible, else the least violated. angle: per contact, written.
 */
static double slide_impulses(int r, const int *contact, const int *slip, const double *W, const double *U, const double *b,
                             double size, const int *phase, double *angle, double *lambda) {
  int slider[M], ns = 0;
  double quarter = 2.0 * atan(1.0), best = NAN, best_angle[M];
  for (int a = 0; a < r; a++)
    if (slip[a] == 1 && phase[contact[a]] == SLIDE) slider[ns++] = a;
  if (ns == 0) return phase_impulses(r, contact, slip, W, U, b, size, phase, angle, lambda);
  for (int start = 0; start < 4; start++) {
    double worst;
    for (int s = 0; s < ns; s++) angle[contact[slider[s]]] = atan2(b[slider[s] + 1], b[slider[s]]) + start * quarter;
    for (int it = 0; it < 50; it++) {
      int failed = 0;
      double g[M], gh[M], J[M * M], step[M], xi[ROWS], nu[ROWS], h = 1e-7, largest = 0.0;
      /* The cross products at φ, then at φ + h e_s for the Jacobian's columns. */
      for (int s = -1; s < ns; s++) {
        if (s >= 0) angle[contact[slider[s]]] += h;
        failed = !isfinite(phase_impulses(r, contact, slip, W, U, b, size, phase, angle, lambda));
        if (failed) {
          if (s >= 0) angle[contact[slider[s]]] -= h;
          break;
        }
        velocities_after(r, W, U, b, lambda, xi, nu);
        for (int u = 0; u < ns; u++) {
          int a = slider[u];
          double phi = angle[contact[a]];
          (s < 0 ? g : gh)[u] = cos(phi) * xi[a + 1] - sin(phi) * xi[a];
        }
        if (s < 0) continue;
        angle[contact[slider[s]]] -= h;
        for (int u = 0; u < ns; u++) J[u * ns + s] = (gh[u] - g[u]) / h;
      }
      if (failed) break;
      for (int u = 0; u < ns; u++) g[u] = -g[u];
      if (!solve(ns, J, g, step, size)) break;
      for (int s = 0; s < ns; s++) {
        angle[contact[slider[s]]] += step[s];
        largest = fmax(largest, fabs(step[s]));
      }
      if (!(largest > 1e-14)) break;
    }
    worst = phase_impulses(r, contact, slip, W, U, b, size, phase, angle, lambda);
    if (worst <= 1.0) return worst;
    if (!(worst >= best)) {
      best = worst;
      for (int s = 0; s < ns; s++) best_angle[s] = angle[contact[slider[s]]];
    }
  }
  if (best != best) return NAN;
  for (int s = 0; s < ns; s++) angle[contact[slider[s]]] = best_angle[s];
  return phase_impulses(r, contact, slip, W, U, b, size, phase, angle, lambda);
}

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
 * |Λ_T| ≤ μ Λ_N (μs where it did not slide before), or Λ_T = −μk d Λ_N with d ξ_T ≥ 0 (a 'stick' contact: ξ_T = 0).
 * ε is e on the normal rows and 0 on the slip rows, or where those impulses do work > 0 (Kane's paradox) Glocker's
 * one coefficient e* on every row: the least e of the contacts arriving, else of those closed. Every combination of
 * the contacts' phases is solved; of the admissible ones, fewest contacts engaged that separate before the impact,
 * then the one that satisfies the law best. q̇⁺ = q̇⁻ + M⁻¹HᵀΛ and the normal impulses into qd_plus and impulses;
 * 0, or the reason there is none.
 */
static const char *frictional_impact(double t, const double *x, const int *closed, double *qd_plus, double *impulses) {
  int contact[ROWS], slip[ROWS], r = 0, k = 0, idx[M], phase[M], best_phase[M];
  double mm[N * N], G[M * N], S[MS * N], gr[M], sr[MS], e[M], H[ROWS][N], X[ROWS][N], U[ROWS], W[ROWS * ROWS], b[ROWS];
  double lambda[ROWS], best[ROWS], angle[M] = {0.0}, e_star = HUGE_VAL, e_closed = HUGE_VAL;
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
    idx[k++] = j;
    for (int s = -1; s < slip_rows[j]; s++) {
      contact[r] = j;
      slip[r] = s + 1;
      for (int i = 0; i < N; i++) H[r][i] = s < 0 ? G[j * N + i] : S[(slip_row[j] + s) * N + i];
      U[r++] = s < 0 ? gr[j] : sr[slip_row[j] + s];
    }
    e_closed = fmin(e_closed, e[j]);
    if (gr[j] < -REST_VELOCITY) e_star = fmin(e_star, e[j]);
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
  if (e_star == HUGE_VAL) e_star = e_closed;
  /* Per contact: open, or engaged (sticking or sliding where its friction is Coulomb's: either way on one slip row, in a direction on two). */
  long combinations = 1;
  for (int a = 0; a < k && combinations <= MAX_MODE_COMBINATIONS; a++) combinations *= options_of(idx[a]);
  if (combinations > MAX_MODE_COMBINATIONS) return "too-many-modes";
  /* Newton–Coulomb, then where its impulses do work > 0 beyond roundoff (Kane's paradox), Glocker's law. */
  for (int pass = 0; pass < 2; pass++) {
    int best_separating = M + 1;
    double best_worst = HUGE_VAL, size = 0.0;
    for (int a = 0; a < r; a++) {
      double terms = 0.0;
      b[a] = U[a] + (pass == 0 ? (slip[a] ? 0.0 : e[contact[a]]) : e_star) * U[a];
      for (int i = 0; i < N; i++) terms += fabs(H[a][i] * x[N + i]);
      size = fmax(size, fabs(b[a]) + terms);
    }
    for (long c = 0; c < combinations; c++) {
      long rest = c;
      int separating = 0;
      for (int a = 0; a < k; a++) {
        int j = idx[a], options = options_of(j), choice = (int)(rest % options);
        rest /= options;
        phase[j] = choice == 0 ? OPEN_PHASE
                   : options > 2 ? (choice == 1 ? STUCK : options == 3 ? SLIDE : choice + 1)
                   : law[j] == COULOMB || law[j] == FRICTIONLESS ? ENGAGED
                                                                 : STUCK;
        separating += phase[j] != OPEN_PHASE && gr[j] > REST_VELOCITY;
      }
      /* Fewest separating contacts engaged, then the phases that satisfy the law best (the others pass by the tolerance). */
      double worst = slide_impulses(r, contact, slip, W, U, b, size, phase, angle, lambda);
      if (!(worst <= 1.0) || separating > best_separating || (separating == best_separating && !(worst < best_worst))) continue;
      best_separating = separating;
      best_worst = worst;
      for (int a = 0; a < r; a++) best[a] = lambda[a];
      for (int j = 0; j < M; j++) best_phase[j] = phase[j];
    }
    if (best_separating > M) return "no-admissible-mode";
    double work = 0.0, scale = 0.0;
    for (int a = 0; a < r; a++) {
      double plus = U[a], terms = fabs(U[a]);
      for (int c = 0; c < r; c++) {
        plus += W[a * r + c] * best[c];
        terms += fabs(W[a * r + c] * best[c]);
      }
      work += 0.5 * (U[a] + plus) * best[a];
      scale += (fabs(U[a]) + terms) * fabs(best[a]);
    }
    if (!(work > 1e-14 * scale)) break;
  }
  split_least_norm(r, contact, slip, H, U, W, b, best_phase, best);
  for (int a = 0; a < r; a++) {
    for (int i = 0; i < N; i++) qd_plus[i] += X[a][i] * best[a];
    if (!slip[a]) impulses[contact[a]] = best[a];
  }
  return 0;
}`;
