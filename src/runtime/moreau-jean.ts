// Moreau–Jean time-stepping for Lagrangian systems with unilateral
// contacts, frictionless or with Coulomb friction (and 'stick'):
// event-capturing, so any number of contacts and accumulations of impacts
// go through without locating a single event.
//
// One step t_k → t_{k+1} = t_k + h is the θ-method on the force (Jean, "The
// non-smooth contact dynamics method", CMAME 177 (1999) 235–257, eq. (38);
// Acary & Brogliato, "Numerical Methods for Nonsmooth Dynamical Systems",
// 2008, §10.1; Siconos' MoreauJeanOSI):
//   M(q_{k+θ}) (v⁺ − v_k) = h [θ F(t_{k+1}, q_{k+1}, v⁺) + (1 − θ) F(t_k, q_k, v_k)] + H_Iᵀ P
//   q_{k+1} = q_k + h [θ v⁺ + (1 − θ) v_k],   q_{k+θ} = q_k + θ (q_{k+1} − q_k),
// with F = `forcing` (M q̈ = F). The implicit force is not linearized: v⁺ is
// the fixed point of the map v⁺ ↦ v_k + M⁻¹(h[θF(q_{k+1}(v⁺), v⁺) + …] + H_IᵀP(v⁺)),
// iterated to roundoff (a contraction with factor ≈ hθ‖M⁻¹∂F/∂v‖ +
// h²θ²‖M⁻¹∂F/∂q‖, small for the steps this scheme is used with). A
// linearization W = M − hθ∂F/∂v − h²θ²∂F/∂q with finite-difference
// Jacobians is the textbook alternative, but across a jump of the force
// (Kozlov's g·sgn x) such a Jacobian is O(g/√ε) and gave an O(1) velocity
// kick; the fixed point only ever evaluates F, so a jump costs an O(h)
// error in the one step that crosses it.
// Index set I = {j : g_j(q_k + h/2 v_k) ≤ 0} (the predictive index set of
// Acary–Brogliato ch. 10 and Siconos; "≤ 0" within the rounding of the
// gap). With H_I the normal rows ∂g/∂q of I and the slip rows ∂s/∂q of
// those contacts that have them, U = H v + ∂/∂t and the Delassus matrix
// D = H_I M⁻¹ H_Iᵀ, each contact's law at velocity level acts on
// ξ = D P + b with
//   normal:   b_N = U_free,N + e_j U_k,N   (Newton: 0 ≤ ξ_N ⊥ P_N ≥ 0),
//   tangent:  b_T = U_free,T              (Coulomb on U_T⁺, e_T = 0, as
//             Siconos' NewtonImpactFrictionNSL; 'stick': U_T⁺ = 0 while
//             pressed),
// the frictional contact problem of friction-lcp.ts (exact for planar
// contacts, an 8-faceted cone for spatial ones), solved in every iteration
// of the fixed point. A contact sticking at v_k (slip rates within
// restVelocity) gets its static coefficient; one separating at v_k is
// engaged only if it must be. Without slip rows this is Newton's law alone,
// the LCP of the Delassus matrix of the normals.
//
// A body rotating about a stuck contact (a walker's stance foot) lifts it
// by ½h²ω²ρ per step (ρ from the contact to the centre): q_{k+1} is a
// linear update, the rotation is not. The contact then leaves the index set
// and lands again every ~2g/(ω²ρ) steps, an 'impact' of speed O(g h) whose
// position error is O(h²); the compass and the rimless wheel show it
// (test/unilateral/moreau-jean-friction.test.ts tells strikes from it).
//
// Activation conditions (the model's `when`, events.ts ContactActivity): a
// contact enters the index set only where its condition holds at t_k, or if
// it is engaged, i.e. it pressed (P_N > 0) the last step it was in the set
// and no impact has happened since while it was out: a closed contact is not
// re-checked, and the stuck foot that the O(h²) lift below takes out of the
// set for a few steps comes back without a check (a walker's stance foot,
// whose condition fails in the second half of its stance), while the old
// stance foot out of the set at a heel strike is released by it. One whose
// predicted gap is ≤ 0 while it may not enter is dormant, left out until its
// predicted gap is positive again.
//
// Energy (the lead copies this into the docs). In smooth phases θ = ½ is
// the trapezoidal rule with the mass matrix at the midpoint: a symmetric
// (time-reversible) second-order method, so the energy error stays bounded,
// O(h²), with no drift over long runs; θ ∈ (½, 1] damps the energy by
// O((θ − ½) h) per unit time (θ = 1 is implicit Euler) and never adds any;
// θ < ½ is unstable and gains energy (allowed only for experiments). With
// contacts and e ≤ 1 the energy never exceeds its initial value by more
// than O(h): at most h × (energy scale) on every example for 10⁴ steps of
// h = 1e-3 (test/unilateral/moreau-jean-energy.test.ts; the pendulum at a
// wall with e = 1, θ = ½: E₀ = −22.2911, never above −22.2875 in 1000 s,
// −22.2935 at the end). Friction only dissipates: P_Tᵀ U_T⁺ ≤ 0 at every
// Coulomb or 'stick' contact (friction-lcp.ts), the compass and the rimless
// wheel included. The velocity-level law acts
// from the predictive index set, so a contact can take an impulse up to
// one step before or after the true impact and do work of O(h) on the
// separating motion (Acary, ZAMM 96 (2016) 585–603, §4).

