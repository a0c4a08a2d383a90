// The event-driven run of a system that either moves against its friction
// or rests, friction deciding which (smirnov1981 §2–§3: support pairs that
// slide, a journal that turns). Each driver states its law: the mode at a
// state, the accelerations in a mode, and the guards that end a mode, each
// falling through 0 — in motion ('stop') the rate of the motion, at rest
// ('cone') the margin by which friction still holds. At a crossing the law
// decides the next mode as from rest (the rate is 0 up to the locator's
// tolerance). Events: 'stick' when motion ends in rest, 'slip' when it starts.
// Tests: test/runtime/hybrid/supports.test.ts, test/runtime/hybrid/hinges.test.ts
import type { LoadedModule } from '../contract.js';
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

/** A mode: at rest, or one of the law's motions. */
export interface RestOrMoveMode {
  readonly kind: string;
}

export interface RestOrMoveLaw<M extends RestOrMoveMode> {
  /** The model's field the run's errors name ('supports', 'hinges') and what changes, for the cap's message. */
  readonly field: string;
  readonly changes: string;
  /** The mode at a state; `stopped` where a motion has just ended. */
  decide(s: number, y: Float64Array, stopped: boolean): M;
  /** q̈ in mode m. */
  accelerations(s: number, y: Float64Array, m: M): ArrayLike<number>;
  /** The guards' values in mode m, each falling through 0 where the mode ends. */
  guards(s: number, y: Float64Array, m: M): number[];
}

const resting = (m: RestOrMoveMode): boolean => m.kind === 'rest';

export function simulateRestOrMove<M extends RestOrMoveMode>(module: LoadedModule, opts: SimulateOptions, law: RestOrMoveLaw<M>): Trajectory {
  validateRun(module, opts, [
    ['q0', opts.q0],
    ['qd0', opts.qd0],
  ]);
  const name = module.model.name;
  const n = module.model.coordinates.length;
  const params = opts.params ?? {};
  const t0 = opts.t0 ?? 0;

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

  let mode = law.decide(time, x, false);
  if (resting(mode)) record(time, x, 'stick');
  const field = (s: number, y: Float64Array, out: Float64Array): void => {
    const qdd = law.accelerations(s, y, mode);
    for (let c = 0; c < n; c++) {
      out[c] = y[n + c]!;
      out[n + c] = qdd[c]!;
    }
  };
  let before = law.guards(time, x, mode);
  let after = before;
  const hybrid: HybridMode<Crossing> = {
    field,
    guards: (step) => {
      after = law.guards(step.t, step.y, mode);
      return after.map(
        (b, j): Guard => ({
          kind: resting(mode) ? 'cone' : 'stop',
          contact: j,
          direction: 'falling',
          value: (s, y) => law.guards(s, y, mode)[j]!,
          a: before[j]!,
          b,
        }),
      );
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
      throw new SimulationError('too-many-events', 'numeric', `more than ${MAX_EVENTS} ${law.changes}`, { model: name, field: law.field }, time);
    const wasResting = resting(mode);
    mode = law.decide(time, x, !wasResting);
    if (resting(mode) !== wasResting) record(time, x, resting(mode) ? 'stick' : 'slip');
    before = law.guards(time, x, mode);
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
