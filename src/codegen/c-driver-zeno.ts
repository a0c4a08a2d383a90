// The part of a C driver (c-driver-contacts.ts) that sums an accumulation
// of impacts (Zeno behaviour: the bouncing ball, a compass rocking from foot
// to foot) as the TypeScript runtime does (src/runtime/hybrid/hybrid.ts
// recordImpact): once the intervals of the cascade's impacts shrink by a
// steady ratio r < 1 (period 1, or 2 for rocking between two contacts) the
// remaining impacts form a geometric series, and the contacts rest from its
// sum on, the accumulation point, starting from the velocity the
// post-impact velocities converge to (the same series); a touchdown too
// slow to bounce that ends a geometric cascade rests from its accumulation
// point as well. Every test is relative to the impact intervals.
// Tests: test/codegen/c-driver.test.ts.
import { CONTACT_DEFAULTS } from '../runtime/hybrid/hybrid.js';
import { numberLiteral } from './js-expr.js';
import { CASCADE_WINDOW } from './solvers/contact-events.js';

/** The cascade's state and functions, for the driver's C (after the projection, before `resolve`). */
export const cascadeCode = (P: string): string => `
/*
 * A cascade is summed by cascadeRest, at the runtime's ZENO_RATIO; its test reads the last CASCADE_WINDOW impacts, the
 * velocity series the one before them too: the last RING impacts are kept.
 */
static const double ZENO_RATIO = ${numberLiteral(CONTACT_DEFAULTS.zenoRatio)};
enum { CASCADE_WINDOW = ${CASCADE_WINDOW}, RING = CASCADE_WINDOW + 1 };
/* The impacts since the last rest or the last event without one: the first one's time, how many, the last RING of them
   (time, contacts struck, q̇ after), and every contact struck. */
static double cascade_start, cascade_t[RING], cascade_qd[RING][N];
static long cascade_count;
static int cascade_contacts[RING][M], cascade_any[M];
/* A rest decided after a cascade: the contacts resting from rest_at on, printed when the run gets there. */
static int rest_pending, resting[M];
static double rest_at;

static double cascade_time(long i) {
  return cascade_t[i % RING];
}

static void clear_cascade(void) {
  cascade_count = 0;
  for (int j = 0; j < M; j++) cascade_any[j] = 0;
}

/* The rest decided after a cascade, printed at t: its accumulation point, or an earlier event. */
static void record_rest(double t) {
  printf("# rest t=%.17g", t);
  print_contacts("contacts", resting);
  printf("\\n");
  rest_pending = 0;
}

/*
 * The impact at t on the contacts struck (q̇ after it in x) recorded in the cascade (one instant, one entry); \`final\`: a
 * touchdown that ends it. Where the cascade is geometric and summed: its accumulation point into *at, the contacts of its
 * last 2p + 3 impacts into set, and 1, or 2 with the velocity at the accumulation point into limit (not when final).
 */
static int record_impact(double t, const double *x, const int *struck, int final, double *at, int *set, double *limit) {
  long k = cascade_count - 1;
  if (k >= 0 && cascade_time(k) == t) {
    /* Another impact at the same instant: its contacts join, and its q̇ replaces the entry's. */
    for (int j = 0; j < M; j++) {
      cascade_contacts[k % RING][j] = cascade_contacts[k % RING][j] || struck[j];
      cascade_any[j] = cascade_any[j] || struck[j];
    }
    if (!final) {
      for (int i = 0; i < N; i++) cascade_qd[k % RING][i] = x[N + i];
      return 0;
    }
  } else {
    k = cascade_count++;
    if (k == 0) cascade_start = t;
    cascade_t[k % RING] = t;
    for (int j = 0; j < M; j++) cascade_contacts[k % RING][j] = struck[j];
    for (int i = 0; i < N; i++) cascade_qd[k % RING][i] = x[N + i];
    for (int j = 0; j < M; j++) cascade_any[j] = cascade_any[j] || struck[j];
  }
  /* The kept impacts' times from the first kept on (at most RING of them), as cascadeRest reads them. */
  long first = k >= RING ? k - RING + 1 : 0;
  double times[RING], out[2];
  for (long i = first; i <= k; i++) times[i - first] = cascade_time(i);
  int w = (int)(k - first), period = cascadeRest(w, times, cascade_start, final, ZENO_RATIO, out);
  if (period == 0) return 0;
  *at = out[0];
  for (int j = 0; j < M; j++) set[j] = 0;
  for (long i = first + (long)out[1]; i <= k; i++)
    for (int j = 0; j < M; j++) set[j] = set[j] || cascade_contacts[i % RING][j];
  if (final) return 1;
  cascadeLimit(N, w, times, cascade_qd[k % RING], cascade_qd[(k - 2) % RING], limit);
  return 2;
}

/* Whether the contacts of set can rest together (cascadeHoldable). */
static int holdable(double t, const double *x, const int *set) {
  double a[2 * N + 3 * M];
  int k = 0;
  for (int j = 0; j < M; j++) k += set[j] != 0;
  ${P}_contact_accelerations(t, x, x + N, p, set, a);
  return cascadeHoldable(N, k, a);
}

/* q̇ at t from which, held on the resting contacts (and those held already), the motion reaches the limit velocity at the
   accumulation point (cascadeStart). */
static void start_from_limit(double t, double *x, double at, const int *set, const double *limit) {
  double a[2 * N + 3 * M];
  int mask[M];
  for (int i = 0; i < N; i++) x[N + i] = limit[i];
  for (int j = 0; j < M; j++) mask[j] = held[j] || set[j];
  ${P}_contact_accelerations(t, x, x + N, p, mask, a);
  cascadeStart(N, limit, a, at - t, x + N);
}`;
