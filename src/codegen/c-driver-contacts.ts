// The part of a C driver (c-driver.ts) a model with contacts adds: the
// contact phase (held and dormant contacts, ẋ by contact_accelerations),
// the guards and their location, the impact map while closed contacts
// approach, the choice of the held set and the projection onto it, all as
// the TypeScript runtime's event-driven run does them
// (src/runtime/hybrid/hybrid.ts; kugushev2002 (8.13), §9), and the event
// lines it prints. The held set's tests are the runtime's, printed from
// their IR (solvers/mode-admissibility.ts). With Coulomb friction the
// phase, the tangential guards and the choice of the modes are
// c-driver-friction.ts's.
// Tests: test/codegen/c-driver.test.ts, test/codegen/c-driver-friction.test.ts.
import type { DerivedSystem } from '../derive/system.js';
import { CONTACT_DEFAULTS } from '../runtime/hybrid/hybrid.js';
import type { Decl } from './ir.js';
import { chooseModes, FRICTION_NEEDS, frictionField, frictionGuards, hasCoulomb, slipTargets } from './c-driver-friction.js';
import { heldField } from './c-driver-field.js';
import { frictionalImpact } from './c-driver-impact.js';
import { cascadeCode } from './c-driver-zeno.js';
import { contactInfo } from './contacts.js';
import { lawSticks } from './impact-laws.js';
import { numberLiteral } from './js-expr.js';
import { cString, printCFunctions } from './print-c.js';
import { pivotedSolve } from './solvers/frictional-impact.js';
import { FRICTIONLESS_TESTS } from './solvers/mode-admissibility.js';
import { ImpactModeStatus } from './solvers/impact-modes.js';
import { CONTACT_EVENT_RULES } from './solvers/contact-events.js';

/** The module's functions the contact part calls (slip_jacobian where a contact sticks: its tangent pins the projection's metric). */
export function contactNeeds(sys: DerivedSystem): string[] {
  const needs = ['massMatrix', 'massFactor', 'massSolve', 'gaps', 'gapRates', 'gapJacobian', 'contactAccelerations'];
  if (hasCoulomb(sys)) return [...needs, ...FRICTION_NEEDS];
  return stickRows(sys).some((r) => r >= 0) ? [...needs, 'impact', 'slipJacobian'] : [...needs, 'impact'];
}

/** Per contact, the row of its tangent in slip_jacobian where its law sticks, else −1. */
function stickRows(sys: DerivedSystem): number[] {
  const info = contactInfo(sys);
  return info.map((u, j) => (lawSticks(sys.model.unilateral[j]!.law) && u.slip > 0 ? info.slice(0, j).reduce((r, v) => r + v.slip, 0) : -1));
}

/**
 * The C of the contact part for the module with prefix P: `field` (the contact phase's state and ẋ, before RK4)
 * and `events` (after it, which they call). `activation`: the module has contact_activation.
 */
export function contactCode(sys: DerivedSystem, P: string, activation: boolean): { readonly field: string; readonly events: string } {
  const info = contactInfo(sys);
  const friction = hasCoulomb(sys);
  const rows = stickRows(sys);
  const stick = rows.some((r) => r >= 0) ? { rows, count: info.reduce((r, u) => r + u.slip, 0) } : undefined;
  return {
    field: [
      contactPart(
        P,
        activation,
        info.map((u) => u.activation?.strict ?? false),
        friction,
      ),
      friction ? frictionField(sys, P) : FIELD(P),
    ].join('\n'),
    events: [
      REPORTS(P),
      RULES,
      ...(friction ? [slipTargets(P)] : []),
      PROJECTION(P, stick, friction),
      cascadeCode(P),
      friction ? frictionGuards(P) : GUARDS(P),
      EVENTS(P, friction),
      friction ? chooseModes(P) : CHOOSE_HELD(P),
      ...(friction ? [frictionalImpact(P)] : []),
      RESOLVE(P, friction),
    ].join('\n'),
  };
}

