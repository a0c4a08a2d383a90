// The part of a C driver (c-driver-contacts.ts) a model with Coulomb
// friction adds: the contact phase by the module's friction_phase (the
// force-row solve written once as IR, solvers/friction-phase.ts), whose
// codes per contact are 0 open, 1 held frictionless, ±1 sliding, 2
// sticking; the tangential guards of a held Coulomb contact (sticking:
// μs σ̇ − |τ| reaching the cone's edge; sliding: d ṡ, the slide stopping);
// and the choice of the modes at an event by their admissibility, as the
// TypeScript runtime enumerates them (src/runtime/contact/friction-modes.ts,
// rubanovich1981 §1 with Coulomb's cone, smirnov1981 §3 for Painlevé's
// case), each contact tested by the functions the runtime tests it with,
// printed from their IR (solvers/mode-admissibility.ts). A spatial contact
// (two slip rows) sticks inside the exact cone |τ| ≤ μs σ̇ and slides along
// ṡ/|ṡ|, its slide stopping where ṡ·ê falls through zero (ê = ṡ/|ṡ| at the
// step's start). Where held rows are dependent the reactions are split as
// the runtime splits them (c-driver-reactions.ts). A
// spatial contact sliding away from rest starts from ṡ = εd, d = −τ/|τ|,
// as the runtime starts it, and while its slip is slow the phase aims it
// along the direction d with s̈(d) ∥ d, as the runtime's aimSlowSlides
// (aim_slow_slides); steps short enough for a slide's direction to follow
// (slide_step: breaking away, or coming to a stop) and a slide turned back
// within a step evaluated reversed. The impacts are
// c-driver-impact.ts's. Where Painlevé modes (determinant ≤ 0) were
// admissible besides the one chosen, the runtime
// records an 'indeterminate' event; the driver prints none.
// Tests: test/codegen/c-driver.test.ts, test/codegen/c-driver-friction.test.ts (the one source),
// test/codegen/c-driver-flat-landing.test.ts (spatial: the box).
import type { DerivedSystem } from '../derive/system.js';
import { BREAKAWAY_FRACTION, HOLD, MAX_MODE_COMBINATIONS, OPEN, STICK } from '../runtime/contact/friction-modes.js';
import { heldField } from './c-driver-field.js';
import { dependentReactions } from './c-driver-reactions.js';
import { slowSlides } from './c-driver-slides.js';
import { contactInfo } from './contacts.js';
import { lawSticks } from './impact-laws.js';
import { numberLiteral } from './js-expr.js';
import { printCFunctions } from './print-c.js';
import { FRICTION_TESTS } from './solvers/mode-admissibility.js';

/** The module's functions the frictional part calls. */
export const FRICTION_NEEDS = ['restitution', 'slipJacobian', 'slipRates', 'friction', 'frictionPhase'] as const;

/** Whether a model's driver takes the frictional path: some contact has a Coulomb law. */
export const hasCoulomb = (sys: DerivedSystem): boolean => sys.model.unilateral.some((u) => u.friction !== undefined);

/** Per contact its law (0 frictionless, 1 Coulomb, 2 'stick'), first slip row and number of slip rows; the slip rows in all. */
function laws(sys: DerivedSystem): { law: number[]; row: number[]; rows: number[]; ms: number } {
  const info = contactInfo(sys);
  const rows = info.map((u) => u.slip);
  return {
    law: info.map((u, j) => (u.friction ? 1 : lawSticks(sys.model.unilateral[j]!.law) ? 2 : 0)),
    row: rows.map((_, j) => rows.slice(0, j).reduce((a, b) => a + b, 0)),
    rows,
    ms: rows.reduce((a, b) => a + b, 0),
  };
}

