// Simulation of a model whose constraints are realized by forces (Kozlov's
// compliant contacts, gap potentials, Theorem 1 realizations): the generated
// rhs already holds every compliant term where it acts (its regions are
// branches in the module), so this driver integrates it with the stiff
// integrator (Radau IIA, radau5.ts, with the module's rhsJacobian) and only
// makes the steps restart at the kinks of the right-hand side: the switching
// surfaces f = 0 and, for a contact without adhesion, F_n = 0, located on the
// dense output (events.ts) from the module's compliantContacts: phases of
// the hybrid engine (engine.ts) whose only reset is a switch (Δ = id). A step that
// straddled a kink would be rejected down to tiny sizes (the force of a
// damped contact jumps by c ḟ at f = 0) or, worse, accepted with the
// smoothness the order of the method assumes broken.
//
// A contact is in contact while f ≤ 0 and, without adhesion, F_n ≥ 0 (closed
// sets, so a point resting on the surface with ḟ = 0 starts in contact, as
// Kozlov's (2.3)). Each change is an event: 'contact' when it starts,
// 'release' when it ends — at f = 0 with adhesion, where the force vanishes
// without (the point then flies inside the obstacle, force-free, back to
// f = 0). After the start, the state changes only at a located crossing and
// follows its direction: f rising through 0 leaves the obstacle, F_n falling
// through 0 releases, F_n rising through 0 (inside) touches again. The
// located point is the first of the final bracket on the crossed side, where
// the crossed function may be exactly 0 (a tilted gap −x sin b + y cos b
// rounds to 0 there): re-testing the closed sets at it would keep a leaving
// contact touching, and no release would ever be recorded. The state (q, q̇) is continuous at every switching surface, as in
// Kozlov's examples: entering an added-mass region with ḟ ≠ 0 therefore adds
// a ḟ²/2 to the energy there.
// Where a crossing is and which side it leaves a contact on is
// compliant-switching.ts's, shared with the variational flow.
// Periodic angles are integrated reduced (trajectory.ts AngleTurns), their
// turns back on every reported q. Radau IIA has no per-step shift, so the
// reduction happens where the integrator restarts: at the start and after
// each switching crossing, where the state is continuous and every function
// of the module is 2π-periodic in such an angle.
// Tests: test/runtime/hybrid/compliant.test.ts, test/unilateral/kozlov-realizations.test.ts.

import type { LoadedModule } from '../contract.js';
import { SimulationError } from '../errors.js';
import { CompliantSwitching } from '../contact/compliant-switching.js';
import { applyReset, integratePhase, type HybridMode } from './engine.js';
import type { Crossing, Resets } from './guards.js';
import {
  AngleTurns,
  DEFAULT_ATOL,
  DEFAULT_RTOL,
  GridSampler,
  Progress,
  outputGrid,
  toArray,
  validateRun,
  type SimulateOptions,
  type SimulationEvent,
  type Trajectory,
} from './trajectory.js';

/** Default cap on switching crossings (each restarts the integrator). */
const DEFAULT_MAX_EVENTS = 100_000;

export function simulateCompliant(module: LoadedModule, opts: SimulateOptions): Trajectory {
  validateRun(module, opts, [
    ['q0', opts.q0],
    ['qd0', opts.qd0],
  ]);
  const name = module.model.name;
  const contacts = module.model.compliant ?? [];
  const m = contacts.length;
  const n = module.model.coordinates.length;
  const params = opts.params ?? {};
  const switching = new CompliantSwitching(module, params);
  const t0 = opts.t0 ?? 0;
  const t = [] as number[],
    q = [] as number[][],
    qd = [] as number[][];
  const energy: number[] | undefined = module.energy ? [] : undefined;
  const angles = new AngleTurns(module);
  const sampler = new GridSampler(outputGrid(t0, opts.t1, opts.samples), 2 * n, (s, x) => {
    t.push(s);
    q.push(angles.unwrap(x));
    qd.push(toArray(x, n, 2 * n));
    energy?.push(module.energy!(s, x.subarray(0, n), x.subarray(n, 2 * n), params));
  });
  const progress = new Progress(t0, opts.t1, opts.onProgress);
  const maxEvents = opts.contact?.maxEvents ?? DEFAULT_MAX_EVENTS;
  const maxSteps = opts.maxSteps ?? 100_000;

  // [f, ḟ, F_n] per contact (the switching functions f and F_n), at the start and end of a step.
  const a = new Float64Array(3 * m),
    b = new Float64Array(3 * m);
  const touching = (values: ArrayLike<number>): boolean[] => contacts.map((_, j) => switching.touching(values, j));

  const f = (s: number, y: Float64Array, out: Float64Array): void => void module.rhs(s, y, params, out);
  const jacobian = module.rhsJacobian ? (s: number, y: Float64Array, out: Float64Array): void => void module.rhsJacobian!(s, y, params, out) : undefined;
  const events: SimulationEvent[] = [];
  const record = (s: number, y: Float64Array, type: 'contact' | 'release', list: number[]): void => {
    events.push({ t: s, type, contacts: list, q: angles.unwrap(y), qd: toArray(y, n, 2 * n) });
  };

  let time = t0;
  const x = new Float64Array(2 * n);
  x.set(Array.from(opts.q0), 0);
  x.set(Array.from(opts.qd0), n);
  angles.reduce(x);
  sampler.at(t0, x);
  const state = touching(switching.at(time, x, a));
  const initially = state.flatMap((on, j) => (on ? [j] : []));
  if (initially.length) record(time, x, 'contact', initially);
  const stats = { steps: 0, rejected: 0, evaluations: 0 };
  let crossings = 0;

  // One mode throughout (the rhs holds every branch): its guards are the
  // switching surfaces, their values at a step's start in a, at its end in b.
  const mode: HybridMode<Crossing> = {
    field: f,
    guards: (step) => {
      switching.at(step.t, step.y, b);
      return switching.guards(a, b);
    },
    advance: (step) => {
      progress.update(step.t);
      a.set(b);
    },
    keep: (_step, c) => c,
  };
  /** A switching surface: Δ = id; the crossed contact starts or stops touching. */
  const resets: Resets = {
    switch: (hit) => {
      sampler.at(time, x);
      progress.update(time);
      // Only the crossed contact changes: every other switching function kept its sign up to hit.t.
      const j = hit.guard.contact,
        on = switching.touchingAfter(hit, switching.at(time, x, a));
      if (on !== state[j]) record(time, x, on ? 'contact' : 'release', [j]);
      state[j] = on;
      if (++crossings > maxEvents) {
        throw new SimulationError(
          'too-many-events',
          'numeric',
          `more than ${maxEvents} switching crossings (cap contact.maxEvents)`,
          { model: name, field: 'contact.maxEvents' },
          time,
        );
      }
    },
  };

  while (time < opts.t1) {
    const phase = integratePhase(mode, time, x, opts.t1, {
      rtol: opts.rtol ?? DEFAULT_RTOL,
      atol: opts.atol ?? DEFAULT_ATOL,
      hmax: opts.hmax,
      maxSteps,
      observer: (step, until) => sampler.fromStep(step, until),
      failure: { module, params, t0 },
      stiff: { jacobian },
    });
    stats.steps += phase.stats.accepted;
    stats.rejected += phase.stats.rejected;
    stats.evaluations += phase.stats.evaluations;
    time = phase.t;
    x.set(phase.y);
    if (!phase.crossing) break;
    applyReset(resets, phase.crossing);
    angles.reduce(x);
  }
  progress.update(opts.t1);
  return { model: name, t, q, qd, ...(energy ? { energy } : {}), events, stats };
}