/** The statuses of the impact map, in the order of its C enum (its values as TypeScript's ImpactStatus spells them). */
const IMPACT_STATUSES: readonly string[] = (ImpactModeStatus as { type: { values: readonly string[] } }).type.values;

/** The contacts' tables, the state of the contact phase, and ẋ in it. */
function contactPart(P: string, activation: boolean, strict: readonly boolean[], friction: boolean): string {
  return `
/* Below these a gap counts as closed and an approach speed as rest: the runtime's defaults (hybrid.ts CONTACT_DEFAULTS). */
static const double GAP_TOL = ${numberLiteral(CONTACT_DEFAULTS.gapTol)};
static const double REST_VELOCITY = ${numberLiteral(CONTACT_DEFAULTS.restVelocity)};
/* Event location: the crossing's time to this, in seconds. */
static const double TIME_TOL = 1e-12;
/* Impacts at one instant, and events without a whole step between them, before the run stops. */
enum { MAX_IMPACTS = 32, MAX_EVENTS_IN_A_ROW = 1000, MAX_CANDIDATES = 12 };
${friction ? '' : `\nstatic const char *const impact_statuses[] = {${IMPACT_STATUSES.map((s) => cString(s)).join(', ')}};`}
${
  activation
    ? `/* Per contact: its activation condition holds where the value is > 0 (strict) or ≥ 0. */
static const int strict[M] = {${strict.map((s) => (s ? 1 : 0)).join(', ')}};`
    : ''
}

/* Contacts held closed (g = 0 kept by the phase), and contacts that reached their surface where their
   activation condition failed: they pass through and are not watched until their gap is positive again. */
static int held[M];
static int dormant[M];

/* Whether M is not positive definite at (t, x): q̈ is undefined there. */
static int mass_singular(double t, const double *x) {
  double mm[N * N];
  ${P}_mass_matrix(t, x, p, mm);
  return !${P}_mass_factor(mm);
}

/* Whether contact j's activation condition holds at (t, x). */
static int admits(int j, double t, const double *x) {
${
  activation
    ? `  double a[M];
  ${P}_contact_activation(t, x, x + N, p, a);
  return strict[j] ? a[j] > 0.0 : a[j] >= 0.0;`
    : `  (void)j;
  (void)t;
  (void)x;
  return 1;`
}
}`;
}

/** The frictionless phase: its state and ẋ in it. */
const FIELD = (P: string): string => `
enum { GUARDS = M };
/* Out of contact_accelerations: q̈, σ̇ of the held normals and tangent rows (≤ 3 per contact), the retaining λ (< n). */
static double acc[2 * N + 3 * M];

${heldField(P, `${P}_contact_accelerations(t, x, x + N, p, held, acc)`, 'acc', 'contact_accelerations')}`;

/** The rules of an event: closed, approaching and resting contacts, the gaps' sinks, a cascade's sum. */
const RULES = `
/* The rules of an event, printed from the IR the runtime's are (src/numeric/contact-events.ts). */
${printCFunctions(CONTACT_EVENT_RULES).join('\n')}`;

/** How events and stops are printed. */
const REPORTS = (P: string): string => `
static void print_list(const char *key, const double *v, int k) {
  printf(" %s=", key);
  for (int i = 0; i < k; i++) printf("%s%.17g", i ? "," : "", v[i]);
}

static void print_contacts(const char *key, const int *which) {
  int first = 1;
  printf(" %s=", key);
  for (int j = 0; j < M; j++)
    if (which[j]) {
      printf("%s%s", first ? "" : ",", ${P}_contacts[j]);
      first = 0;
    }
}

/* The run cannot go on: say why, where, and with which contacts. */
static void stop(double t, const char *reason, const int *contacts) {
  printf("# stop t=%.17g reason=%s", t, reason);
  print_contacts("contacts", contacts);
  printf("\\n");
  exit(2);
}`;