/** The tables, the phase's state and ẋ in it (before RK4). */
export function frictionField(sys: DerivedSystem, P: string): string {
  const { law, row, rows, ms } = laws(sys);
  return `
/* friction_phase's codes; a slide's d is its code. Modes tried at one event before the run stops. */
enum { OPEN = ${OPEN}, HOLD = ${HOLD}, STICK = ${STICK}, MS = ${ms}, OUT = N + M + MS + 1, GUARDS = 3 * M, MAX_MODE_COMBINATIONS = ${MAX_MODE_COMBINATIONS} };
/* Reaction rows at most: the normals and every slip row. */
enum { RR = M + MS };
enum { FRICTIONLESS = 0, COULOMB = 1 };
/* Per contact: its law (0 frictionless, 1 Coulomb, 2 'stick'), its first slip row, its number of slip rows. */
static const int law[M] = {${law.join(', ')}};
static const int slip_row[M] = {${row.join(', ')}};
static const int slip_rows[M] = {${rows.join(', ')}};

/* Each contact's code in the phase (held[j]: code not OPEN), and [μ_kinetic, μ_static] per contact. */
static double mode[M];
static double mu[2 * M];
/* Slip rows the next phase starts on (its contacts at rest in their tangent), and their ṡ: 0, or εd sliding away. */
static int target[MS];
static double target_value[MS];
/* Out of friction_phase: q̈, σ̇ per contact, τ per slip row, the reaction matrix's determinant. */
static double phase_out[OUT];
/* ê = ṡ/|ṡ| of the spatial slides at the step's start, and which of them are slow there (aimed: aim_slow_slides). */
static double slip_dir[MS];
static int slow_start[M];

/* The phase of the modes, its slow spatial slides aimed (below). */
static void phase(double t, const double *x, double *out);

${heldField(P, 'phase(t, x, phase_out)', 'phase_out', 'friction_phase in the modes')}`;
}

/** The guards of the frictional driver: σ̇ and the tangential guard of held contacts, the gaps of open ones. */
export const frictionGuards = (P: string): string => `
/* The tests of one contact's mode, printed from the IR the runtime's are (src/numeric/mode-admissibility.ts). */
${printCFunctions(FRICTION_TESTS).join('\n')}

${dependentReactions(P)}

/* |ṡ_j|, contact j's slip speed (Euclidean over its slip rows) among the rates. */
static double slip_speed(int j, const double *rates) {
  double v = 0.0;
  for (int r = slip_row[j]; r < slip_row[j] + slip_rows[j]; r++) v += rates[r] * rates[r];
  return sqrt(v);
}

/*
 * Guard j < M watched: a held contact, or an open one awake; guard M + j: held Coulomb contact j's tangent; guard 2M + j:
 * contact j's slide, slow at the step's start.
 */
static int watched(int j) {
  return j < M ? held[j] || !dormant[j] : j < 2 * M ? held[j - M] && law[j - M] == COULOMB : slow_start[j - 2 * M];
}

/* Whether held contact j slides spatially with friction (two slip rows, μk > 0). */
static int spatial_slide(int j) {
  return held[j] && law[j] == COULOMB && slip_rows[j] == 2 && mode[j] != STICK && mu[2 * j] > 0.0;
}

/*
 * Whether guard j only ends the step, no event: a slow slide speeding past REST_VELOCITY, where the phase stops
 * aiming it (aim_slow_slides); a fixed step over that switch of the field would be first order (the box breaking
 * away at μ = 0.5 struck its second corner 6e-4 s early at h = 1e-3, 5.4e-6 s at 1e-5).
 */
static int breakpoint(int j) {
  return j >= 2 * M;
}

/*
 * ê = ṡ/|ṡ| of the spatial slides at (t, x), the start of a step: their guard is ṡ·ê, which a slide that stops or turns
 * back crosses; and the slides slow there.
 */
static void aim_slips(double t, const double *x) {
  double s[MS > 0 ? MS : 1];
  int any = 0;
  for (int j = 0; j < M; j++) {
    slow_start[j] = 0;
    any = any || (held[j] && law[j] == COULOMB && slip_rows[j] > 1 && mode[j] != STICK);
  }
  if (!any) return;
  ${P}_slip_rates(t, x, x + N, p, s);
  for (int j = 0; j < M; j++) {
    if (!held[j] || law[j] != COULOMB || slip_rows[j] < 2 || mode[j] == STICK) continue;
    double speed = 0.0;
    for (int r = slip_row[j]; r < slip_row[j] + slip_rows[j]; r++) speed += s[r] * s[r];
    speed = sqrt(speed);
    slow_start[j] = mu[2 * j] > 0.0 && speed <= REST_VELOCITY;
    if (!(speed > 0.0)) continue;
    for (int r = slip_row[j]; r < slip_row[j] + slip_rows[j]; r++) slip_dir[r] = s[r] / speed;
  }
}

/*
 * Guard j at (t, x): for j < M, σ̇ of contact j while it is held, else its gap; for M + j, contact j's tangent:
 * sticking, μs σ̇ − |τ| (its force reaches the cone's edge), sliding, d ṡ (it stops; spatial, ṡ·ê); for 2M + j,
 * REST_VELOCITY − |ṡ_j|.
 */
static double guard(int j, double t, const double *x) {
  double g[M], s[MS], v = 0.0;
  int c = j < M ? j : j - M;
  if (j >= 2 * M) {
    ${P}_slip_rates(t, x, x + N, p, s);
    return REST_VELOCITY - slip_speed(j - 2 * M, s);
  }
  if (j < M && !held[j]) {
    ${P}_gaps(t, x, p, g);
    return g[j];
  }
  phase(t, x, phase_out);
  if (j < M) return phase_out[N + c];
  if (mode[c] == STICK) return mu[2 * c + 1] * phase_out[N + c] - stickForce(N, M, slip_row[c], slip_rows[c], phase_out);
  ${P}_slip_rates(t, x, x + N, p, s);
  if (slip_rows[c] == 1) return mode[c] * s[slip_row[c]];
  for (int r = slip_row[c]; r < slip_row[c] + slip_rows[c]; r++) v += slip_dir[r] * s[r];
  return v;
}`;

