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
// printed from their IR (solvers/mode-admissibility.ts). Planar Coulomb
// contacts only: a spatial one held stops the run ('spatial-friction'; one
// struck is c-driver-impact.ts's). The impacts are c-driver-impact.ts's. Where Painlevé
// modes (determinant ≤ 0) were
// admissible besides the one chosen, the runtime records an 'indeterminate'
// event; the driver prints none.
// Tests: test/codegen/c-driver.test.ts, test/codegen/c-driver-friction.test.ts (the one source).
import type { DerivedSystem } from '../derive/system.js';
import { HOLD, MAX_MODE_COMBINATIONS, OPEN, STICK } from '../runtime/contact/friction-modes.js';
import { heldField } from './c-driver-field.js';
import { contactInfo } from './contacts.js';
import { lawSticks } from './impact-laws.js';
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
enum { OPEN = ${OPEN}, HOLD = ${HOLD}, STICK = ${STICK}, MS = ${ms}, OUT = N + M + MS + 1, GUARDS = 2 * M, MAX_MODE_COMBINATIONS = ${MAX_MODE_COMBINATIONS} };
enum { FRICTIONLESS = 0, COULOMB = 1 };
/* Per contact: its law (0 frictionless, 1 Coulomb, 2 'stick'), its first slip row, its number of slip rows. */
static const int law[M] = {${law.join(', ')}};
static const int slip_row[M] = {${row.join(', ')}};
static const int slip_rows[M] = {${rows.join(', ')}};

/* Each contact's code in the phase (held[j]: code not OPEN), and [μ_kinetic, μ_static] per contact. */
static double mode[M];
static double mu[2 * M];
/* Slip rows the next phase starts at rest on (its contacts at rest in their tangent). */
static int target[MS];
/* Out of friction_phase: q̈, σ̇ per contact, τ per slip row, the reaction matrix's determinant. */
static double phase_out[OUT];

${heldField(P, `${P}_friction_phase(t, x, x + N, p, mode, phase_out)`, 'phase_out', 'friction_phase in the modes')}`;
}

/** The guards of the frictional driver: σ̇ and the tangential guard of held contacts, the gaps of open ones. */
export const frictionGuards = (P: string): string => `
/* Guard j < M watched: a held contact, or an open one awake; guard M + j: held Coulomb contact j's tangent. */
static int watched(int j) {
  return j < M ? held[j] || !dormant[j] : held[j - M] && law[j - M] == COULOMB;
}

/*
 * Guard j at (t, x): for j < M, σ̇ of contact j while it is held, else its gap; for M + j, contact j's tangent:
 * sticking, μs σ̇ − |τ| (its force reaches the cone's edge), sliding, d ṡ (it stops).
 */
static double guard(int j, double t, const double *x) {
  double g[M], s[MS];
  int c = j < M ? j : j - M;
  if (j < M && !held[j]) {
    ${P}_gaps(t, x, p, g);
    return g[j];
  }
  ${P}_friction_phase(t, x, x + N, p, mode, phase_out);
  if (j < M) return phase_out[N + c];
  if (mode[c] == STICK) return mu[2 * c + 1] * phase_out[N + c] - fabs(phase_out[N + M + slip_row[c]]);
  ${P}_slip_rates(t, x, x + N, p, s);
  return mode[c] * s[slip_row[c]];
}`;

/** The slip rows a phase starts at rest on, for the projection's velocity pass. */
export const slipTargets = (P: string): string => `
/* The rows of the slip rows in target into J and their velocities into r; how many. */
static int slip_targets(double t, const double *x, double *J, double *r) {
  double S[MS * N], s[MS];
  int c = 0;
  ${P}_slip_jacobian(t, x, p, S);
  ${P}_slip_rates(t, x, x + N, p, s);
  for (int row = 0; row < MS; row++) {
    if (!target[row]) continue;
    for (int i = 0; i < N; i++) J[c * N + i] = S[row * N + i];
    r[c++] = s[row];
  }
  return c;
}`;

/** The choice of the modes at an event, from the candidates (closed, at rest in the normal). */
export const chooseModes = (P: string): string => `
/* The tests of one contact's mode, printed from the IR the runtime's are (src/numeric/mode-admissibility.ts). */
${printCFunctions(FRICTION_TESTS).join('\n')}

/*
 * Whether the modes are admissible for the candidates idx (k of them), their phase into out: held, σ̇ > 0; open,
 * g̈ ≥ 0 (g̈_j = G_j (q̈ − q̈_j), q̈_j with j held alone); sticking, |τ| ≤ μs σ̇; sliding from ṡ = 0, only where
 * sticking would leave the cone (or at the edge just crossed, \`leaving\`, opposite to τ) and with s̈ d > 0.
 */