/** The projection onto the held contacts; `stick` gives the slip rows of stick contacts (−1: none), which pin the metric too. */
const PROJECTION = (P: string, stick: { rows: readonly number[]; count: number } | undefined, friction: boolean): string => `
/* The rows that pin the contacts of set: their normals${stick ? ', and the tangent of a contact that sticks' : ''}. */
static int pinning_rows(double t, const double *x, const int *set, double *R) {
  int r = 0;
  double G[M * N]${stick ? `, S[${stick.count} * N]` : ''};
  ${P}_gap_jacobian(t, x, p, G);${
    stick
      ? `
  /* Per contact, its tangent's row in slip_jacobian when it sticks (−1: none). */
  static const int stick_row[M] = {${stick.rows.join(', ')}};
  ${P}_slip_jacobian(t, x, p, S);`
      : ''
  }
  for (int j = 0; j < M; j++) {
    if (!set[j]) continue;
    for (int i = 0; i < N; i++) R[r * N + i] = G[j * N + i];
    r++;${
      stick
        ? `
    if (stick_row[j] < 0) continue;
    for (int i = 0; i < N; i++) R[r * N + i] = S[stick_row[j] * N + i];
    r++;`
        : ''
    }
  }
  return r;
}

/*
 * The Cholesky factor of the kinetic metric M into mm, or where M alone is singular (no inertia in some direction)
 * of M + ρRᵀR, R the rows pinning the held contacts, ρ = max Mᵢᵢ / max |Rᵢⱼ|² (as the runtime's projection);
 * 0 when neither is positive definite.
 */
static int metric(double t, const double *x, const int *set, double *mm) {
  double R[2 * M * N], mass = 0.0, row = 0.0;
  ${P}_mass_matrix(t, x, p, mm);
  if (${P}_mass_factor(mm)) return 1;
  int r = pinning_rows(t, x, set, R);
  ${P}_mass_matrix(t, x, p, mm);
  for (int i = 0; i < N; i++) mass = fmax(mass, fabs(mm[i * N + i]));
  for (int i = 0; i < r * N; i++) row = fmax(row, fabs(R[i]));
  double rho = mass > 0.0 && row > 0.0 ? mass / (row * row) : 1.0;
  for (int k = 0; k < r; k++)
    for (int a = 0; a < N; a++)
      for (int b = 0; b < N; b++) mm[a * N + b] += rho * R[k * N + a] * R[k * N + b];
  return ${P}_mass_factor(mm);
}

/* The most rows a solve has: the normals${friction ? ' and the slip rows' : ''}. */
enum { K_MAX = M${friction ? ' + MS' : ''} };

/* The rank-revealing solve of the projection and the frictional impact, printed from the IR the runtime's is (src/numeric/frictional-impact.ts). */
${printCFunctions([pivotedSolve as Decl & { kind: 'function' }]).join('\n')}

/*
 * The state moved onto the contacts of set in the metric above (W its inverse), as the runtime does after every event, so that a
 * phase starts on its constraints: q by Newton steps onto g = 0, then q̇ onto ġ = 0, the plastic impact on them
 * (kugushev2002 (8.13))${friction ? ', and onto ṡ = 0 on the slip rows of contacts at rest in their tangent' : ''}; each step δ = −W Jᵀ(J W Jᵀ)⁻¹ r over the rows J, the
 * held rows of G, r their g, then their ġ${friction ? ' (with the slip rows and their ṡ)' : ''}.
 */
static void project(double t, double *x, const int *set${friction ? ', int slips' : ''}) {
  int rows[M], k = 0;
  for (int j = 0; j < M; j++)
    if (set[j]) rows[k++] = j;
  double q_scale = 1.0;
  for (int i = 0; i < N; i++) q_scale = fmax(q_scale, fabs(x[i]));
  for (int pass = 0; pass < 4 && k > 0; pass++) {
    double mm[N * N], G[M * N], J[K_MAX * N], w[K_MAX][N], A[K_MAX * K_MAX], r[K_MAX], z[K_MAX], v[M], size = 0.0, worst = 0.0;
    double *y = pass < 3 ? x : x + N;
    int c = k, col[K_MAX];
    if (!metric(t, x, set, mm)) stop(t, "singular-mass-matrix", set);
    ${P}_gap_jacobian(t, x, p, G);
    if (pass < 3)
      ${P}_gaps(t, x, p, v);
    else
      ${P}_gap_rates(t, x, x + N, p, v);
    for (int a = 0; a < k; a++) {
      for (int i = 0; i < N; i++) J[a * N + i] = G[rows[a] * N + i];
      r[a] = v[rows[a]];
      worst = fmax(worst, fabs(r[a]));
    }
    /* On g = 0 to the rounding of q, as the runtime stops its Newton steps: further ones only move q by roundoff. */
    if (pass < 3 && worst <= 4 * 2.220446049250313e-16 * q_scale) {
      pass = 2;
      continue;
    }${
      friction
        ? `
    if (pass == 3 && slips) c += slip_targets(t, x, J + k * N, r + k);`
        : ''
    }
    for (int a = 0; a < c; a++) {
      for (int i = 0; i < N; i++) w[a][i] = J[a * N + i];
      ${P}_mass_solve(mm, w[a], 0);
    }
    for (int a = 0; a < c; a++)
      for (int b = 0; b < c; b++) {
        A[a * c + b] = 0.0;
        for (int i = 0; i < N; i++) A[a * c + b] += J[a * N + i] * w[b][i];
      }
    for (int a = 0; a < c; a++) {
      double terms = fabs(r[a]);
      for (int i = 0; i < N; i++) terms += fabs(J[a * N + i] * y[i]);
      size = fmax(size, terms);
    }
    if (!pivotedSolve(c, A, r, z, size, col)) stop(t, "dependent-contacts", set);
    for (int a = 0; a < c; a++)
      for (int i = 0; i < N; i++) y[i] -= w[a][i] * z[a];
  }
}`;