import type { GeneratedModel, Params } from './contract.js';
import { GapKinematics, requireFunctions, restitutionCoefficients } from './contacts.js';
import { SimulationError, throwAll, type SimulationErrorCode } from './errors.js';
import { ContactActivity } from './events.js';
import { ContactRows, delassus, hasSlipRows, requireStickRows } from './friction-impact.js';
import { phaseModes, solveFrictionLcp, type FrictionContact } from './friction-lcp.js';
import { luFactor, luSolve } from '../numeric/lu.js';
import {
  GridSampler, Progress, outputGrid, toArray, validateRun,
  type SampleSpec, type SimulationEvent, type Trajectory,
} from './trajectory.js';

export interface MoreauJeanOptions {
  readonly q0: ArrayLike<number>;
  readonly qd0: ArrayLike<number>;
  readonly t0?: number;
  readonly t1: number;
  /** Time step. */
  readonly h: number;
  /** θ ∈ [0, 1] (default 1/2; θ ≥ 1/2 for stability). */
  readonly theta?: number;
  readonly params?: Params;
  /** Newton restitution per contact (normal law), overriding the model's laws. */
  readonly restitution?: ArrayLike<number>;
  /**
   * Normal approach speed below which a contact closing is reported as a
   * 'contact' rather than an 'impact' event (default 1e-6). Reporting only.
   */
  readonly restVelocity?: number;
  readonly samples?: SampleSpec;
  readonly onProgress?: (fraction: number) => void;
}

/**
 * Steps in a row with a positive impulse after which a contact is reported
 * at 'rest': a bounce always has a step without impulse (the flight), a
 * resting contact takes an impulse h·(load) every step.
 */
const REST_STEPS = 3;
/** Iterations of the implicit velocity update before the step is given up (it converges in 2–4 on every example at h ≤ 1e-2). */
const MAX_FIXED_POINT_ITERATIONS = 50;

/**
 * Simulate with the Moreau–Jean scheme. Events are reported at step
 * resolution: 'impact'/'contact' at the end of the step whose impulse
 * closes a contact, 'rest' at the start of a run of REST_STEPS impulsive
 * steps, 'release' when a resting contact takes no impulse, 'stick'/'slip'
 * when a pressed Coulomb contact stops or starts sliding.
 */
