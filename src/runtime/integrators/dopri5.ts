// Dormand–Prince 5(4) explicit Runge–Kutta integrator with adaptive step
// size and 4th-order dense output.
//
// Coefficients, error estimator, step-size controller and continuous
// extension follow Hairer, Nørsett & Wanner, "Solving Ordinary Differential
// Equations I", 2nd ed.: §II.5 (the Dormand–Prince pair), §II.4 (error
// estimate, step-size selection and the starting step), §II.6 (dense output
// of order 4), with the constants of Hairer's DOPRI5 code; the β-stabilised
// (PI) controller is the one of Hairer & Wanner, "… II", §IV.2.
// The step is FSAL: the last stage of an accepted step is the first stage of
// the next one, so an accepted step costs six evaluations of f.
//
// All work arrays are allocated once per `integrate` call; the stepper itself
// allocates nothing per step. The dense interpolant handed to `onStep` lives
// in those arrays and is valid only until the callback returns.

/** y' = f(t, y); f writes the derivative into `out` (never keeps `y`). */
export type OdeFunction = (t: number, y: Float64Array, out: Float64Array) => void;

/** One accepted step with its continuous extension on [tPrev, t]. */
export interface DenseStep {
  readonly tPrev: number;
  readonly t: number;
  /** State at tPrev (exact step values, not interpolated). */
  readonly yPrev: Float64Array;
  /** State at t. */
  readonly y: Float64Array;
  /** Interpolated state at any s in [tPrev, t]; writes into `out` and returns it. */
  eval(s: number, out: Float64Array): Float64Array;
}

// biome-ignore lint/suspicious/noConfusingVoidType: a step callback returns nothing to go on, so any void callback fits
export type StepCallbackResult = void | 'stop';

export interface Dopri5Options {
  /** Relative tolerance (default 1e-8). */
  readonly rtol?: number;
  /** Absolute tolerance, scalar or per component (default 1e-10). */
  readonly atol?: number | ArrayLike<number>;
  /** First trial step; default from Hairer's HINIT estimate. */
  readonly h0?: number;
  /** Largest step allowed (default |t1 − t0|). */
  readonly hmax?: number;
  /** Cap on attempted steps, accepted plus rejected (default 1e5). */
  readonly maxSteps?: number;
  /** Called after every accepted step; return 'stop' to end the integration there. */
  readonly onStep?: (step: DenseStep) => StepCallbackResult;
  /**
   * Called on the accepted state after onStep, before the next step: may
   * move it by a period of f (f(t, shifted y) = f(t, y): an angle reduced by
   * 2π), so the last stage stays the next step's first (FSAL).
   */
  readonly shift?: (y: Float64Array) => void;
}

/**
 * - done: reached t1;
 * - stopped: onStep returned 'stop';
 * - max-steps: maxSteps attempts without reaching t1;
 * - step-underflow: the step fell below the resolution of t (the problem is
 *   stiff, singular or discontinuous there);
 * - non-finite: f returned NaN/Infinity at an accepted point, or every
 *   shrinking step kept producing non-finite stages.
 */
export type IntegrationStatus = 'done' | 'stopped' | 'max-steps' | 'step-underflow' | 'non-finite';

export interface IntegrationStats {
  readonly accepted: number;
  readonly rejected: number;
  readonly evaluations: number;
}

export interface IntegrationResult {
  readonly status: IntegrationStatus;
  /** Time reached (end of the last accepted step). */
  readonly t: number;
  /** State at `t` (a fresh array owned by the caller). */
  readonly y: Float64Array;
  /** Step size the controller proposes next; pass it as h0 to continue. */
  readonly h: number;
  readonly stats: IntegrationStats;
}

// Butcher tableau of DOPRI5 (Dormand & Prince, J. Comput. Appl. Math. 6 (1980) 19–26).
const C2 = 1 / 5,
  C3 = 3 / 10,
  C4 = 4 / 5,
  C5 = 8 / 9;
const A21 = 1 / 5;
const A31 = 3 / 40,
  A32 = 9 / 40;
const A41 = 44 / 45,
  A42 = -56 / 15,
  A43 = 32 / 9;
const A51 = 19372 / 6561,
  A52 = -25360 / 2187,
  A53 = 64448 / 6561,
  A54 = -212 / 729;
const A61 = 9017 / 3168,
  A62 = -355 / 33,
  A63 = 46732 / 5247,
  A64 = 49 / 176,
  A65 = -5103 / 18656;
const A71 = 35 / 384,
  A73 = 500 / 1113,
  A74 = 125 / 192,
  A75 = -2187 / 6784,
  A76 = 11 / 84;
// Error estimator: difference between the 5th-order weights and the 4th-order embedded ones.
const E1 = 71 / 57600,
  E3 = -71 / 16695,
  E4 = 71 / 1920,
  E5 = -17253 / 339200,
  E6 = 22 / 525,
  E7 = -1 / 40;
// Continuous extension of order 4 (DOPRI5 code, CONTD5).
const D1 = -12715105075 / 11282082432,
  D3 = 87487479700 / 32700410799,
  D4 = -10690763975 / 1880347072;
