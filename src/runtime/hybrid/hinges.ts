// The event-driven run of a body on a hinge with journal friction
// (smirnov1981 §2, examples 3 and 4): the pin always holds; while the joint
// turns, the round journal's friction opposes ω (contact/hinges.ts). Two
// modes:
//  - turning with s = sgn ω fixed at the phase's start; the guard 'stop' is
//    sω falling through 0;
//  - held (ω̇ = 0), valid while the moment μ the bearing must supply is
//    within what friction can give at the onset of turning,
//    |μ| ≤ f_r r |N| with |N| = |R|/√(1 + f²) (R the pin's reaction; the
//    pressure's resultant N and its friction f|N| ⟂ N make R); the guard
//    'cone' is that margin falling through 0. The joint then turns against
//    μ — the rest rule of §2 (after the prism: rest persists while the
//    load is within the friction bound).
// No consistent reaction while turning (past the threshold (2.5)) is the
// named error contact-inconsistent. Events: 'stick' when turning ends in
// rest, 'slip' when it starts.
// Tests: test/runtime/hybrid/hinges.test.ts
import type { LoadedModule } from '../contract.js';
import { heldMotion, hingeRate, hingeRowsLength, turningMotion, type HingeAtState } from '../contact/hinges.js';
import { SimulationError } from '../errors.js';
import { applyReset, integratePhase, type HybridMode } from './engine.js';
import type { Crossing, Guard, Resets } from './guards.js';
import {
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

/** Cap on mode changes (each restarts the integrator). */
const MAX_EVENTS = 10_000;

type HingeMode = { readonly kind: 'turn'; readonly s: 1 | -1 } | { readonly kind: 'rest' };

export function simulateHinge(module: LoadedModule, opts: SimulateOptions): Trajectory {
  validateRun(module, opts, [
    ['q0', opts.q0],
    ['qd0', opts.qd0],
  ]);
  const name = module.model.name;
  const hinge = module.model.hinges![0]!;
  const n = module.model.coordinates.length;
  const params = opts.params ?? {};
  const t0 = opts.t0 ?? 0;
  const mass = new Float64Array(n * n),
    forcing = new Float64Array(n),
    rows = new Float64Array(hingeRowsLength(n));
  const at = (s: number, y: Float64Array): HingeAtState => {
    const q = y.subarray(0, n),
      qd = y.subarray(n, 2 * n);
    module.massMatrix(s, q, params, mass);
    module.forcing(s, q, qd, params, forcing);
    module.hingeRows!(s, q, qd, params, rows);
    return { n, mass, forcing, rows };
  };
  const fail = (s: number, what: string): never => {
    throw new SimulationError('contact-inconsistent', 'numeric', `hinge ${hinge} at t = ${s}: ${what}`, { model: name, field: 'hinges' }, s);
  };
  const held = (s: number, y: Float64Array) =>
    heldMotion(at(s, y)) ?? fail(s, 'the held hinge has no reaction (the pin rows and the moment row are dependent)');
  const margin = (s: number, y: Float64Array): number => held(s, y).margin;

  const t = [] as number[],
    q = [] as number[][],
    qd = [] as number[][];
  const energy: number[] | undefined = module.energy ? [] : undefined;
  const sampler = new GridSampler(outputGrid(t0, opts.t1, opts.samples), 2 * n, (s, x) => {
    t.push(s);
    q.push(toArray(x, 0, n));
    qd.push(toArray(x, n, 2 * n));
    energy?.push(module.energy!(s, x.subarray(0, n), x.subarray(n, 2 * n), params));
  });
  const progress = new Progress(t0, opts.t1, opts.onProgress);
  const events: SimulationEvent[] = [];
  const record = (s: number, y: Float64Array, type: 'stick' | 'slip'): void => {
    events.push({ t: s, type, contacts: [], q: toArray(y, 0, n), qd: toArray(y, n, 2 * n) });
  };

  let time = t0;
  const x = new Float64Array(2 * n);
  x.set(Array.from(opts.q0), 0);
  x.set(Array.from(opts.qd0), n);
  sampler.at(t0, x);

  /** Turning with sgn ω where the joint turns (and has not just stopped); else held, or turning against the held moment. */
  const decide = (s: number, y: Float64Array, stopped: boolean): HingeMode => {
    const omega = hingeRate(at(s, y));
    const scale = 1e-9 * (1 + Math.max(...Array.from(y.subarray(n, 2 * n), Math.abs)));
    if (!stopped && Math.abs(omega) > scale) return { kind: 'turn', s: omega > 0 ? 1 : -1 };
    const hold = held(s, y);
    if (hold.margin >= 0) return { kind: 'rest' };
    return { kind: 'turn', s: hold.moment > 0 ? -1 : 1 };
  };

  let mode = decide(time, x, false);
  if (mode.kind === 'rest') record(time, x, 'stick');
  const field = (s: number, y: Float64Array, out: Float64Array): void => {
    let qdd: ArrayLike<number>;
    if (mode.kind === 'rest') qdd = held(s, y).qdd;
    else {
      const turning = turningMotion(at(s, y), mode.s);
      qdd =
        turning.kind === 'moving'
          ? turning.accelerations
          : fail(s, 'self-locking: no reaction of the journal is consistent with its friction moment (smirnov1981 (2.5), §3)');
    }
    for (let c = 0; c < n; c++) {
      out[c] = y[n + c]!;
      out[n + c] = qdd[c]!;
    }
  };
  const guardValue = (s: number, y: Float64Array): number => (mode.kind === 'rest' ? margin(s, y) : mode.s * hingeRate(at(s, y)));
  let before = guardValue(time, x);
  let after = before;
  const hybrid: HybridMode<Crossing> = {
    field,
    guards: (step) => {
      after = guardValue(step.t, step.y);
      const guard: Guard = { kind: mode.kind === 'rest' ? 'cone' : 'stop', contact: 0, direction: 'falling', value: guardValue, a: before, b: after };
      return [guard];
    },
    advance: (step) => {
      progress.update(step.t);
      before = after;
    },
    keep: (_step, c) => c,
  };
  let changes = 0;
  const restart = (): void => {
    sampler.at(time, x);
    progress.update(time);
    if (++changes > MAX_EVENTS)
      throw new SimulationError('too-many-events', 'numeric', `more than ${MAX_EVENTS} stops of hinge ${hinge}`, { model: name, field: 'hinges' }, time);
    const was = mode.kind;
    // At a stop ω is 0 up to the locator's tolerance: what follows is decided as from rest.
    mode = decide(time, x, was === 'turn');
    if (mode.kind !== was) record(time, x, mode.kind === 'rest' ? 'stick' : 'slip');
    before = guardValue(time, x);
  };
  const resets: Resets = { stop: restart, cone: restart };

  const stats = { steps: 0, rejected: 0, evaluations: 0 };
  while (time < opts.t1) {
    const phase = integratePhase(hybrid, time, x, opts.t1, {
      rtol: opts.rtol ?? DEFAULT_RTOL,
      atol: opts.atol ?? DEFAULT_ATOL,
      hmax: opts.hmax,
      maxSteps: opts.maxSteps ?? 100_000,
      observer: (step, until) => sampler.fromStep(step, until),
      failure: { module, params, t0 },
    });
    stats.steps += phase.stats.accepted;
    stats.rejected += phase.stats.rejected;
    stats.evaluations += phase.stats.evaluations;
    time = phase.t;
    x.set(phase.y);
    if (!phase.crossing) break;
    applyReset(resets, phase.crossing);
  }
  progress.update(opts.t1);
  return { model: name, t, q, qd, ...(energy ? { energy } : {}), events, stats };
}