static int admissible(double t, const double *x, const int *idx, int k, const double *modes, int leaving, const double *G,
                      const double *S, const double *rates, double alone[][N], double *out) {
  int from_rest[M];
  /* d zeroed: gcc -O2 cannot tell that the k entries the tests read are set. */
  double trial[M], stick[OUT], d[M] = {0.0}, dir, acc[2];
  /* Planar contacts only (choose_modes stops on a spatial one): one slip row, a slide's direction its code. */
  for (int a = 0; a < k; a++) {
    int j = idx[a];
    d[a] = modes[j];
    from_rest[a] = law[j] == COULOMB && modes[j] != OPEN && modes[j] != STICK && fabs(rates[slip_row[j]]) <= REST_VELOCITY;
    if (!from_rest[a]) continue;
    for (int i = 0; i < M; i++) trial[i] = i == j ? STICK : modes[i];
    ${P}_friction_phase(t, x, x + N, p, trial, stick);
    if (!slideFromRest(N, M, j, slip_row[j], 1, mu[2 * j + 1], modes[j], j == leaving, stick, &dir)) return 0;
  }
  ${P}_friction_phase(t, x, x + N, p, modes, out);
  for (int i = 0; i < N; i++)
    if (!isfinite(out[i])) return 0;
  for (int a = 0; a < k; a++) {
    int j = idx[a];
    if (!contactAdmissible(N, M, j, modes[j], law[j] == COULOMB, mu[2 * j + 1], slip_row[j], slip_rows[j], out, G, S, &d[a], from_rest[a],
                           j == leaving, 0.0, alone[a], acc))
      return 0;
  }
  return 1;
}

/*
 * The modes among the candidates: every combination of their codes, most contacts held first, the first admissible
 * one whose determinant is positive where it slides (smirnov1981 §3: the realized mode keeps the frictionless sign);
 * stops where there is none, or several with different q̈. \`leaving\` (−1: none) just reached its cone's edge.
 */
static void choose_modes(double t, const double *x, const int *candidate, int leaving) {
  int idx[M], k = 0, options[M][4], count[M], found = 0;
  long combinations = 1;
  double G[M * N], S[MS * N], rates[MS], alone[M][N], modes[M], out[OUT], chosen[N] = {0.0};
  ${P}_friction(t, p, mu);
  ${P}_gap_jacobian(t, x, p, G);
  ${P}_slip_jacobian(t, x, p, S);
  ${P}_slip_rates(t, x, x + N, p, rates);
  for (int j = 0; j < M; j++)
    if (candidate[j]) idx[k++] = j;
  for (int a = 0; a < k; a++) {
    int j = idx[a];
    if (law[j] == COULOMB && slip_rows[j] > 1) stop(t, "spatial-friction", candidate);
    for (int i = 0; i < M; i++) modes[i] = OPEN;
    modes[j] = law[j] == FRICTIONLESS ? HOLD : STICK;
    ${P}_friction_phase(t, x, x + N, p, modes, out);
    for (int i = 0; i < N; i++) alone[a][i] = out[i];
    count[a] = 0;
    options[a][count[a]++] = OPEN;
    if (law[j] != COULOMB)
      options[a][count[a]++] = (int)modes[j];
    else if (fabs(rates[slip_row[j]]) > REST_VELOCITY)
      options[a][count[a]++] = rates[slip_row[j]] > 0.0 ? 1 : -1;
    else {
      if (j != leaving) options[a][count[a]++] = STICK;
      options[a][count[a]++] = 1;
      options[a][count[a]++] = -1;
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
      if (size_c != size || !admissible(t, x, idx, k, modes, leaving, G, S, rates, alone, out)) continue;
      for (int a = 0; a < k; a++) {
        int j = idx[a];
        sliding = sliding || (law[j] == COULOMB && modes[j] != OPEN && modes[j] != STICK && mu[2 * j] > 0.0);
      }
      if (sliding && !(out[N + M + MS] > 0.0)) continue;
      if (!found) {
        found = 1;
        for (int j = 0; j < M; j++) mode[j] = modes[j];
        for (int i = 0; i < N; i++) chosen[i] = out[i];
        continue;
      }
      if (motionsDiffer(N, out, chosen)) stop(t, "ambiguous-contact-mode", candidate);
    }
  if (!found) stop(t, "contact-inconsistent", candidate);
  for (int r = 0; r < MS; r++) target[r] = 0;
  for (int j = 0; j < M; j++) {
    held[j] = mode[j] != OPEN;
    if (!held[j] || slip_rows[j] == 0 || fabs(rates[slip_row[j]]) > REST_VELOCITY) continue;
    for (int r = 0; r < slip_rows[j]; r++) target[slip_row[j] + r] = 1;
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