/** The frictionless guards: a held contact's σ̇, an open one's gap. */
const GUARDS = (P: string): string => `
/* Guard j watched: a held contact, or an open one awake. */
static int watched(int j) {
  return held[j] || !dormant[j];
}

/* Whether guard j only ends the step, no event: none does here. */
static int breakpoint(int j) {
  (void)j;
  return 0;
}

/* Guard j at (t, x): σ̇ of contact j while it is held (after the q̈ and the σ̇ of the held before it), else its gap. */
static double guard(int j, double t, const double *x) {
  if (held[j]) {
    int rank = 0;
    for (int i = 0; i < j; i++) rank += held[i];
    ${P}_contact_accelerations(t, x, x + N, p, held, acc);
    return acc[N + rank];
  }
  double g[M];
  ${P}_gaps(t, x, p, g);
  return g[j];
}`;

/** The guards' location. */
const EVENTS = (P: string, friction: boolean): string => `
static double gap_rate(int j, double t, const double *x) {
  double v[M];
  ${P}_gap_rates(t, x, x + N, p, v);
  return v[j];
}

/*
 * Per contact, how far below where the phase started its gap may sink before it is an arrival: GAP_TOL below the
 * surface, or below a start inside it (a release leaves a contact at g = −1e-17), as the runtime's gapSinks
 * (src/runtime/hybrid/guards.ts, whose doc says why). Set where each phase starts (start_phase).
 */
static double sink[M];

static void start_phase(double t, const double *x) {
  double g[M];
  ${P}_gaps(t, x, p, g);
  gapSinks(M, g, GAP_TOL, sink);
}

/* What locate follows: guard j (plus an offset), or the rate of gap j rising or falling through zero. */
enum { GUARD, RATE_RISING, RATE_FALLING };

/*
 * The first s in (lo, hi] where \`what\` falls through zero on the step from (t, x), given that it is above zero at lo
 * and not at hi: bisection to TIME_TOL.
 */
static double locate(int j, int what, double offset, double t, const double *x, double lo, double hi) {
  double y[2 * N];
  while (hi - lo > TIME_TOL) {
    double mid = lo + (hi - lo) / 2;
    rk4(t, x, mid, y);
    double v = what == GUARD ? guard(j, t + mid, y) + offset : gap_rate(j, t + mid, y) * (what == RATE_RISING ? -1.0 : 1.0);
    if (v > 0.0)
      lo = mid;
    else
      hi = mid;
  }
  return hi;
}

/*
 * Where open contact j's gap crosses on the step (t, x) → (t + h, y), by the runtime's rule for it (events.ts: falling
 * from g > 0, a whole excursion within the step, the sink), or −1. From above its surface at the step's start: its
 * end at or below zero, or a dip below zero and back inside the step (the crossing before its lowest point). From on
 * or inside it (a phase started there): a whole bounce out and back within the step (the crossing after its highest
 * point), or the gap sinking through −sink (drifting inward); never the start itself, so a contact released at
 * g = −1e-17 that lifts off slowly is no arrival at every step.
 */
static double gap_crossing(int j, double t, const double *x, double h, const double *y) {
  double z[2 * N], g0 = guard(j, t, x), g1 = guard(j, t + h, y), r0 = gap_rate(j, t, x), r1 = gap_rate(j, t + h, y);
  if (g0 > 0.0) {
    if (!(g1 > 0.0)) return locate(j, GUARD, 0.0, t, x, 0.0, h);
    if (!(r0 < 0.0 && r1 > 0.0)) return -1.0;
    double low = locate(j, RATE_RISING, 0.0, t, x, 0.0, h);
    rk4(t, x, low, z);
    return guard(j, t + low, z) > 0.0 ? -1.0 : locate(j, GUARD, 0.0, t, x, 0.0, low);
  }
  if (r0 > 0.0 && r1 < 0.0 && !(g1 > 0.0)) {
    double high = locate(j, RATE_FALLING, 0.0, t, x, 0.0, h);
    rk4(t, x, high, z);
    if (guard(j, t + high, z) > 0.0) return locate(j, GUARD, 0.0, t, x, high, h);
  }
  return g0 + sink[j] > 0.0 && !(g1 + sink[j] > 0.0) ? locate(j, GUARD, sink[j], t, x, 0.0, h) : -1.0;
}

/*
 * The earliest crossing on the step (t, x) → (t + h, y): a held contact's σ̇${friction ? ' or tangential guard' : ''} falling below zero at the step's end,
 * or an open, awake contact's gap crossing (gap_crossing). Returns the guard (−1: none) and its time in *s.
 */
static int crossing(double t, const double *x, double h, const double *y, double *s) {
  int first = -1;
  for (int j = 0; j < GUARDS; j++) {
    if (!watched(j)) continue;
    double at = -1.0;
    if (j < M && !held[j])
      at = gap_crossing(j, t, x, h, y);
    else if (guard(j, t + h, y) < 0.0)
      at = locate(j, GUARD, 0.0, t, x, 0.0, h);
    if (at >= 0.0 && (first < 0 || at < *s)) {
      first = j;
      *s = at;
    }
  }
  return first;
}`;

