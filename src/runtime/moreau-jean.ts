// Moreau–Jean time-stepping for Lagrangian systems with frictionless
// unilateral contacts: event-capturing, so any number of contacts and
// accumulations of impacts go through without locating a single event.
//
// One step t_k → t_{k+1} = t_k + h (Jean, "The non-smooth contact dynamics
// method", CMAME 177 (1999) 235–257; Acary & Brogliato, "Numerical Methods
// for Nonsmooth Dynamical Systems", 2008, ch. 10; the scheme Siconos
// implements as MoreauJeanOSI):
//   M (v⁺ − v_k) = h [θ F(t_{k+1}, q_k, v_k) + (1 − θ) F(t_k, q_k, v_k)] + G_Iᵀ P
//   q_{k+1} = q_k + h [θ v⁺ + (1 − θ) v_k]
// i.e. W = M (the force is not linearized about (q_k, v_k): see the step),
//   v_free = v_k + M⁻¹ h [θ F(t_{k+1}, q_k, v_k) + (1 − θ) F(t_k, q_k, v_k)],
//   v⁺ = v_free + M⁻¹ G_Iᵀ P.
// Index set I = {j : g_j(q_k + h/2 v_k) ≤ 0} (the predictive index set of
// Acary–Brogliato ch. 10 and Siconos). Newton's impact law at velocity level,
//   0 ≤ U⁺_j + e_j U_k,j ⊥ P_j ≥ 0,  U = G v + ∂g/∂t,  j ∈ I,
// is the LCP  w = (G_I M⁻¹ G_Iᵀ) P + (U_free,I + e_I ∘ U_k,I), solved by
// Lemke (enumeration as a fallback on degenerate Delassus matrices).

import type { GeneratedModel, Params } from './contract.js';
import { GapKinematics, requireFunctions, restitutionCoefficients } from './contacts.js';
import { SimulationError, throwAll } from './errors.js';
import { enumerateLcp, lemke } from './lemke.js';
import { luFactor, luSolve } from './linalg.js';
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
  /** Newton restitution per contact, overriding the model's laws. */
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