/** The slip rows a phase starts at rest on, for the projection's velocity pass. */
export const slipTargets = (P: string): string => `
/* The rows of the slip rows in target into J and their velocities off the targets' into r; how many. */
static int slip_targets(double t, const double *x, double *J, double *r) {
  double S[MS * N], s[MS];
  int c = 0;
  ${P}_slip_jacobian(t, x, p, S);
  ${P}_slip_rates(t, x, x + N, p, s);
  for (int row = 0; row < MS; row++) {
    if (!target[row]) continue;
    for (int i = 0; i < N; i++) J[c * N + i] = S[row * N + i];
    r[c++] = s[row] - target_value[row];
  }
  return c;
}`;

/** The choice of the modes at an event, from the candidates (closed, at rest in the normal). */
export const chooseModes = (P: string): string => `

/* A spatial contact sliding away from rest starts at ṡ = εd, ε this fraction of REST_VELOCITY (friction-modes.ts's BREAKAWAY_FRACTION). */
static const double BREAKAWAY_FRACTION = ${numberLiteral(BREAKAWAY_FRACTION)};

/*
 * Into xs: x with q̇ changed by the least kinetic energy so that the held contacts of modes keep their gap rates and
 * the slip rows marked in shifted take their value (the runtime's shiftRates: M Δq̇ = Rᵀσ); 0 where that fails.
 */
static int shift_rates(double t, const double *x, const double *modes, const int *shifted, const double *value, double *xs) {
  double mm[N * N], G[M * N], S[MS * N], s[MS], J[K_MAX * N], w[K_MAX][N], A[K_MAX * K_MAX], r[K_MAX], z[K_MAX], size = 0.0;
  int set[M], c = 0, col[K_MAX];
  for (int j = 0; j < M; j++) set[j] = modes[j] != OPEN;
  if (!metric(t, x, set, mm)) return 0;
  ${P}_gap_jacobian(t, x, p, G);
  ${P}_slip_jacobian(t, x, p, S);
  ${P}_slip_rates(t, x, x + N, p, s);
  for (int j = 0; j < M; j++) {
    if (!set[j]) continue;
    for (int i = 0; i < N; i++) J[c * N + i] = G[j * N + i];
    r[c++] = 0.0;
  }
  for (int row = 0; row < MS; row++) {
    if (!shifted[row]) continue;
    for (int i = 0; i < N; i++) J[c * N + i] = S[row * N + i];
    r[c++] = value[row] - s[row];
  }
  for (int a = 0; a < c; a++) {
    double terms = fabs(r[a]);
    for (int i = 0; i < N; i++) {
      w[a][i] = J[a * N + i];
      terms += fabs(J[a * N + i] * x[N + i]);
    }
    size = fmax(size, terms);
    ${P}_mass_solve(mm, w[a], 0);
  }
  for (int a = 0; a < c; a++)
    for (int b = 0; b < c; b++) {
      A[a * c + b] = 0.0;
      for (int i = 0; i < N; i++) A[a * c + b] += J[a * N + i] * w[b][i];
    }
  if (!pivotedSolve(c, A, r, z, size, col)) return 0;
  for (int i = 0; i < 2 * N; i++) xs[i] = x[i];
  for (int a = 0; a < c; a++)
    for (int i = 0; i < N; i++) xs[N + i] += w[a][i] * z[a];
  return 1;
}

/*
 * Whether the modes are admissible for the candidates idx (k of them), their phase into out: held, σ̇ > 0; open,
 * g̈ ≥ 0 (g̈_j = G_j (q̈ − q̈_j), q̈_j with j held alone); sticking, |τ| ≤ μs σ̇; sliding from ṡ = 0, only where
 * sticking would leave the cone (or at the edge just crossed, \`leaving\`, opposite to τ) and with s̈ d > 0, a spatial
 * slide evaluated from ṡ = εd (d = −τ/|τ|) as the runtime does: *breakaway then says so, and shifted and value (MS) mark
 * the slip rows of those slides and their εd, the velocity their phase starts from.
 */
static int admissible(double t, const double *x, const int *idx, int k, const double *modes, int leaving, const double *G,
                      const double *S, const double *rates, double alone[][N], double *out, int *breakaway, int *shifted, double *value) {
  int from_rest[M];
  /* d zeroed: gcc -O2 cannot tell that the k entries the tests read are set. */
  double trial[M], stick[OUT], d[2 * M] = {0.0}, skew[M] = {0.0}, xs[2 * N], slip[MS > 0 ? MS : 1], acc[2];
  *breakaway = 0;
  for (int r = 0; r < MS; r++) {
    shifted[r] = 0;
    value[r] = 0.0;
  }
  /* A planar slide's direction is its code; a spatial one's, ṡ/|ṡ| in friction_phase. */
  for (int a = 0; a < k; a++) {
    int j = idx[a];
    d[2 * a] = modes[j];
    from_rest[a] = law[j] == COULOMB && modes[j] != OPEN && modes[j] != STICK && slip_speed(j, rates) <= REST_VELOCITY;
    if (!from_rest[a]) continue;
    for (int i = 0; i < M; i++) trial[i] = i == j ? STICK : modes[i];
    evaluate(t, x, trial, stick);
    if (!slideFromRest(N, M, j, slip_row[j], slip_rows[j], mu[2 * j + 1], modes[j], j == leaving, stick, &d[2 * a])) return 0;
    if (slip_rows[j] == 1) {
      d[2 * a] = modes[j];
      continue;
    }
    *breakaway = 1;
    for (int r = 0; r < slip_rows[j]; r++) {
      shifted[slip_row[j] + r] = 1;
      value[slip_row[j] + r] = BREAKAWAY_FRACTION * REST_VELOCITY * d[2 * a + r];
    }
  }
  if (*breakaway) {
    if (!shift_rates(t, x, modes, shifted, value, xs)) return 0;
    /* How far ṡ/|ṡ| at ṡ = εd, the friction's direction, is from d: rounding of ṡ at ε. */
    ${P}_slip_rates(t, xs, xs + N, p, slip);
    for (int a = 0; a < k; a++) {
      int j = idx[a];
      if (!from_rest[a] || slip_rows[j] < 2) continue;
      double speed = slip_speed(j, slip), off = 0.0;
      for (int r = 0; r < slip_rows[j]; r++) off += pow(slip[slip_row[j] + r] / speed - d[2 * a + r], 2);
      skew[a] = sqrt(off);
    }
  }
  evaluate(t, *breakaway ? xs : x, modes, out);
  for (int i = 0; i < N; i++)
    if (!isfinite(out[i])) return 0;
  for (int a = 0; a < k; a++) {
    int j = idx[a];
    if (!contactAdmissible(N, M, j, modes[j], law[j] == COULOMB, mu[2 * j + 1], slip_row[j], slip_rows[j], out, G, S, &d[2 * a], from_rest[a],
                           j == leaving, skew[a], alone[a], acc))
      return 0;
  }
  return 1;
}

${slowSlides(P)}

/*
 * The phase of the current modes at (t, x) into out: the spatial slides slow at the step's start aimed
 * (aim_slow_slides), as the runtime's. Any other spatial slide that is slow (|ṡ| ≤ REST_VELOCITY) or has turned back
 * on the step (ṡ·ê ≤ 0) is evaluated at q̇ with its ṡ at least ε fast and, turned back, reversed, the held gap rates
 * kept: a slide stopping within the step, whose stop its guard ṡ·ê locates (there ±ṡ/|ṡ| is the consistent direction);
 * without the reversal a fixed RK4 step over the stop flips the friction on its later stages and steps over the guard
 * (a box's spin on four corners went on at ω = 0.0099 for ever). ±ṡ, not |ṡ| ê: four corners turned within the step
 * no longer slip along their ê as one rigid motion, and the shift has no solution (the stop then came 1.7e-7 s late).
 */
static void phase(double t, const double *x, double *out) {
  double s[MS], value[MS], xs[2 * N];
  int shifted[MS], any = 0;
  if (aim_slow_slides(t, x, xs)) {
    evaluate(t, xs, mode, out);
    return;
  }
  for (int r = 0; r < MS; r++) shifted[r] = 0;
  for (int j = 0; j < M; j++) any = any || spatial_slide(j);
  if (any) {
    any = 0;
    ${P}_slip_rates(t, x, x + N, p, s);
    for (int j = 0; j < M; j++) {
      if (!spatial_slide(j)) continue;
      double speed = slip_speed(j, s), along = 0.0;
      for (int r = slip_row[j]; r < slip_row[j] + slip_rows[j]; r++) along += slip_dir[r] * s[r];
      if (speed > REST_VELOCITY && along > 0.0) continue;
      any = 1;
      /* Along ±ṡ (− where it turned back), ê at ṡ = 0, at least ε fast. */
      double scale = fmax(speed, BREAKAWAY_FRACTION * REST_VELOCITY) / speed * (along > 0.0 ? 1.0 : -1.0);
      for (int r = slip_row[j]; r < slip_row[j] + slip_rows[j]; r++) {
        shifted[r] = 1;
        value[r] = speed > 0.0 ? scale * s[r] : BREAKAWAY_FRACTION * REST_VELOCITY * slip_dir[r];
      }
    }
  }
  evaluate(t, any && shift_rates(t, x, mode, shifted, value, xs) ? xs : x, mode, out);
}

/*
 * The modes among the candidates: every combination of their codes, most contacts held first, the first admissible
 * one whose determinant is positive where it slides (smirnov1981 §3: the realized mode keeps the frictionless sign);
 * stops where there is none, or several with different q̈. \`leaving\` (−1: none) just reached its cone's edge.
 */
static void choose_modes(double t, const double *x, const int *candidate, int leaving) {
  int idx[M], k = 0, options[M][4], count[M], found = 0, breakaway, shifted[MS], chosen_shifted[MS] = {0};
  long combinations = 1;
  double G[M * N], S[MS * N], rates[MS], alone[M][N], modes[M], out[OUT], chosen[N] = {0.0}, value[MS], chosen_value[MS] = {0.0};
  ${P}_friction(t, p, mu);
  ${P}_gap_jacobian(t, x, p, G);
  ${P}_slip_jacobian(t, x, p, S);
  ${P}_slip_rates(t, x, x + N, p, rates);
  for (int j = 0; j < M; j++)
    if (candidate[j]) idx[k++] = j;
  for (int a = 0; a < k; a++) {
    int j = idx[a];
    for (int i = 0; i < M; i++) modes[i] = OPEN;
    modes[j] = law[j] == FRICTIONLESS ? HOLD : STICK;
    evaluate(t, x, modes, out);
    for (int i = 0; i < N; i++) alone[a][i] = out[i];
    count[a] = 0;
    options[a][count[a]++] = OPEN;
    if (law[j] != COULOMB)
      options[a][count[a]++] = (int)modes[j];
    else if (slip_speed(j, rates) > REST_VELOCITY)
      options[a][count[a]++] = slip_rows[j] > 1 || rates[slip_row[j]] > 0.0 ? 1 : -1;
    else {
      if (j != leaving) options[a][count[a]++] = STICK;
      options[a][count[a]++] = 1;
      if (slip_rows[j] == 1) options[a][count[a]++] = -1;
    }
    combinations *= count[a];
    if (combinations > MAX_MODE_COMBINATIONS) stop(t, "too-many-modes", candidate);
  }
  for (int size = k; size >= 0; size--)
    for (long c = 0; c < combinations; c++) {
      long rest = c;
      int size_c = 0, sliding = 0;
      for (int i = 0; i < M; i++) modes[i] = OPEN;
      for (int a = 0; a < k; a++) {
        modes[idx[a]] = options[a][rest % count[a]];
        rest /= count[a];
        size_c += modes[idx[a]] != OPEN;
      }
      if (size_c != size || !admissible(t, x, idx, k, modes, leaving, G, S, rates, alone, out, &breakaway, shifted, value)) continue;
      for (int a = 0; a < k; a++) {
        int j = idx[a];
        sliding = sliding || (law[j] == COULOMB && modes[j] != OPEN && modes[j] != STICK && mu[2 * j] > 0.0);
      }
      if (sliding && !(out[N + M + MS] > 0.0)) continue;
      if (!found) {
        found = 1;
        for (int j = 0; j < M; j++) mode[j] = modes[j];
        for (int i = 0; i < N; i++) chosen[i] = out[i];
        for (int r = 0; r < MS; r++) {
          chosen_shifted[r] = breakaway && shifted[r];
          chosen_value[r] = value[r];
        }
        continue;
      }
      if (motionsDiffer(N, out, chosen)) stop(t, "ambiguous-contact-mode", candidate);
    }
  /* No mode where M is singular: q̈ is undefined in each (the runtime names it so). */
  if (!found) stop(t, mass_singular(t, x) ? "singular-mass-matrix" : "contact-inconsistent", candidate);
  /* Contacts at rest in their tangent start at rest, or a spatial one sliding away at ṡ = εd (then aimed: aim_slow_slides). */
  for (int r = 0; r < MS; r++) target[r] = 0;
  for (int j = 0; j < M; j++) {
    held[j] = mode[j] != OPEN;
    if (!held[j] || slip_rows[j] == 0 || slip_speed(j, rates) > REST_VELOCITY) continue;
    for (int r = slip_row[j]; r < slip_row[j] + slip_rows[j]; r++) {
      target[r] = 1;
      target_value[r] = chosen_shifted[r] ? chosen_value[r] : 0.0;
    }
  }
}

/* The Coulomb contacts in the set that start to stick (\`to\` STICK), or to slide, against the modes before. */
static void print_modes(double t, const char *kind, const double *before, int to) {
  int which[M], any = 0;
  for (int j = 0; j < M; j++) {
    which[j] = law[j] == COULOMB && mode[j] != before[j] && (to == STICK ? mode[j] == STICK : mode[j] != OPEN && mode[j] != STICK);
    any = any || which[j];
  }
  if (!any) return;
  printf("# %s t=%.17g", kind, t);
  print_contacts("contacts", which);
  printf("\\n");
}`;