/** The held set of a frictionless driver. */
const CHOOSE_HELD = (P: string): string => `
/* The tests of the held set, printed from the IR the runtime's are (src/numeric/mode-admissibility.ts). */
${printCFunctions(FRICTIONLESS_TESTS).join('\n')}

/*
 * The held set among the candidates (closed, at rest): the largest with σ̇ > 0 on each held contact and g̈ ≥ 0 on each
 * candidate left open, as the TypeScript runtime chooses it (src/runtime/hybrid/hybrid.ts). g̈_j = G_j (q̈ − q̈_j),
 * q̈_j the accelerations with j held alone (where g̈_j = 0). Stops where no set or several with different q̈ are admissible.
 */
static void choose_held(double t, const double *x, const int *candidate) {
  int idx[M], k = 0, found = 0, mask[M];
  /* alone zeroed: gcc -O2 cannot tell that the k rows the tests read are set. */
  double G[M * N], alone[M][N] = {{0.0}}, chosen[N] = {0.0}, scratch[2];
  for (int j = 0; j < M; j++)
    if (candidate[j]) idx[k++] = j;
  /* 2^k trial solves: more contacts closing at once are for a time-stepping scheme. */
  if (k > MAX_CANDIDATES) stop(t, "too-many-contacts", candidate);
  ${P}_gap_jacobian(t, x, p, G);
  for (int a = 0; a < k; a++) {
    for (int j = 0; j < M; j++) mask[j] = j == idx[a];
    ${P}_contact_accelerations(t, x, x + N, p, mask, acc);
    for (int i = 0; i < N; i++) alone[a][i] = acc[i];
  }
  for (int size = k; size >= 0; size--)
    for (long set = 0; set < (1L << k); set++) {
      int count = 0, ok = 1, rank = 0;
      for (int a = 0; a < k; a++) count += (int)((set >> a) & 1);
      if (count != size) continue;
      for (int j = 0; j < M; j++) mask[j] = 0;
      for (int a = 0; a < k; a++) mask[idx[a]] = (int)((set >> a) & 1);
      ${P}_contact_accelerations(t, x, x + N, p, mask, acc);
      for (int i = 0; i < N; i++) ok = ok && isfinite(acc[i]);
      for (int a = 0; a < k; a++)
        if (mask[idx[a]]) ok = ok && acc[N + rank++] > 0.0;
      for (int a = 0; a < k && ok; a++)
        if (!mask[idx[a]]) ok = gapAdmissible(N, G, idx[a], acc, alone[a], scratch);
      if (!ok) continue;
      if (!found) {
        found = 1;
        for (int j = 0; j < M; j++) held[j] = mask[j];
        for (int i = 0; i < N; i++) chosen[i] = acc[i];
        continue;
      }
      if (motionsDiffer(N, acc, chosen)) stop(t, "ambiguous-contact-mode", candidate);
    }
  if (!found) stop(t, "no-contact-mode", candidate);
}`;