/**
 * Simulate with the Moreau–Jean scheme. Events are reported at step
 * resolution: 'impact'/'contact' at the end of the step whose impulse
 * closes a contact, 'rest' at the start of a run of REST_STEPS impulsive
 * steps, 'release' when a resting contact takes no impulse.
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
  const e = opts.restitution ? Float64Array.from(opts.restitution) : restitutionCoefficients(module, params);

  const kin = new GapKinematics(mod, params);
  const q = Float64Array.from(opts.q0), v = Float64Array.from(opts.qd0);
  const qNext = new Float64Array(n), vNext = new Float64Array(n);
  const M = new Float64Array(n * n), W = new Float64Array(n * n);
  const F0 = new Float64Array(n), F1 = new Float64Array(n), R = new Float64Array(n);
  const vFree = new Float64Array(n), qTilde = new Float64Array(n);
  const Uk = new Float64Array(m), Ufree = new Float64Array(m);
  const piv = new Int32Array(n);
  const runs = new Int32Array(m);
  const resting = new Array<boolean>(m).fill(false);
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

    mod.massMatrix(tk, q, params, M);
    mod.forcing(tk, q, v, params, F0);
    mod.forcing(t1k, q, v, params, F1);
    // The θ-weighted force is taken at (q_k, v_k) on both ends of the step,
    // without linearizing it: a finite-difference Jacobian of a force with a
    // jump (Kozlov's g·sgn x) is of order g/√ε and gave a spurious kick of
    // O(1) at the step that crosses the jump. The scheme stays first order,
    // as Moreau–Jean is anyway at impacts.
    W.set(M);
    if (luFactor(W, n, piv).status !== 'ok') {
      throw new SimulationError('singular-mass-matrix', 'numeric', 'the mass matrix is singular at this state', { model: name, field: 'massMatrix' }, tk);
    }
    for (let i = 0; i < n; i++) R[i] = hk * (theta * F1[i] + (1 - theta) * F0[i]);
    luSolve(W, n, piv, R);
    for (let i = 0; i < n; i++) {
      vFree[i] = v[i] + R[i];
      qTilde[i] = q[i] + 0.5 * hk * v[i];
    }

    const gPred = kin.gaps(tk + 0.5 * hk, qTilde);
    const I: number[] = [];
    for (let j = 0; j < m; j++) if (gPred[j] <= 0) I.push(j);
    vNext.set(vFree);
    const P = new Float64Array(m);
    if (I.length > 0) {
      kin.rates(t1k, q, v, Uk);
      kin.rates(t1k, q, vFree, Ufree);
      const G = kin.jacobian(t1k, q);
      const c = I.length;
      // Wi = W⁻¹ G_Iᵀ, one column per active contact.
      const Wi = new Float64Array(c * n);
      for (let a = 0; a < c; a++) {
        const col = Wi.subarray(a * n, (a + 1) * n);
        for (let i = 0; i < n; i++) col[i] = G[I[a] * n + i];
        luSolve(W, n, piv, col);
      }
      const D = new Float64Array(c * c);
      const qLcp = new Float64Array(c);
      for (let a = 0; a < c; a++) {
        qLcp[a] = Ufree[I[a]] + e[I[a]] * Uk[I[a]];
        for (let b = 0; b < c; b++) {
          let s = 0;
          for (let i = 0; i < n; i++) s += G[I[a] * n + i] * Wi[b * n + i];
          D[a * c + b] = s;
        }
      }
      const impulses = solveLcp(D, qLcp, name, tk);
      for (let a = 0; a < c; a++) {
        P[I[a]] = impulses[a];
        for (let i = 0; i < n; i++) vNext[i] += Wi[a * n + i] * impulses[a];
      }
    }
    for (let i = 0; i < n; i++) qNext[i] = q[i] + hk * (theta * vNext[i] + (1 - theta) * v[i]);
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(qNext[i]) || !Number.isFinite(vNext[i])) {
        throw new SimulationError('non-finite-state', 'numeric', 'the state became non-finite; reduce h', { model: name, field: 'state' }, t1k);
      }
    }

    // Step-resolution events.
    const closing: number[] = [], touching: number[] = [], released: number[] = [];
    for (let j = 0; j < m; j++) {
      if (P[j] > 0) {
        if (runs[j] === 0) (Uk[j] < -restVelocity ? closing : touching).push(j);
        runs[j]++;
      } else {
        if (resting[j]) released.push(j);
        resting[j] = false;
        runs[j] = 0;
      }
    }
    if (closing.length > 0) events.push({ t: t1k, type: 'impact', contacts: closing });
    if (touching.length > 0) events.push({ t: t1k, type: 'contact', contacts: touching });
    if (released.length > 0) events.push({ t: t1k, type: 'release', contacts: released });
    const nowResting: number[] = [];
    for (let j = 0; j < m; j++) {
      if (!resting[j] && runs[j] >= REST_STEPS) {
        resting[j] = true;
        nowResting.push(j);
      }
    }
    if (nowResting.length > 0) events.push({ t: t1k - (REST_STEPS - 1) * h, type: 'rest', contacts: nowResting });

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
  // `evaluations` counts forcing evaluations: two per step.
  return { model: name, t, q: qs, qd, ...(energy ? { energy: en } : {}), events, stats: { steps, rejected: 0, evaluations: 2 * steps } };
}

/**
 * Impulses of one step. Lemke handles the positive semidefinite Delassus
 * matrix; enumeration is the fallback when pivoting on a degenerate matrix
 * (redundant contacts) stalls, and any of its solutions gives the same v⁺.
 */
function solveLcp(D: Float64Array, q: Float64Array, model: string, t: number): Float64Array {
  const r = lemke(D, q);
  let scale = 1;
  for (let i = 0; i < q.length; i++) scale = Math.max(scale, Math.abs(q[i]));
  if (r.status === 'ok' && r.residual <= 1e-10 * scale) return r.z;
  const all = enumerateLcp(D, q);
  if (all.solutions.length > 0) return all.solutions[0].z;
  throw new SimulationError('lcp-failed', 'numeric', `the contact LCP has no solution (Lemke: ${r.status}, residual ${r.residual}); contacts with dependent normals and incompatible restitution?`, { model, field: 'unilateral' }, t);
}
