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
// error in the one step that crosses it. The contact law makes the map
// non-smooth: a 'stick' contact's impulse jumps from none to a full
// sticking one as its free normal velocity crosses −e U_k,N, and where that
// impulse moves M(q̃) and F(q_{k+1}, v⁺) enough to carry the free velocity
// back across, neither outcome is consistent and the iterates alternate (a
// fallen compass walker, legs spinning at 65 rad/s with F ≈ 2·10⁴ N: the
// smooth part contracts by 0.1–0.3, the foot's impulse toggles between 0
// and 52 N s). That is named as the contact's, contact-inconsistent, not
// as a stiff force.
// Index set I = {j : g_j(q_k + h/2 v_k) ≤ 0} (the predictive index set of
// Acary–Brogliato ch. 10 and Siconos; "≤ 0" within the rounding of the
// gap). With H_I the normal rows ∂g/∂q of I and the slip rows ∂s/∂q of
// those contacts that have them, U = H v + ∂/∂t and the Delassus matrix
// D = H_I M⁻¹ H_Iᵀ, each contact's law at velocity level is the impact
// law of every driver (contact/impact-law.ts) with U⁻ = U_k, acting on
// ξ = D P + b with
//   normal:   b_N = U_free,N + e_j U_k,N   (Newton: 0 ≤ ξ_N ⊥ P_N ≥ 0),
//   tangent:  b_T = U_free,T              (Coulomb on U_T⁺, e_T = 0, as
//             Siconos' NewtonImpactFrictionNSL; 'stick': U_T⁺ = 0 while
//             pressed), and where these impulses would raise the energy
//             (½(U_k + U⁺)ᵀP > 0: Kane's paradox, or a contact pulled back
//             within the step), Glocker's law with one e on every row, as
//             at an event, and where that still would, the midpoint rung,
// the frictional contact problem of friction-lcp.ts (exact cones, planar
// and spatial; the pyramid `cone: { pyramid: K }` on request), solved in
// every iteration of the fixed point, from the last iteration's impulses (the first from the
// last step's, as Siconos' warm start: the box at rest takes one sweep of the exact cone a step,
// 26 from zero). A contact sticking at v_k (slip rates within
// restVelocity) gets its static coefficient; one separating at v_k is
// engaged only if it must be. Without slip rows this is Newton's law on the
// normals, the LCP of their Delassus matrix, with the same ladder where its
// impulses would raise the energy (normal-contacts.ts).
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
// Many contacts (a chain of balls, a stack of blocks). Without slip rows the
// step's problem is the LCP of W_II = G_I M⁻¹ G_Iᵀ (normal-contacts.ts),
// solved by block principal pivoting started from the support of the last
// impulses (pivoting-lcp.ts; a resting stack's support does not change, so
// one Cholesky solve, with the factor of the step before), Lemke's method
// only where W_II is singular; M's factors and W are kept while M and G
// keep their values (delassus-cache.ts), and the fixed point stops without
// a second solve when M(q̃) and F keep theirs (the map then returns exactly
// what it returned). Functions declared constant (opts.constant, as
// Siconos' LagrangianLinearTIDS declares M) are evaluated once per run, and
// with M and F both constant the free flight's M⁻¹h(θF + (1 − θ)F) is
// solved once per step length.
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
// separating motion (Acary, ZAMM 96 (2016) 585–603, §4): Newton's law
// does ½(1 − e)U_k,N P_N > 0 on a contact separating at U_k. With or
// without slip rows the law's ladder keeps the impulses' work from being
// positive at any h and e ≤ 1 (impact-law.ts: Glocker's law, then the
// midpoint rung) but where a stuck 'stick' foot jams, and
// there it is at most ½|(U_free − U_k)ᵀP|, O(h²). A Coulomb contact's slide
// that stops within the step is stopped at the step's start and the step
// taken again from there (contact/stopping-slides.ts): the step's law gave
// it the kinetic μ and moved it on past the stop, so a block sent up its
// incline slid back down where μs holds it and rose higher than its kinetic
// energy lifts it (+1.7e-4 J at h = 1e-2, +2.7e-8 J at 1e-4). At θ = ½ with
// M constant and V linear in q (the rod, the disk, the block, the compass,
// the rimless wheel) T + V then rises on no step beyond roundoff
// (test/unilateral/moreau-jean-impulse-work.test.ts); with M(q) the
// θ-method's own defect remains (O(h³) per smooth step, O(h) on a step with
// an impulse: M(q_{k+½}) weighs v_k and v⁺), and θ > ½ adds
// (½ − θ)h Fᵀ(v⁺ − v_k) per step, positive where an impulse lifts a body
// against gravity.