export function simulateMoreauJean(module: GeneratedModel, opts: MoreauJeanOptions): Trajectory {
  validateRun(module, opts, [['q0', opts.q0], ['qd0', opts.qd0]]);
  const mod = requireFunctions(module, ['gaps', 'gapJacobian'], 'simulateMoreauJean');
  const name = module.model.name;
  const n = module.model.coordinates.length;
  const m = module.model.unilateral.length;
  const params = opts.params ?? {};
  const t0 = opts.t0 ?? 0;
  const theta = opts.theta ?? 0.5;
  const h = opts.h;
  const restVelocity = opts.restVelocity ?? 1e-6;
  const problems: SimulationError[] = [];
  if (!(h > 0 && h <= opts.t1 - t0)) problems.push(new SimulationError('invalid-option', 'input', `h = ${h} must be positive and at most t1 − t0`, { model: name, field: 'h' }));
  if (!(theta >= 0 && theta <= 1)) problems.push(new SimulationError('invalid-option', 'input', `theta = ${theta} must lie in [0, 1]`, { model: name, field: 'theta' }));
  if (module.model.constraintCount > 0) {
    problems.push(new SimulationError('retaining-unsupported', 'input', 'the Moreau–Jean scheme here handles unilateral constraints only; this model also has retaining constraints (use simulate)', { model: name, field: 'constraintCount' }));
  }
  if (opts.restitution !== undefined && opts.restitution.length !== m) {
    problems.push(new SimulationError('state-length', 'input', `restitution has ${opts.restitution.length} entries, the model has ${m} unilateral constraints`, { model: name, field: 'restitution' }));
  }
  throwAll(problems, name);
  // With slip rows, 'stick' is a law of its own (friction-lcp); without, a
  // 'stick' contact is refused unless restitution coefficients are given
  // (restitutionCoefficients), and then acts on its normal only.
  const friction = hasSlipRows(module);
  if (friction) requireStickRows(module);
  const e = opts.restitution ? Float64Array.from(opts.restitution)
    : friction ? requireFunctions(module, ['restitution'], 'simulateMoreauJean').restitution(t0, params, new Float64Array(m))
    : restitutionCoefficients(module, params);

  const kin = new GapKinematics(mod, params);
  const activity = new ContactActivity(mod, params);
  /** Whether each contact pressed (P_N > 0) the last step it was in the index set. */
  const engaged = new Array<boolean>(m).fill(false);
  /** The current step's index set as flags. */
  const inSet = new Array<boolean>(m).fill(false);
  const rows = new ContactRows(mod, params, 'simulateMoreauJean');
  // Friction coefficients are expressions of the parameters, like e: read once.
  const mu = rows.friction(t0);
  const q = Float64Array.from(opts.q0), v = Float64Array.from(opts.qd0);
  const qNext = new Float64Array(n), vNext = new Float64Array(n);
  const W = new Float64Array(n * n);
  const F0 = new Float64Array(n), F1 = new Float64Array(n), R = new Float64Array(n);
  const vFree = new Float64Array(n), qTilde = new Float64Array(n), qPred = new Float64Array(n);
  const P = new Float64Array(m), Ptan = new Float64Array(rows.ms);
  const piv = new Int32Array(n);
  let evaluations = 0;
  const lcpStats = { solves: 0, pivots: 0, worstResidual: 0 };
  const failure = (code: SimulationErrorCode, message: string, field: string, t: number, qs: Float64Array, vs: Float64Array): SimulationError =>
    new SimulationError(code, 'numeric', message, { model: name, field }, t, [], { q: Array.from(qs), qd: Array.from(vs) });

  /** The step's contact problem: the rows of I at (t_{k+1}, q_k), U_k, and the contacts' laws. */
  interface StepContacts {
    readonly I: readonly number[];
    readonly H: Float64Array;
    readonly Uk: Float64Array;
    readonly contacts: FrictionContact[];
    /** Per contact of I after the last solve, frictionPhase's mode code (phaseModes). */
    modes: number[];
  }
  const stepContacts = (I: readonly number[], t: number): StepContacts => {
    const r = rows.rowCount(I);
    const Uk = rows.rates(t, q, v, I, new Float64Array(r));
    return { I, H: rows.rows(t, q, I), Uk, contacts: rows.contacts(I, mu, Uk, restVelocity), modes: [] };
  };

  /**
   * Add the contact impulses of the index set to v (= v_free on entry):
   * v⁺ = v_free + M⁻¹H_IᵀP with P from the frictional contact problem, M⁻¹
   * from the current factors in W.
   */
  const contactImpulses = (sc: StepContacts, vf: Float64Array, t: number): void => {
    const { I, H, Uk } = sc;
    const r = Uk.length;
    // X = M⁻¹ H_Iᵀ, one column per row; D = H_I X.
    const X = Float64Array.from(H);
    for (let a = 0; a < r; a++) luSolve(n, W, piv, X, a * n, X, a * n);
    const D = delassus(n, H, X);
    const b = rows.rates(t, q, vf, I, new Float64Array(r));
    let row = 0;
    for (const j of I) {
      b[row] += e[j] * Uk[row];
      row += 1 + rows.slipCount(j);
    }
    const sol = solveFrictionLcp({ contacts: sc.contacts, W: D, b });
    if (sol.status !== 'ok') {
      const names = I.map((j) => module.model.unilateral[j]!.name).join(', ');
      // A 'stick' contact jammed or stick rows that contradict each other: the law has no solution (Painlevé's inconsistency at the impulse level).
      if (sol.status === 'stick-inconsistent' || sol.status === 'inconsistent-stick-rows') {
        throw failure('contact-inconsistent', `the contact problem of ${names} has no solution (${sol.status}): a 'stick' contact would need a tangential impulse without a normal one (jammed)`, 'unilateral', t, q, v);
      }
      throw failure('lcp-failed', `the contact problem of ${names} has no solution the solver finds (${sol.status}); dependent contacts with incompatible laws?`, 'unilateral', t, q, v);
    }
    lcpStats.solves++;
    lcpStats.pivots += sol.pivots;
    lcpStats.worstResidual = Math.max(lcpStats.worstResidual, sol.residual);
    sc.modes = phaseModes(sc.contacts, sol);
    rows.scatter(I, sol.impulses, P, Ptan);
    for (let a = 0; a < r; a++) for (let i = 0; i < n; i++) vf[i] += X[a * n + i] * sol.impulses[a];
  };
  const runs = new Int32Array(m);
  /** Per contact, the end of the first step of its current run of impulsive steps: where a rest is dated. */
  const runStart: ({ t: number; q: number[]; qd: number[] } | undefined)[] = new Array(m).fill(undefined);
  const resting = new Array<boolean>(m).fill(false);
  /** Mode code of each contact after the previous step (0 outside the index set). */
  let lastModes = new Array<number>(m).fill(0);
  const events: SimulationEvent[] = [];

  const samples = { t: [] as number[], q: [] as number[][], qd: [] as number[][], energy: [] as number[] };
  const energy = module.energy;
  const sampler = new GridSampler(outputGrid(t0, opts.t1, opts.samples), 2 * n, (s, x) => {
    samples.t.push(s);
    samples.q.push(toArray(x, 0, n));
    samples.qd.push(toArray(x, n, 2 * n));
    if (energy) samples.energy.push(energy(s, x.subarray(0, n), x.subarray(n, 2 * n), params));
  });
  const progress = new Progress(t0, opts.t1, opts.onProgress);
  const x = new Float64Array(2 * n);
  x.set(q, 0);
  x.set(v, n);
  sampler.at(t0, x);

  // Between steps q is linear in t and v is the step's end value (v has bounded variation, q is its integral).
  let tk = t0;
  let hk = h;
  const stepView = {
    t: t0,
    y: x,
    eval: (s: number, out: Float64Array): Float64Array => {
      const w = (s - tk) / hk;
      for (let i = 0; i < n; i++) {
        out[i] = q[i] + w * (qNext[i] - q[i]);
        out[n + i] = vNext[i];
      }
      return out;
    },
  };

  const steps = Math.ceil((opts.t1 - t0) / h - 1e-9);
  for (let k = 0; k < steps; k++) {
    tk = t0 + k * h;
    const t1k = k === steps - 1 ? opts.t1 : tk + h;
    hk = t1k - tk;

    mod.forcing(tk, q, v, params, F0);
    evaluations++;
    for (let i = 0; i < n; i++) qPred[i] = q[i] + 0.5 * hk * v[i];
    const gPred = kin.gaps(tk + 0.5 * hk, qPred);
    // A predicted gap within rounding of 0 is contact: a resting contact's
    // ġ is 0 only to the rounding of the step's solve (±1e-17 with friction),
    // and without the tolerance a block resting on a belt hopped off it.
    let qScale = 1;
    for (let i = 0; i < n; i++) qScale = Math.max(qScale, Math.abs(qPred[i]));
    const I: number[] = [];
    activity.wake(gPred);
    for (let j = 0; j < m; j++) if (gPred[j] <= 8 * Number.EPSILON * qScale && (engaged[j] || activity.admits(tk, q, v, j))) I.push(j);
    inSet.fill(false);
    for (const j of I) inSet[j] = true;
    activity.settle(tk, q, v, gPred, inSet);
    const sc = I.length > 0 ? stepContacts(I, t1k) : undefined;
    // Fixed point on v⁺, started from the explicit (θ = 0) velocity.
    vNext.set(v);
    let converged = false;
    for (let iter = 0; iter < MAX_FIXED_POINT_ITERATIONS && !converged; iter++) {
      for (let i = 0; i < n; i++) {
        qNext[i] = q[i] + hk * (theta * vNext[i] + (1 - theta) * v[i]);
        qTilde[i] = q[i] + theta * (qNext[i] - q[i]);
      }
      mod.massMatrix(tk + theta * hk, qTilde, params, W);
      if (luFactor(n, W, piv, n * Number.EPSILON) >= 0) {
        throw failure('singular-mass-matrix', 'singular mass matrix at this state; the model has a configuration where M loses rank (massless links?)', 'massMatrix', tk, q, v);
      }
      mod.forcing(t1k, qNext, vNext, params, F1);
      evaluations++;
      for (let i = 0; i < n; i++) R[i] = hk * (theta * F1[i] + (1 - theta) * F0[i]);
      luSolve(n, W, piv, R, 0, R, 0);
      for (let i = 0; i < n; i++) vFree[i] = v[i] + R[i];
      P.fill(0);
      Ptan.fill(0);
      if (sc) contactImpulses(sc, vFree, t1k);
      let change = 0, scale = Number.MIN_VALUE;
      for (let i = 0; i < n; i++) {
        change = Math.max(change, Math.abs(vFree[i] - vNext[i]));
        scale = Math.max(scale, Math.abs(vFree[i]), Math.abs(R[i]));
      }
      vNext.set(vFree);
      // 1e-13 relative: a few ulps above the roundoff of one evaluation of the map.
      converged = change <= 1e-13 * scale;
    }
    if (!converged) {
      throw failure('max-steps', `the implicit velocity update did not converge in ${MAX_FIXED_POINT_ITERATIONS} iterations (cap MAX_FIXED_POINT_ITERATIONS); reduce h (stiff force: hθ‖M⁻¹∂F/∂v‖ + h²θ²‖M⁻¹∂F/∂q‖ must stay below 1)`, 'h', tk, q, v);
    }
    for (let i = 0; i < n; i++) qNext[i] = q[i] + hk * (theta * vNext[i] + (1 - theta) * v[i]);
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(qNext[i]) || !Number.isFinite(vNext[i])) {
        throw failure('non-finite-state', 'the state became non-finite; reduce h', 'state', t1k, q, v);
      }
    }

    // Step-resolution events, with the state at the end of the step (an
    // impact: q_{k+1}, v_k before the step's impulses, v_{k+1} after them).
    const closing: number[] = [], touching: number[] = [], released: number[] = [];
    const end = { q: Array.from(qNext), qd: Array.from(vNext) };
    for (const j of I) engaged[j] = P[j] > 0;
    for (let j = 0; j < m; j++) {
      if (P[j] > 0) {
        if (runs[j] === 0) {
          (normalRate(sc!, j) < -restVelocity ? closing : touching).push(j);
          runStart[j] = { t: t1k, ...end };
        }
        runs[j]++;
      } else {
        if (resting[j]) released.push(j);
        resting[j] = false;
        runs[j] = 0;
      }
    }
    // An impact re-decides which contacts hold: one drifted out of the set is no longer engaged.
    if (closing.length > 0) for (let j = 0; j < m; j++) if (!inSet[j]) engaged[j] = false;
    // Mode codes after the step, for models with slip rows.
    const modes = rows.ms > 0 ? (sc ? modeCodes(sc, m) : new Array<number>(m).fill(0)) : undefined;
    if (closing.length > 0) {
      const friction = modes ? { tangentImpulses: Array.from(Ptan), modes } : {};
      events.push({ t: t1k, type: 'impact', contacts: closing, q: end.q, qd: Array.from(v), qdPlus: end.qd, impulses: Array.from(P), ...friction });
    }
    if (touching.length > 0) events.push({ t: t1k, type: 'contact', contacts: touching, ...end });
    if (released.length > 0) events.push({ t: t1k, type: 'release', contacts: released, ...end });
    const nowResting: number[] = [];
    for (let j = 0; j < m; j++) {
      if (!resting[j] && runs[j] >= REST_STEPS) {
        resting[j] = true;
        nowResting.push(j);
      }
    }
    // A rest dates from the first step of its run of impulsive steps (all
    // the contacts resting now began theirs on the same step).
    if (nowResting.length > 0) events.push({ ...runStart[nowResting[0]!]!, type: 'rest', contacts: nowResting });
    // A held Coulomb contact whose slip stops ('stick') or starts ('slip')
    // in this step, at step resolution like the other events.
    if (modes) {
      const sticks: number[] = [], slips: number[] = [];
      for (let j = 0; j < m; j++) {
        if (Math.abs(lastModes[j]!) === 1 && modes[j] === 2 && P[j] > 0) sticks.push(j);
        if (lastModes[j] === 2 && Math.abs(modes[j]!) === 1 && P[j] > 0) slips.push(j);
      }
      if (sticks.length > 0) events.push({ t: t1k, type: 'stick', contacts: sticks, ...end, modes });
      if (slips.length > 0) events.push({ t: t1k, type: 'slip', contacts: slips, ...end, modes });
      lastModes = modes;
    }

    x.set(qNext, 0);
    x.set(vNext, n);
    stepView.t = t1k;
    // Grid times within roundoff after t_{k+1} (k·h and the grid's own
    // arithmetic differ in the last bit) belong to this step: otherwise they
    // would take the velocity of the next step, a jump of h·q̈ early.
    sampler.fromStep(stepView, t1k + 1e-9 * hk);
    q.set(qNext);
    v.set(vNext);
    progress.update(t1k);
  }
  const { t, q: qs, qd, energy: en } = samples;
  // `evaluations` counts forcing evaluations: one per step and one per fixed-point iteration.
  return { model: name, t, q: qs, qd, ...(energy ? { energy: en } : {}), events, stats: { steps, rejected: 0, evaluations, lcp: lcpStats } };
}

/** Normal velocity U_k of contact j of the step's index set. */
function normalRate(sc: { readonly I: readonly number[]; readonly Uk: Float64Array; readonly contacts: readonly FrictionContact[] }, j: number): number {
  let row = 0;
  for (let a = 0; a < sc.I.length; a++) {
    if (sc.I[a] === j) return sc.Uk[row]!;
    row += 1 + sc.contacts[a]!.slip;
  }
  return 0;
}

/** The mode codes of every contact after the step (0 for contacts outside the index set). */
function modeCodes(sc: { readonly I: readonly number[]; readonly modes: readonly number[] }, m: number): number[] {
  const modes = new Array<number>(m).fill(0);
  sc.I.forEach((j, a) => (modes[j] = sc.modes[a] ?? 0));
  return modes;
}