const D5 = 701980252875 / 199316789632,
  D6 = -1453857185 / 822651844,
  D7 = 69997945 / 29380423;

// Step-size controller constants of DOPRI5: safety factor, bounds on the
// change ratio (h may shrink to h/5 and grow to 10h) and the Lund
// stabilisation exponent beta (PI control) that damps step-size oscillation.
const SAFE = 0.9;
const FAC_MIN_INV = 1 / 0.2; // facc1
const FAC_MAX_INV = 1 / 10; // facc2
const BETA = 0.04;
const EXPO1 = 0.2 - BETA * 0.75;

class Dopri5Dense implements DenseStep {
  tPrev = 0;
  t = 0;
  h = 1;
  readonly yPrev: Float64Array;
  readonly y: Float64Array;
  readonly r2: Float64Array;
  readonly r3: Float64Array;
  readonly r4: Float64Array;
  readonly r5: Float64Array;

  constructor(n: number) {
    this.yPrev = new Float64Array(n);
    this.y = new Float64Array(n);
    this.r2 = new Float64Array(n);
    this.r3 = new Float64Array(n);
    this.r4 = new Float64Array(n);
    this.r5 = new Float64Array(n);
  }

  eval(s: number, out: Float64Array): Float64Array {
    const theta = (s - this.tPrev) / this.h;
    const theta1 = 1 - theta;
    const { yPrev, r2, r3, r4, r5 } = this;
    for (let i = 0; i < yPrev.length; i++) {
      out[i] = yPrev[i] + theta * (r2[i] + theta1 * (r3[i] + theta * (r4[i] + theta1 * r5[i])));
    }
    return out;
  }
}

/**
 * Integrate y' = f(t, y) from t0 to t1 ≥ t0. Throws only on invalid
 * arguments (a programming error); numerical trouble is reported in
 * `status`.
 */