/** The resolution of an event: impacts, then the held set (with friction, the modes). */
const RESOLVE = (P: string, friction: boolean): string => `
/*
 * At an event at (t, x), where guard \`crossed\` fell through zero (−1: the start): the impact map while closed contacts
 * approach, then the held set${friction ? ' and the modes' : ''}. A contact whose σ̇ fell through zero may not be held${friction ? '; one whose sticking force reached the edge of its cone may not stick' : ''}.
 */
static void resolve(double t, double *x, int crossed) {
  int closed[M], approaching[M], candidate[M], before[M];
  int released = crossed >= 0 && crossed < M && held[crossed] ? crossed : -1;
  int impacts = 0, rest = 0, rest_set[M], found_set[M], closed_now[M];
  double g[M], rate[M], qd_plus[N], impulses[M], rest_t = 0.0, limit[N] = {0.0}, found_t, found_limit[N];
  /* A held contact cannot leave before its cascade's accumulation point but for an event there: the rest is printed here. */
  if (rest_pending) record_rest(t);${
    friction
      ? `
  int leaving = crossed >= M && mode[crossed - M] == STICK ? crossed - M : -1;
  double mode_before[M];
  for (int j = 0; j < M; j++) mode_before[j] = mode[j];`
      : ''
  }
  for (int j = 0; j < M; j++) before[j] = held[j];
  for (int round = 0;; round++) {
    int any = 0;
    ${P}_gaps(t, x, p, g);
    ${P}_gap_rates(t, x, x + N, p, rate);
    for (int j = 0; j < M; j++) {
      closed[j] = contactClosed(g[j], GAP_TOL, held[j], !dormant[j] && admits(j, t, x));
      /* On or below its surface where its condition fails: it passes through. */
      if (!closed[j] && g[j] <= 0.0 && !admits(j, t, x)) dormant[j] = 1;
      approaching[j] = contactApproaches(closed[j], rate[j], REST_VELOCITY);
      any = any || approaching[j];
    }
    if (!any) break;
    if (round == MAX_IMPACTS) stop(t, "impact-loop", approaching);${
      friction
        ? `
    /* With friction every impact is the frictional one, as in the runtime. */
    const char *why = frictional_impact(t, x, closed, qd_plus, impulses);
    if (why) stop(t, why, approaching);`
        : `
    int after[M];
    ${P}_ImpactModeStatus status = ${P}_impact(t, x, x + N, p, GAP_TOL, REST_VELOCITY, qd_plus, impulses, after, closed);
    if (status != ${P}_ImpactModeStatus_ok) stop(t, impact_statuses[status], approaching);`
    }
    int struck[M];
    struckContacts(M, impulses, approaching, struck);
    printf("# impact t=%.17g", t);
    print_contacts("contacts", struck);
    print_list("qd-", x + N, N);
    print_list("qd+", qd_plus, N);
    print_list("impulses", impulses, M);
    printf("\\n");
    for (int i = 0; i < N; i++) x[N + i] = qd_plus[i];
    impacts++;
    int found = record_impact(t, x, struck, 0, &found_t, found_set, found_limit);
    if (found && holdable(t, x, found_set)) {
      rest = found;
      rest_t = found_t;
      for (int j = 0; j < M; j++) rest_set[j] = found_set[j];
      for (int i = 0; i < N; i++) limit[i] = found_limit[i];
    }
  }
  /* Contacts resting after a cascade start from the velocity of its limit, then lose what normal velocity remains. */
  if (rest) {
    if (rest == 2) start_from_limit(t, x, rest_t, rest_set, limit);
    project(t, x, rest_set${friction ? ', 0' : ''});
  }
  ${P}_gap_rates(t, x, x + N, p, rate);
  int changed = 0;
  for (int j = 0; j < M; j++) candidate[j] = contactRests(closed[j], rate[j], REST_VELOCITY, j == released);
  ${friction ? 'choose_modes(t, x, candidate, leaving);' : 'choose_held(t, x, candidate);'}
  project(t, x, held${friction ? ', 1' : ''});
  for (int j = 0; j < M; j++) {
    changed = changed || held[j] != before[j];
    closed_now[j] = held[j] && !before[j];
  }
  /* A touchdown too slow to bounce that ends a geometric cascade is its last impact. */
  if (cascadeTouchdown(M, impacts, rest != 0, before, held, cascade_any) &&
      record_impact(t, x, closed_now, 1, &found_t, found_set, found_limit) && holdable(t, x, found_set)) {
    rest = 1;
    rest_t = found_t;
    for (int j = 0; j < M; j++) rest_set[j] = found_set[j];
  }
  if (rest) {
    int any = 0;
    for (int j = 0; j < M; j++) {
      resting[j] = rest_set[j] && held[j];
      any = any || resting[j];
    }
    rest_pending = any;
    rest_at = rest_t;
  }
  if (cascadeCleared(M, impacts, rest != 0, before, held)) clear_cascade();
  start_phase(t, x);
  if (changed) {
    printf("# held t=%.17g", t);
    print_contacts("contacts", held);
    printf("\\n");
  }${
    friction
      ? `
  print_modes(t, "stick", mode_before, STICK);
  print_modes(t, "slip", mode_before, HOLD);`
      : ''
  }
}`;