import type { LoadedModule, Params } from '../contract.js';
import { GapKinematics, requireFunctions, restitutionCoefficients, type WithFunctions } from '../contact/contacts.js';
import { SimulationError, throwAll, type SimulationErrorCode } from '../errors.js';
import { ContactActivity } from './events.js';
import { ContactRows, delassus, hasSlipRows, requireCone, requireStickRows } from '../contact/friction-impact.js';
import { applyImpactLaw, restitutionLimit } from '../contact/impact-law.js';
import { CONE_TOLERANCE } from '../complementarity/coulomb-cone.js';
import { phaseModes, solveFrictionLcp, type FrictionCone, type FrictionContact } from '../complementarity/friction-lcp.js';
import { DelassusCache, massSolver } from '../complementarity/delassus-cache.js';
import { LcpTally, NormalContacts } from '../contact/normal-contacts.js';
import { stoppingRows, stopSlides, withinCones, type SlideStop } from '../contact/stopping-slides.js';
import {
  AngleTurns,
  GridSampler,
  Progress,
  outputGrid,
  toArray,
  validateRun,
  type LcpStats,
  type SampleSpec,
  type SimulationEvent,
  type SimulationStats,
  type Trajectory,
} from './trajectory.js';

export interface MoreauJeanOptions {
  readonly q0: ArrayLike<number>;
  readonly qd0: ArrayLike<number>;
  readonly t0?: number;
  readonly t1: number;
  /** Time step. */
  readonly h: number;
  /** Cap on the steps (t1 − t0)/h, checked before the first (default 1e7, about 10 s of a small model): a mistyped h fails at once. */
  readonly maxSteps?: number;
  /** θ ∈ [0, 1] (default 1/2; θ ≥ 1/2 for stability). */
  readonly theta?: number;
  readonly params?: Params;
  /** Newton restitution per contact (normal law), overriding the model's laws: in [0, 1], or [0, ∞) where the module records allowSuperelastic for the contact. */
  readonly restitution?: ArrayLike<number>;
  /**
   * Normal approach speed below which a contact closing is reported as a
   * 'contact' rather than an 'impact' event (default 1e-6). Reporting only.
   */
  readonly restVelocity?: number;
  readonly samples?: SampleSpec;
  readonly onProgress?: (fraction: number) => void;
  /**
   * Module functions constant, independent of t, q and q̇ (what Siconos'
   * LagrangianLinearTIDS and LagrangianLinearTIR declare): each is evaluated
   * once, at the start, instead of every step. Default: the module's own
   * derived flags (model.constant; none without them); given, it overrides
   * them. Checked at the start against a second, distant state ('invalid-option').
   */
  readonly constant?: { readonly massMatrix?: boolean; readonly forcing?: boolean; readonly gapJacobian?: boolean };
  /**
   * Start each step's contact problem from the previous step's impulses (default true; false: from the
   * approaching contacts without friction, from zero impulses with it).
   */
  readonly warmStart?: boolean;
  /** Spatial contacts' friction cone (friction-lcp.ts): 'exact' (default), or { pyramid: K }, the inscribed K-faceted pyramid. */
  readonly cone?: FrictionCone;
}

/** A Moreau–Jean run always has its complementarity statistics (frictionless steps: normal-contacts.ts, pivoting with Lemke as the fallback; frictional: friction-lcp.ts). */
export interface MoreauJeanTrajectory extends Trajectory {
  readonly stats: SimulationStats & { readonly lcp: LcpStats };
}

/**
 * Steps in a row with a positive impulse after which a contact is reported
 * at 'rest': a bounce always has a step without impulse (the flight), a
 * resting contact takes an impulse h·(load) every step.
 */
const REST_STEPS = 3;
/** Iterations of the implicit velocity update before the step is given up (it converges in 2–4 on every example at h ≤ 1e-2). */
const MAX_FIXED_POINT_ITERATIONS = 50;
/** The relative change of v⁺ at which the fixed point settles: a few ulps above the roundoff of one evaluation of the map. */
const EXACT_SETTLE = 1e-13;
/** A pivoting answer's residual, relative to its velocity scale, times this is where the fixed point settles after it (settleAfter). */
const SETTLE_PER_RESIDUAL = 100;

/**
 * Simulate with the Moreau–Jean scheme. Events are reported at step
 * resolution: 'impact'/'contact' at the end of the step whose impulse
 * closes a contact, 'rest' at the start of a run of REST_STEPS impulsive
 * steps, 'release' when a resting contact takes no impulse, 'stick'/'slip'
 * when a pressed Coulomb contact stops or starts sliding.
 */
