// The slow spatial slides of a C driver's Coulomb phase (c-driver-friction.ts):
// a slide slow at a step's start (breaking away from ṡ = εd) is evaluated
// along its consistent direction, as the runtime's aimSlowSlides
// (src/runtime/contact/friction-modes.ts) aims it, and wherever a slide's
// direction turns fast (breaking away, or coming to a stop) the steps are
// short enough for RK4 to follow it, as the runtime's adaptive steps shrink
// there. Placed after shift_rates, before phase.
// Tests: test/codegen/c-driver-flat-landing.test.ts (the box breaking away at μ = 0.5 and 1.5),
// test/codegen/c-driver.test.ts (the ball on the plate: its slides' stops).

/** aimed, across, aim_slow_slides and slide_step for the module with prefix P. */
export const slowSlides = (P: string): string => `
/* xs: x with the ns slow slides' ṡ at their speeds along their angles (the held gap rates kept); 0 where that fails. */
static int aimed(double t, const double *x, const int *slow, int ns, const double *speed, const double *angle, double *xs) {
  int shifted[MS];
  double value[MS];
  for (int r = 0; r < MS; r++) shifted[r] = 0;
  for (int a = 0; a < ns; a++) {
    int r = slip_row[slow[a]];
    shifted[r] = shifted[r + 1] = 1;
    value[r] = speed[a] * cos(angle[a]);
    value[r + 1] = speed[a] * sin(angle[a]);
  }
  return shift_rates(t, x, mode, shifted, value, xs);
}

/* d × s̈ of slow slide a, s̈ = S_j (q̈ − q̈ with j sticking) at the aimed velocity (the drift terms cancel): into f its value and scale. */
static int across(double t, const double *x, const int *slow, int ns, int a, const double *speed, const double *angle, const double *S,
                  double *xs, double *f) {
  double qdd[OUT], stuck[OUT], trial[M];
  int j = slow[a];
  if (!aimed(t, x, slow, ns, speed, angle, xs)) return 0;
  ${P}_friction_phase(t, xs, xs + N, p, mode, qdd);
  for (int i = 0; i < M; i++) trial[i] = i == j ? STICK : mode[i];
  evaluate(t, xs, trial, stuck);
  f[0] = f[1] = 0.0;
  accelerationChange(N, S, slip_row[j], -sin(angle[a]), qdd, stuck, f);
  accelerationChange(N, S, slip_row[j] + 1, cos(angle[a]), qdd, stuck, f);
  return isfinite(f[0]) && isfinite(f[1]);
}

/*
 * The velocity at which the phase slides the slow spatial contacts (sliding, |ṡ| ≤ REST_VELOCITY, and so at the step's
 * start: slow_start) along their
 * consistent direction, as the runtime's aimSlowSlides (friction-modes.ts, whose doc says why): into xs, x with each
 * such ṡ_j turned to max(|ṡ_j|, ε) d_j, the held gap rates kept; 0 where there is none or it is not found. d_j at the
 * angle φ where d × s̈(d) = 0, s̈_j = S_j (q̈ − q̈ with j sticking), by the secant method from −τ/|τ| (Gauss–Seidel
 * over several slow contacts), each step's test and bounds the runtime's.
 */
static int aim_slow_slides(double t, const double *x, double *xs) {
  int slow[M], ns = 0;
  double s[MS], S[MS * N], speed[M], angle[M], trial[M], stuck[OUT];
  for (int j = 0; j < M; j++) ns += spatial_slide(j);
  if (ns == 0) return 0;
  ns = 0;
  ${P}_slip_rates(t, x, x + N, p, s);
  for (int j = 0; j < M; j++)
    if (spatial_slide(j) && slow_start[j] && slip_speed(j, s) <= REST_VELOCITY) slow[ns++] = j;
  if (ns == 0) return 0;
  for (int a = 0; a < ns; a++) {
    int j = slow[a];
    /* At least the breakaway's ε, where ṡ/|ṡ| is still resolved (to ~1e-7). */
    speed[a] = fmax(slip_speed(j, s), BREAKAWAY_FRACTION * REST_VELOCITY);
    for (int i = 0; i < M; i++) trial[i] = i == j ? STICK : mode[i];
    evaluate(t, x, trial, stuck);
    if (!(stickForce(N, M, slip_row[j], slip_rows[j], stuck) > 0.0)) return 0;
    angle[a] = atan2(-stuck[N + M + slip_row[j] + 1], -stuck[N + M + slip_row[j]]);
  }
  ${P}_slip_jacobian(t, x, p, S);
  /* ṡ rounds to ~1e-16 absolute, so at |ṡ| = ε d × s̈ is resolved to ~1e-7: a step below 1e-9 rad stops, the best angle kept. */
  for (int sweep = 0; sweep < (ns > 1 ? 3 : 1); sweep++)
    for (int a = 0; a < ns; a++) {
      double phi0 = angle[a], phi1 = phi0 + 1e-7, f0[2], f1[2], best, best_f[2];
      if (!across(t, x, slow, ns, a, speed, angle, S, xs, f0)) return 0;
      best = phi0;
      best_f[0] = f0[0];
      best_f[1] = f0[1];
      for (int it = 0; it < 12 && fabs(best_f[0]) > 1e-13 * best_f[1]; it++) {
        angle[a] = phi1;
        if (!across(t, x, slow, ns, a, speed, angle, S, xs, f1)) return 0;
        if (fabs(f1[0]) < fabs(best_f[0])) {
          best = phi1;
          best_f[0] = f1[0];
          best_f[1] = f1[1];
        }
        double step = -f1[0] * (phi1 - phi0) / (f1[0] - f0[0]);
        /* Converged, or d × s̈ flat at its resolution. */
        if (!(fabs(step) > 1e-9) || !isfinite(step)) break;
        /* A step of more than 0.1 rad leaves the root near −τ/|τ|. */
        if (!(fabs(step) < 0.1)) return 0;
        phi0 = phi1;
        f0[0] = f1[0];
        f0[1] = f1[1];
        phi1 += step;
      }
      if (!(fabs(best_f[0]) <= 1e-6 * best_f[1])) return 0;
      angle[a] = best;
    }
  return aimed(t, x, slow, ns, speed, angle, xs);
}

/*
 * The longest step (up to h) the spatial slides allow. A slide's direction ṡ/|ṡ| relaxes onto its consistent one at
 * the rate κ/|ṡ|, κ = μk σ̇ ‖S_j M⁻¹ S_jᵀ‖ (its friction's acceleration per radian): stiff for a fixed RK4 step while
 * κh ≥ |ṡ|, after a breakaway (the box at μ = 0.5, aimed to 1e-6 m/s and then stepped at 1e-3 s, struck its second
 * corner 6e-4 s early) and on the way to every stop, where |ṡ| → 0 (the ball on the plate: stepped at 1e-3 s its
 * slide at 3e-3 m/s turned by 100° in a step and went past its stop at t = 0.3934). So h ≤ |ṡ|/(SLIDE_STEPS κ), as
 * the runtime's adaptive steps shrink there; never below 1e-4 h: a slide that stops reaches its stop's guard in
 * finite steps.
 */
static const double SLIDE_STEPS = 16.0;

static double slide_step(double t, const double *x, double h) {
  double s[MS], S[MS * N], mm[N * N], w[2][N], limit = h;
  int any = 0;
  for (int j = 0; j < M; j++) any = any || spatial_slide(j);
  if (!any) return limit;
  ${P}_slip_rates(t, x, x + N, p, s);
  ${P}_slip_jacobian(t, x, p, S);
  phase(t, x, phase_out);
  ${P}_mass_matrix(t, x, p, mm);
  if (!${P}_mass_factor(mm)) return limit;
  for (int j = 0; j < M; j++) {
    double speed = slip_speed(j, s), norm = 0.0;
    if (!spatial_slide(j) || !(speed > REST_VELOCITY)) continue;
    for (int a = 0; a < 2; a++) {
      for (int i = 0; i < N; i++) w[a][i] = S[(slip_row[j] + a) * N + i];
      ${P}_mass_solve(mm, w[a], 0);
    }
    for (int a = 0; a < 2; a++) {
      double row = 0.0;
      for (int b = 0; b < 2; b++) {
        double v = 0.0;
        for (int i = 0; i < N; i++) v += S[(slip_row[j] + a) * N + i] * w[b][i];
        row += fabs(v);
      }
      norm = fmax(norm, row);
    }
    double kappa = mu[2 * j] * phase_out[N + j] * norm, most = kappa > 0.0 ? speed / (SLIDE_STEPS * kappa) : HUGE_VAL;
    limit = fmin(limit, fmax(most, 1e-4 * h));
  }
  return limit;
}`;