export function integrate(f: OdeFunction, t0: number, y0: ArrayLike<number>, t1: number, opts: Dopri5Options = {}): IntegrationResult {
  const n = y0.length;
  const rtol = opts.rtol ?? 1e-8;
  const atolOpt = opts.atol ?? 1e-10;
  const maxSteps = opts.maxSteps ?? 100_000;
  const span = t1 - t0;
  const hmax = Math.abs(opts.hmax ?? span);
  if (!Number.isFinite(t0) || !Number.isFinite(t1) || span < 0) {
    throw new RangeError(`dopri5: need finite t0 ≤ t1, got t0 = ${t0}, t1 = ${t1}`);
  }
  if (!(rtol > 0)) throw new RangeError(`dopri5: rtol must be positive, got ${rtol}`);
  const atol = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    atol[i] = typeof atolOpt === 'number' ? atolOpt : atolOpt[i];
    if (!(atol[i] >= 0)) throw new RangeError(`dopri5: atol must be non-negative, got ${atol[i]} at ${i}`);
  }

  const y = Float64Array.from(y0);
  const k1 = new Float64Array(n),
    k2 = new Float64Array(n),
    k3 = new Float64Array(n),
    k4 = new Float64Array(n);
  const k5 = new Float64Array(n),
    k6 = new Float64Array(n),
    k7 = new Float64Array(n);
  const ysti = new Float64Array(n),
    y1 = new Float64Array(n);
  const dense = new Dopri5Dense(n);

  let evaluations = 0,
    accepted = 0,
    rejected = 0;
  const stats = (): IntegrationStats => ({ accepted, rejected, evaluations });
  const finish = (status: IntegrationStatus, t: number, h: number): IntegrationResult => ({ status, t, y: Float64Array.from(y), h, stats: stats() });

  f(t0, y, k1);
  evaluations++;
  if (!allFinite(y) || !allFinite(k1)) return finish('non-finite', t0, 0);
  if (span === 0) return finish('done', t0, opts.h0 ?? 0);

  let t = t0;
  let h = Math.min(Math.abs(opts.h0 ?? initialStep(f, t0, y, k1, hmax, rtol, atol, k2, k3)), hmax);
  if (opts.h0 === undefined) evaluations++;
  let facold = 1e-4;
  let lastRejected = false;
  let nonFiniteStage = false;
  let attempts = 0;

  for (;;) {
    if (attempts >= maxSteps) return finish('max-steps', t, h);
    // A step that no longer changes t cannot make progress: report instead of looping.
    if (t + 0.1 * h === t || !(h > 0)) return finish(nonFiniteStage ? 'non-finite' : 'step-underflow', t, h);
    attempts++;
    // Land exactly on t1 instead of leaving a sliver step (DOPRI5 uses the 1.01 margin too).
    let last = false;
    if (t + 1.01 * h >= t1) {
      h = t1 - t;
      last = true;
    }

    for (let i = 0; i < n; i++) ysti[i] = y[i] + h * A21 * k1[i];
    f(t + C2 * h, ysti, k2);
    for (let i = 0; i < n; i++) ysti[i] = y[i] + h * (A31 * k1[i] + A32 * k2[i]);
    f(t + C3 * h, ysti, k3);
    for (let i = 0; i < n; i++) ysti[i] = y[i] + h * (A41 * k1[i] + A42 * k2[i] + A43 * k3[i]);
    f(t + C4 * h, ysti, k4);
    for (let i = 0; i < n; i++) ysti[i] = y[i] + h * (A51 * k1[i] + A52 * k2[i] + A53 * k3[i] + A54 * k4[i]);
    f(t + C5 * h, ysti, k5);
    for (let i = 0; i < n; i++) ysti[i] = y[i] + h * (A61 * k1[i] + A62 * k2[i] + A63 * k3[i] + A64 * k4[i] + A65 * k5[i]);
    const tNew = last ? t1 : t + h;
    f(tNew, ysti, k6);
    for (let i = 0; i < n; i++) y1[i] = y[i] + h * (A71 * k1[i] + A73 * k3[i] + A74 * k4[i] + A75 * k5[i] + A76 * k6[i]);
    f(tNew, y1, k7);
    evaluations += 6;

    // Scaled RMS norm of the embedded error estimate (HNW I, §II.4).
    let err = 0;
    for (let i = 0; i < n; i++) {
      const sk = atol[i] + rtol * Math.max(Math.abs(y[i]), Math.abs(y1[i]));
      const ei = (h * (E1 * k1[i] + E3 * k3[i] + E4 * k4[i] + E5 * k5[i] + E6 * k6[i] + E7 * k7[i])) / sk;
      err += ei * ei;
    }
    err = n > 0 ? Math.sqrt(err / n) : 0;

    if (!Number.isFinite(err)) {
      // A non-finite stage usually means the step left the domain of f
      // (e.g. a singular mass matrix): shrink hard and retry.
      nonFiniteStage = true;
      rejected++;
      lastRejected = true;
      h *= 0.1;
      continue;
    }
    nonFiniteStage = false;

    const fac11 = err ** EXPO1;
    if (err <= 1) {
      // Accepted: build the dense output from the old state and the stages.
      for (let i = 0; i < n; i++) {
        const ydiff = y1[i] - y[i];
        const bspl = h * k1[i] - ydiff;
        dense.r2[i] = ydiff;
        dense.r3[i] = bspl;
        dense.r4[i] = ydiff - h * k7[i] - bspl;
        dense.r5[i] = h * (D1 * k1[i] + D3 * k3[i] + D4 * k4[i] + D5 * k5[i] + D6 * k6[i] + D7 * k7[i]);
      }
      dense.yPrev.set(y);
      dense.y.set(y1);
      dense.tPrev = t;
      dense.t = tNew;
      dense.h = h;
      y.set(y1);
      k1.set(k7); // FSAL
      t = tNew;
      accepted++;

      let fac = fac11 / facold ** BETA;
      fac = Math.max(FAC_MAX_INV, Math.min(FAC_MIN_INV, fac / SAFE));
      let hnew = Math.min(h / fac, hmax);
      if (lastRejected) hnew = Math.min(hnew, h);
      facold = Math.max(err, 1e-4);
      lastRejected = false;

      if (!allFinite(k1)) return finish('non-finite', t, hnew);
      if (opts.onStep && opts.onStep(dense) === 'stop') return finish('stopped', t, hnew);
      opts.shift?.(y);
      if (last) return finish('done', t, hnew);
      h = hnew;
    } else {
      rejected++;
      lastRejected = true;
      h = h / Math.min(FAC_MIN_INV, fac11 / SAFE);
    }
  }
}

/** Initial step estimate (HNW I, §II.4, "Starting step size"; DOPRI5's HINIT). */
function initialStep(
  f: OdeFunction,
  t0: number,
  y0: Float64Array,
  f0: Float64Array,
  hmax: number,
  rtol: number,
  atol: Float64Array,
  y1: Float64Array,
  f1: Float64Array,
): number {
  const n = y0.length;
  let dnf = 0,
    dny = 0;
  for (let i = 0; i < n; i++) {
    const sk = atol[i] + rtol * Math.abs(y0[i]);
    dnf += (f0[i] / sk) ** 2;
    dny += (y0[i] / sk) ** 2;
  }
  let h = dnf <= 1e-10 || dny <= 1e-10 ? 1e-6 : Math.sqrt(dny / dnf) * 0.01;
  h = Math.min(h, hmax);
  for (let i = 0; i < n; i++) y1[i] = y0[i] + h * f0[i];
  f(t0 + h, y1, f1);
  let der2 = 0;
  for (let i = 0; i < n; i++) {
    const sk = atol[i] + rtol * Math.abs(y0[i]);
    der2 += ((f1[i] - f0[i]) / sk) ** 2;
  }
  der2 = Math.sqrt(der2) / h;
  const der12 = Math.max(Math.abs(der2), Math.sqrt(dnf));
  const h1 = der12 <= 1e-15 ? Math.max(1e-6, h * 1e-3) : (0.01 / der12) ** (1 / 5);
  const h0 = Math.min(100 * h, h1, hmax);
  // A non-finite probe (f undefined a step away) falls back to a small step; the controller grows it.
  return Number.isFinite(h0) && h0 > 0 ? h0 : Math.min(1e-6, hmax);
}

function allFinite(a: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return false;
  return true;
}