export function simulateMoreauJean(module: LoadedModule, opts: MoreauJeanOptions): MoreauJeanTrajectory {
  validateRun(module, opts, [
    ['q0', opts.q0],
    ['qd0', opts.qd0],
  ]);
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
  if (!(h > 0 && h <= opts.t1 - t0))
    problems.push(new SimulationError('invalid-option', 'input', `h = ${h} must be positive and at most t1 − t0`, { model: name, field: 'h' }));
  const maxSteps = opts.maxSteps ?? 10_000_000;
  if (!(Number.isInteger(maxSteps) && maxSteps > 0))
    problems.push(new SimulationError('invalid-option', 'input', `maxSteps = ${maxSteps} must be a positive integer`, { model: name, field: 'maxSteps' }));
  else if (h > 0 && (opts.t1 - t0) / h > maxSteps) {
    problems.push(
      new SimulationError(
        'max-steps',
        'input',
        `h = ${h} over t1 − t0 = ${opts.t1 - t0} takes ${((opts.t1 - t0) / h).toPrecision(3)} steps, more than maxSteps = ${maxSteps}; take a larger h or raise maxSteps`,
        { model: name, field: 'maxSteps' },
      ),
    );
  }
  if (!(theta >= 0 && theta <= 1))
    problems.push(new SimulationError('invalid-option', 'input', `theta = ${theta} must lie in [0, 1]`, { model: name, field: 'theta' }));
  if (module.model.constraintCount > 0) {
    problems.push(
      new SimulationError(
        'retaining-unsupported',
        'input',
        'the Moreau–Jean scheme here handles unilateral constraints only; this model also has retaining constraints (use simulate)',
        { model: name, field: 'constraintCount' },
      ),
    );
  }
  if (opts.restitution !== undefined && opts.restitution.length !== m) {
    problems.push(
      new SimulationError('state-length', 'input', `restitution has ${opts.restitution.length} entries, the model has ${m} unilateral constraints`, {
        model: name,
        field: 'restitution',
      }),
    );
  }
  // An override is held to the limit the module records for the contact's own coefficient (src/model/limits.ts).
  Array.from(opts.restitution ?? []).forEach((v, j) => {
    const law = module.model.unilateral[j]?.law;
    const limit = law ? restitutionLimit(law) : 1;
    if (!(v >= 0 && v <= limit)) {
      const range =
        limit === 1
          ? '[0, 1] (above 1 every impact gains energy; the model admits more only where it declares allowSuperelastic)'
          : '[0, ∞) (allowSuperelastic)';
      problems.push(
        new SimulationError(
          'bad-restitution',
          'input',
          `restitution[${j}] (${module.model.unilateral[j]?.name ?? j}) is ${v}; it must be a number in ${range}`,
          {
            model: name,
            field: 'restitution',
          },
        ),
      );
    }
  });
  throwAll(problems, name);
  // With slip rows, 'stick' is a law of its own (friction-lcp); without, a
  // 'stick' contact is refused unless restitution coefficients are given
  // (restitutionCoefficients), and then acts on its normal only.
  const friction = hasSlipRows(module);
  if (friction) requireStickRows(module);
  requireCone(module, opts.cone);
  const e = opts.restitution
    ? Float64Array.from(opts.restitution)
    : friction
      ? requireFunctions(module, ['restitution'], 'simulateMoreauJean').restitution(t0, params, new Float64Array(m))
      : restitutionCoefficients(module, params);

  const kin = new GapKinematics(mod, params);
  const activity = new ContactActivity(mod, params);
  /** Whether each contact pressed (P_N > 0) the last step it was in the index set. */
  const engaged = new Array<boolean>(m).fill(false);
  /** The current step's index set as flags. */
  const inSet = new Array<boolean>(m).fill(false);
  /** Whether each contact pressed in the fixed point's last iteration, and those whose last iteration changed that. */
  const pressed = new Array<boolean>(m).fill(false);
  const switching: number[] = [];
  const rows = new ContactRows(mod, params, 'simulateMoreauJean');
  // Friction coefficients are expressions of the parameters, like e: read once.
  const mu = rows.friction(t0);
  const q = Float64Array.from(opts.q0),
    v = Float64Array.from(opts.qd0);
  // Periodic angles stepped reduced (trajectory.ts AngleTurns), their turns back on every reported q: the
  // rounding of q_k + h(…) and the index set's tolerance 8ε·max|q| are then those of an angle in (−π, π].
  const angles = new AngleTurns(module);
  angles.reduce(q);
  const qNext = new Float64Array(n),
    vNext = new Float64Array(n);
  const Mq = new Float64Array(n * n),
    G = new Float64Array(m * n);
  const F0 = new Float64Array(n),
    F1 = new Float64Array(n),
    F1last = new Float64Array(n),
    R = new Float64Array(n);
  const vFree = new Float64Array(n),
    qTilde = new Float64Array(n),
    qPred = new Float64Array(n);
  const P = new Float64Array(m),
    Ptan = new Float64Array(rows.ms);
  // M's factors and the Delassus matrix, kept while M and G keep their values.
  const cache = new DelassusCache(n, m, massSolver(module));
  const constant = checkConstants(mod, opts, params, cache, Mq, F0, G);
  // Frictionless steps: the index set's LCP by warm-started pivoting (normal-contacts.ts).
  const frictionless = rows.ms === 0;
  const tally = new LcpTally();
  const warmStart = opts.warmStart ?? true;
  const normal = new NormalContacts(m, cache, kin, e, restVelocity, warmStart, tally);
  /** Each contact's normal velocity U_k,N while it is in the step's index set. */
  const Un = normal.U;
  let evaluations = 0;
  const failure = (code: SimulationErrorCode, message: string, field: string, t: number, qs: Float64Array, vs: Float64Array): SimulationError =>
    new SimulationError(code, 'numeric', message, { model: name, field }, t, [], { q: angles.unwrap(qs), qd: Array.from(vs) });

  /** A frictional step's contact problem: the rows of I at (t_{k+1}, q_k), U_k, and the contacts' laws. */
  interface StepContacts {
    readonly I: readonly number[];
    readonly H: Float64Array;
    readonly Uk: Float64Array;
    readonly contacts: FrictionContact[];
    /** Per contact of I after the last solve, frictionPhase's mode code (phaseModes). */
    modes: number[];
    /** The last solve's U_free and impulses, per row of H (before the first solve: the last step's, with warmStart). */
    uFree: ArrayLike<number>;
    impulses: ArrayLike<number>;
    /** The relative change of v⁺ at which the fixed point settles after the last solve (settleAfter). */
    settle: number;
  }
  const stepContacts = (I: readonly number[], t: number): StepContacts => {
    const Uk = rows.rates(t, q, v, I, new Float64Array(rows.rowCount(I)));
    const contacts = rows.contacts(I, mu, Uk, restVelocity);
    let row = 0;
    I.forEach((j, a) => {
      Un[j] = Uk[row]!;
      row += 1 + contacts[a]!.slip;
    });
    // The first solve starts from the last step's impulses (P, Ptan until this step's overwrite them), as Siconos' warm start does.
    const impulses = warmStart ? rows.gather(I, P, Ptan, new Float64Array(Uk.length)) : [];
    return { I, H: rows.rows(t, q, I), Uk, contacts, modes: [], uFree: [], impulses, settle: EXACT_SETTLE };
  };
  const indexSet = (): number[] => Array.from(normal.I.subarray(0, normal.count));
  const unsolvable = (I: readonly number[], status: string, t: number): SimulationError => {
    const names = I.map((j) => module.model.unilateral[j]!.name).join(', ');
    // A 'stick' contact jammed or stick rows that contradict each other: the law has no solution (Painlevé's inconsistency at the impulse level).
    if (status === 'stick-inconsistent' || status === 'inconsistent-stick-rows') {
      return failure(
        'contact-inconsistent',
        `the contact problem of ${names} has no solution (${status}): a 'stick' contact would need a tangential impulse without a normal one (jammed)`,
        'unilateral',
        t,
        q,
        v,
      );
    }
    return failure(
      'lcp-failed',
      `the contact problem of ${names} has no solution the solver finds (${status}); dependent contacts with incompatible laws?`,
      'unilateral',
      t,
      q,
      v,
    );
  };

  /**
   * Add the contact impulses of the index set to v (= v_free on entry):
   * v⁺ = v_free + M⁻¹H_IᵀP with P from the frictional contact problem.
   */
  const frictionalImpulses = (sc: StepContacts, vf: Float64Array, t: number): void => {
    const { I, H, Uk } = sc;
    const r = Uk.length;
    // X = M⁻¹ H_Iᵀ, one column per row; D = H_I X.
    const X = Float64Array.from(H);
    for (let a = 0; a < r; a++) cache.solveMass(X, a * n);
    const D = delassus(n, H, X);
    const slipCount = (j: number): number => rows.slipCount(j);
    const uFree = rows.rates(t, q, vf, I, new Float64Array(r));
    // The law of every driver with U⁻ = U_k (impact-law.ts). The statistics count each solve that
    // succeeds, a fallback's included; one that fails has no residual, and the ladder moves past it.
    const sol = applyImpactLaw({ uMinus: Uk, uFree, W: D, e, contacts: I, slipCount, pinned: sc.contacts.map((c) => c.mu === Infinity), restVelocity }, (b) => {
      // From the last iteration's impulses: where the law has several answers the fixed point keeps to one.
      const start = sc.impulses.length === b.length ? sc.impulses : undefined;
      const s = solveFrictionLcp({ contacts: sc.contacts, W: D, b }, { cone: opts.cone, start });
      if (s.status === 'ok') tally.lemke(s);
      return { sol: s, mu: s.impulses };
    }).solved.sol;
    if (sol.status !== 'ok') throw unsolvable(I, sol.status, t);
    sc.modes = phaseModes(sc.contacts, sol);
    sc.uFree = uFree;
    sc.impulses = sol.impulses;
    sc.settle = settleAfter(sol, Uk, uFree);
    P.fill(0);
    Ptan.fill(0);
    rows.scatter(I, sol.impulses, P, Ptan);
    for (let a = 0; a < r; a++) for (let i = 0; i < n; i++) vf[i] += X[a * n + i] * sol.impulses[a];
  };
  /** The stop at the step's start of the slides stopping within it (stopping-slides.ts); undefined where none does. */
  const stoppedStart = (sc: StepContacts, t: number): SlideStop | undefined => {
    const { I, H, Uk, contacts } = sc;
    const slides = {
      n,
      H,
      before: Uk,
      after: rows.rates(t, q, vNext, I, new Float64Array(Uk.length)),
      contacts,
      free: sc.uFree,
      normalImpulses: I.map((j) => P[j]!),
      // phaseModes: 2 is sticking.
      stuck: sc.modes.map((mode) => mode === 2),
      restVelocity,
    };
    const S = stoppingRows(slides);
    return S.length > 0 ? stopSlides(slides, S, (x, off) => cache.solveMass(x, off)) : undefined;
  };
  const kept = new KeptStep<StepContacts>(v, vNext, qNext, P, Ptan);
  const runs = new Int32Array(m);
  /** Per contact, the end of the first step of its current run of impulsive steps: where a rest is dated. */
  const runStart: ({ t: number; q: number[]; qd: number[] } | undefined)[] = new Array(m).fill(undefined);
  const resting = new Array<boolean>(m).fill(false);
  /** Mode code of each contact after the previous step (0 outside the index set). */
  let lastModes = new Array<number>(m).fill(0);
  const events: SimulationEvent[] = [];
  // The step's contacts by event, reused from step to step (an event takes a copy).
  const closing: number[] = [],
    touching: number[] = [],
    released: number[] = [],
    nowResting: number[] = [];
  const end = new StepEnd(qNext, vNext, angles);

  const samples = { t: [] as number[], q: [] as number[][], qd: [] as number[][], energy: [] as number[] };
  const energy = module.energy;
  const sampler = new GridSampler(outputGrid(t0, opts.t1, opts.samples), 2 * n, (s, x) => {
    samples.t.push(s);
    samples.q.push(angles.unwrap(x));
    samples.qd.push(toArray(x, n, 2 * n));
    if (energy) samples.energy.push(energy(s, x.subarray(0, n), x.subarray(n, 2 * n), params));
  });
  const progress = new Progress(t0, opts.t1, opts.onProgress);
  const x = new Float64Array(2 * n);
  x.set(q, 0);
  x.set(v, n);
  sampler.at(t0, x);

  const stepView = new LinearStep(q, v, qNext, vNext, x, t0, h);
  const fixedMap = constant.massMatrix && constant.forcing;
  /** With fixedMap, the step length whose M⁻¹h(θF₁ + (1 − θ)F₀) R holds: the same h gives the same R, not solved again. */
  let kickOf = NaN;
  const steps = Math.ceil((opts.t1 - t0) / h - 1e-9);
  for (let k = 0; k < steps; k++) {
    const tk = t0 + k * h;
    const t1k = k === steps - 1 ? opts.t1 : tk + h;
    const hk = t1k - tk;
    stepView.start = tk;
    stepView.length = hk;

    // A predicted gap within rounding of 0 is contact: a resting contact's
    // ġ is 0 only to the rounding of the step's solve (±1e-17 with friction),
    // and without the tolerance a block resting on a belt hopped off it.
    let qScale = 1;
    for (let i = 0; i < n; i++) {
      qPred[i] = q[i] + 0.5 * hk * v[i];
      qScale = Math.max(qScale, Math.abs(qPred[i]));
    }
    const gPred = kin.gaps(tk + 0.5 * hk, qPred);
    const I = normal.I;
    // The last step's index set leaves inSet before I is made again.
    for (let a = 0; a < normal.count; a++) inSet[I[a]!] = false;
    let nI = 0;
    activity.wake(gPred);
    for (let j = 0; j < m; j++) if (gPred[j] <= 8 * Number.EPSILON * qScale && (engaged[j] || activity.admits(tk, q, v, j))) I[nI++] = j;
    normal.count = nI;
    for (let a = 0; a < nI; a++) inSet[I[a]!] = true;
    activity.settle(tk, q, v, gPred, inSet);
    let sc = nI > 0 && !frictionless ? stepContacts(indexSet(), t1k) : undefined;
    if (nI > 0 && frictionless) {
      // G at (t_{k+1}, q_k) into the cache (unless constant), and U_k of I.
      if (!constant.gapJacobian) cache.setJacobian(mod.gapJacobian(t1k, q, params, G));
      normal.approach(t1k, q, v);
    }
    // The step, taken again from v_k with the slides stopped at its start where a Coulomb
    // contact's slide stops within it (stopping-slides.ts); each pass stops at least one more.
    let stop: SlideStop | undefined;
    for (let pass = 0; ; pass++) {
      if (!constant.forcing) {
        mod.forcing(tk, q, v, params, F0);
        evaluations++;
      }
      // Fixed point on v⁺, started from the explicit (θ = 0) velocity.
      vNext.set(v);
      let converged = false;
      for (let iter = 0; iter < MAX_FIXED_POINT_ITERATIONS && !converged; iter++) {
        // q_{k+1} and q̃ are read only by a forcing or a mass matrix that is not constant.
        if (!fixedMap) {
          for (let i = 0; i < n; i++) {
            qNext[i] = q[i] + hk * (theta * vNext[i] + (1 - theta) * v[i]);
            qTilde[i] = q[i] + theta * (qNext[i] - q[i]);
          }
        }
        const version = cache.version;
        if (!constant.massMatrix && !cache.setMass(mod.massMatrix(tk + theta * hk, qTilde, params, Mq))) {
          throw failure(
            'singular-mass-matrix',
            'singular mass matrix at this state; the model has a configuration where M loses rank (massless links?)',
            'massMatrix',
            tk,
            q,
            v,
          );
        }
        if (!constant.forcing) {
          mod.forcing(t1k, qNext, vNext, params, F1);
          evaluations++;
        }
        const F = constant.forcing ? F0 : F1;
        // The map v⁺ ↦ v_free + M⁻¹H_IᵀP reads v⁺ only through M(q̃) and F(q_{k+1}, v⁺): where
        // both kept their values, it returns what it returned last time (vNext), exactly.
        if (iter > 0 && version === cache.version && (constant.forcing || sameValues(F1, F1last))) {
          converged = true;
          break;
        }
        if (!constant.forcing) F1last.set(F1);
        if (!fixedMap || hk !== kickOf) {
          for (let i = 0; i < n; i++) R[i] = hk * (theta * F[i] + (1 - theta) * F0[i]);
          cache.solveMass(R);
          if (fixedMap) kickOf = hk;
        }
        for (let i = 0; i < n; i++) vFree[i] = v[i] + R[i];
        if (sc) frictionalImpulses(sc, vFree, t1k);
        else if (nI > 0) {
          const status = normal.impulses(t1k, q, vFree, P);
          if (status !== 'ok') throw unsolvable(indexSet(), status, t1k);
        } else {
          P.fill(0);
          Ptan.fill(0);
        }
        switching.length = 0;
        for (let a = 0; a < nI; a++) {
          const j = I[a]!;
          if (iter > 0 && P[j]! > 0 !== pressed[j]) switching.push(j);
          pressed[j] = P[j]! > 0;
        }
        let change = 0,
          scale = Number.MIN_VALUE;
        if (!fixedMap) {
          for (let i = 0; i < n; i++) {
            change = Math.max(change, Math.abs(vFree[i] - vNext[i]));
            scale = Math.max(scale, Math.abs(vFree[i]), Math.abs(R[i]));
          }
        }
        vNext.set(vFree);
        // Settled within EXACT_SETTLE, or as far as the contact problem's answer is determined (settleAfter).
        // With M and F both constant the map does not read v⁺ at all: its first value is its fixed point.
        converged = fixedMap || change <= (sc?.settle ?? EXACT_SETTLE) * scale;
      }
      if (!converged && switching.length > 0) {
        const names = switching.map((j) => module.model.unilateral[j]!.name).join(', ');
        throw failure(
          'contact-inconsistent',
          `the implicit velocity update alternated for ${MAX_FIXED_POINT_ITERATIONS} iterations between ${names} pressing and staying idle: its impulse changes the velocity after the step, and with it the forces and the mass matrix there, enough to undo the approach that called for it, so this step (h = ${+hk.toPrecision(6)}) has no consistent contact outcome; a smaller h weakens that feedback, unless the contact is jammed at this state`,
          'unilateral',
          tk,
          q,
          v,
        );
      }
      if (!converged) {
        throw failure(
          'max-steps',
          `the implicit velocity update did not converge in ${MAX_FIXED_POINT_ITERATIONS} iterations (cap MAX_FIXED_POINT_ITERATIONS); reduce h (stiff force: hθ‖M⁻¹∂F/∂v‖ + h²θ²‖M⁻¹∂F/∂q‖ must stay below 1)`,
          'h',
          tk,
          q,
          v,
        );
      }
      for (let i = 0; i < n; i++) {
        qNext[i] = q[i] + hk * (theta * vNext[i] + (1 - theta) * v[i]);
        if (!Number.isFinite(qNext[i]) || !Number.isFinite(vNext[i])) {
          throw failure('non-finite-state', 'the state became non-finite; reduce h', 'state', t1k, q, v);
        }
      }
      // A stop whose impulses leave a cone is no Coulomb law: the step as taken before it stands.
      if (stop && !withinCones(stop, sc!.contacts, sc!.impulses)) {
        sc = kept.restore();
        break;
      }
      if (!sc || pass === m) break;
      stop = stoppedStart(sc, t1k);
      if (!stop) break;
      kept.save(sc);
      for (let i = 0; i < n; i++) v[i] += stop.dv[i]!;
      sc = stepContacts(sc.I, t1k);
    }

    // Step-resolution events, with the state at the end of the step (an
    // impact: q_{k+1}, v_k before the step's impulses, v_{k+1} after them).
    if (closing.length > 0) closing.length = 0;
    if (touching.length > 0) touching.length = 0;
    if (released.length > 0) released.length = 0;
    if (nowResting.length > 0) nowResting.length = 0;
    end.reset();
    for (let a = 0; a < nI; a++) engaged[I[a]!] = P[I[a]!]! > 0;
    for (let j = 0; j < m; j++) {
      if (P[j] > 0) {
        if (runs[j] === 0) {
          (Un[j]! < -restVelocity ? closing : touching).push(j);
          runStart[j] = { t: t1k, ...end.get() };
        }
        runs[j]++;
        if (!resting[j] && runs[j] >= REST_STEPS) {
          resting[j] = true;
          nowResting.push(j);
        }
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
      const friction = modes ? { tangentImpulses: toArray(Ptan, 0, Ptan.length), modes } : {};
      events.push({
        t: t1k,
        type: 'impact',
        contacts: closing.slice(),
        q: end.get().q,
        qd: toArray(v, 0, n),
        qdPlus: end.get().qd,
        impulses: toArray(P, 0, m),
        ...friction,
      });
    }
    if (touching.length > 0) events.push({ t: t1k, type: 'contact', contacts: touching.slice(), ...end.get() });
    if (released.length > 0) events.push({ t: t1k, type: 'release', contacts: released.slice(), ...end.get() });
    // A rest dates from the first step of its run of impulsive steps (all
    // the contacts resting now began theirs on the same step).
    if (nowResting.length > 0) events.push({ ...runStart[nowResting[0]!]!, type: 'rest', contacts: nowResting.slice() });
    // A held Coulomb contact whose slip stops ('stick') or starts ('slip')
    // in this step, at step resolution like the other events.
    if (modes) {
      const sticks: number[] = [],
        slips: number[] = [];
      for (let j = 0; j < m; j++) {
        if (Math.abs(lastModes[j]!) === 1 && modes[j] === 2 && P[j] > 0) sticks.push(j);
        if (lastModes[j] === 2 && Math.abs(modes[j]!) === 1 && P[j] > 0) slips.push(j);
      }
      if (sticks.length > 0) events.push({ t: t1k, type: 'stick', contacts: sticks, ...end.get(), modes });
      if (slips.length > 0) events.push({ t: t1k, type: 'slip', contacts: slips, ...end.get(), modes });
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
    angles.reduce(q);
    progress.update(t1k);
  }
  const { t, q: qs, qd, energy: en } = samples;
  // `evaluations` counts forcing evaluations: one per step and one per fixed-point iteration (none with a constant forcing).
  return { model: name, t, q: qs, qd, ...(energy ? { energy: en } : {}), events, stats: { steps, rejected: 0, evaluations, lcp: { ...tally } } };
}

/**
 * The relative change of v⁺ at which the fixed point settles after a
 * frictional solve: v⁺ is no better determined than the contact problem's
 * answer. Where impulses are not unique (a box flat on four corners: twelve
 * rows of rank six), a rounding-level change of b moves the answer to
 * another, and v⁺ with it, by the answer's residual times W's conditioning:
 * with the pyramid the box flat alternated between two sticking answers
 * (residual 1e-14 on a velocity scale of 2e-2) 4.3e-14 apart (h = 2e-3,
 * t = 0.682), and between an exact and a regularized one (residual 4e-13)
 * 3e-13 apart (t = 0.634). So the fixed point settles at SETTLE_PER_RESIDUAL
 * times a pivoting answer's relative residual, and at CONE_TOLERANCE after the exact cone's iterations (which accept
 * an answer within it: the box flat cycled 6.4e-8 apart at θ = 1, t = 0.657).
 */
function settleAfter(sol: { readonly sweeps: number; readonly residual: number }, Uk: ArrayLike<number>, uFree: ArrayLike<number>): number {
  if (sol.sweeps > 0) return CONE_TOLERANCE;
  if (!(sol.residual > 0)) return EXACT_SETTLE;
  let scale = 0;
  for (let i = 0; i < Uk.length; i++) scale = Math.max(scale, Math.abs(Uk[i]!), Math.abs(uFree[i]!));
  return scale > 0 ? Math.max(EXACT_SETTLE, (SETTLE_PER_RESIDUAL * sol.residual) / scale) : EXACT_SETTLE;
}

/** The mode codes of every contact after the step (0 for contacts outside the index set). */
function modeCodes(sc: { readonly I: readonly number[]; readonly modes: readonly number[] }, m: number): number[] {
  const modes = new Array<number>(m).fill(0);
  sc.I.forEach((j, a) => (modes[j] = sc.modes[a] ?? 0));
  return modes;
}

function sameValues(a: Float64Array, b: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Evaluate the functions declared constant (opts.constant, else model.constant) once, into the
 * cache (M, G) and F0, after checking each at a second state: t0 + 1, q and
 * q̇ moved by 1 + |x| in every coordinate. The declaration is the caller's
 * knowledge (as Siconos' LagrangianLinearTIDS is): a function that differs
 * there is refused, one that differs elsewhere only is not detected.
 */
function checkConstants(
  mod: WithFunctions<'gaps' | 'gapJacobian'>,
  opts: MoreauJeanOptions,
  params: Params,
  cache: DelassusCache,
  M: Float64Array,
  F: Float64Array,
  G: Float64Array,
): { readonly massMatrix: boolean; readonly forcing: boolean; readonly gapJacobian: boolean } {
  const flags = opts.constant ?? mod.model.constant;
  const declared = { massMatrix: flags?.massMatrix ?? false, forcing: flags?.forcing ?? false, gapJacobian: flags?.gapJacobian ?? false };
  const name = mod.model.name;
  const t0 = opts.t0 ?? 0;
  const q = Float64Array.from(opts.q0),
    v = Float64Array.from(opts.qd0);
  const far = (x: Float64Array): Float64Array => x.map((xi) => xi + 1 + Math.abs(xi));
  const check = (
    field: keyof typeof declared,
    at: (t: number, q: Float64Array, v: Float64Array, out: Float64Array) => Float64Array,
    out: Float64Array,
  ): void => {
    at(t0, q, v, out);
    const other = at(t0 + 1, far(q), far(v), new Float64Array(out.length));
    if (!sameValues(out, other)) {
      throw new SimulationError('invalid-option', 'input', `constant.${field} was declared but ${field} changes with the state; leave it out`, {
        model: name,
        field: `constant.${field}`,
      });
    }
  };
  if (declared.massMatrix) {
    check('massMatrix', (t, x, _, out) => mod.massMatrix(t, x, params, out), M);
    if (!cache.setMass(M))
      throw new SimulationError('singular-mass-matrix', 'numeric', 'singular mass matrix; the model has a configuration where M loses rank (massless links?)', {
        model: name,
        field: 'massMatrix',
      });
  }
  if (declared.forcing) check('forcing', (t, x, xd, out) => mod.forcing(t, x, xd, params, out), F);
  if (declared.gapJacobian) {
    check('gapJacobian', (t, x, _, out) => mod.gapJacobian(t, x, params, out), G);
    cache.setJacobian(G);
  }
  return declared;
}

/** A step's outcome kept while it is taken again from a stop at its start (stopping-slides.ts), to be restored where the stop is refused. */
class KeptStep<S> {
  private readonly buffers: Float64Array[];
  private readonly copies: Float64Array[];
  private sc: S | undefined;

  constructor(...buffers: Float64Array[]) {
    this.buffers = buffers;
    this.copies = buffers.map((b) => new Float64Array(b.length));
  }

  save(sc: S): void {
    this.buffers.forEach((b, i) => this.copies[i]!.set(b));
    this.sc = sc;
  }

  restore(): S {
    this.buffers.forEach((b, i) => b.set(this.copies[i]!));
    return this.sc!;
  }
}

/** The state at the end of a step for its events, copied only for a step that has one (most steps have none). */
class StepEnd {
  private state: { q: number[]; qd: number[] } | undefined;

  constructor(
    private readonly q: Float64Array,
    private readonly v: Float64Array,
    private readonly angles: AngleTurns,
  ) {}

  reset(): void {
    this.state = undefined;
  }

  get(): { q: number[]; qd: number[] } {
    return (this.state ??= { q: this.angles.unwrap(this.q), qd: toArray(this.v, 0, this.v.length) });
  }
}

/**
 * The sampler's view of a step: between the step's ends q and v are both
 * linear in t. With v held at the step's end value a sample's energy rose
 * above the run's start (the bouncing ball +0.39 %, the block on the incline
 * +1.1 % at h = 1e-3): T is convex in v, so for a constant M and a linear V
 * the interpolated state's energy lies between the ends', which never rise. A class,
 * not an object with a closure: the sampler's call of eval then has the same
 * target in every run, and the JIT's code for it survives from run to run.
 */
class LinearStep {
  constructor(
    private readonly q: Float64Array,
    private readonly v: Float64Array,
    private readonly qNext: Float64Array,
    private readonly vNext: Float64Array,
    readonly y: Float64Array,
    public t: number,
    public length: number,
    public start = t,
  ) {}

  eval(s: number, out: Float64Array): Float64Array {
    const { q, v, qNext, vNext } = this;
    const n = q.length;
    // A grid time within roundoff of the step's end, on either side (fromStep's margin), takes the
    // end state: k·h and the grid's arithmetic differ in the last bit, and the fraction 1 − 1e-12
    // of an impact's jump in q̇ left a sample off the step's energy balance.
    const r = (s - this.start) / this.length;
    const w = r > 1 - 1e-9 ? 1 : r;
    for (let i = 0; i < n; i++) {
      out[i] = q[i]! + w * (qNext[i]! - q[i]!);
      out[n + i] = v[i]! + w * (vNext[i]! - v[i]!);
    }
    return out;
  }
}
