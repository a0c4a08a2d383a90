// Time-stepping and event-driven runs, the lines
//   { bench: 'moreau-jean', model, contacts, h, steps, stepsPerSec, … }
//   { bench: 'event-driven', model, tRest, wallMs, … }
// of npm run bench (bench/run.ts). Moreau–Jean (θ = ½) from the model's
// declared initial state over [0, t1] is what Siconos' lines
// (bench/peers/siconos_moreau_jean.py) run too; `impacts` are the first
// impact times, to compare. The event-driven run of the bouncing ball of
// derivations/bouncing-ball.ts (m = 1, g = 9.81, e = 0.8, dropped from
// y₀ = 1 at rest) locates every impact and ends the cascade at its
// accumulation point, the rest time t* = t₀ + 2v₀e/(g(1 − e)) with
// t₀ = √(2y₀/g), v₀ = √(2gy₀).
// For the many-contact models the line also times the dense route beside
// the module's (`denseCpuUsPerStep`, `sparseSpeedup`): the same run with
// the module's massFactor/massSolve taken away, so that M is factored and
// solved with the dense Cholesky (delassus-cache.ts), what a module without
// M's pattern would run. With M and F declared constant both routes use M
// only at the run's start (its factor, M⁻¹F and the columns M⁻¹G_jᵀ,
// moreau-jean.ts): the ratio is that of those, spread over the steps.
import * as ball from '../generated/bouncing-ball.js';
import type { LoadedModule } from '../src/runtime/contract.js';
import { simulate } from '../src/runtime/hybrid/simulate.js';
import { simulateMoreauJean, type MoreauJeanOptions } from '../src/runtime/hybrid/moreau-jean.js';
import { median, round, timed } from './stats.js';

export interface MoreauJeanLine {
  readonly bench: 'moreau-jean';
  readonly model: string;
  readonly contacts: number;
  readonly h: number;
  readonly steps: number;
  readonly stepsPerSec: number;
  readonly t1: number;
  readonly impacts: number[];
  readonly lcpSolves: number;
  /** The run's complementarity statistics (MoreauJeanLcpStats): supports tried, warm-start hits, Lemke fallbacks, worst residual. */
  readonly lcpIterations: number;
  readonly warmStartHits: number;
  readonly lcpFallbacks: number;
  readonly lcpResidual: number;
  /** CPU µs per step (median of the timed runs), and the same by the dense route with its ratio to ours. */
  readonly cpuUsPerStep: number;
  readonly denseCpuUsPerStep?: number;
  readonly sparseSpeedup?: number;
}

export interface EventDrivenLine {
  readonly bench: 'event-driven';
  readonly model: string;
  readonly tRest: number;
  readonly wallMs: number;
  readonly tRestExact: number;
  readonly impacts: number;
}

/**
 * The three models are linear and time-invariant (M, the forcing and the gap
 * Jacobian constant), and said so, as the Siconos script says it with
 * LagrangianLinearTIDS and LagrangianLinearTIR: each is evaluated once.
 */
const LINEAR_TIME_INVARIANT: MoreauJeanOptions['constant'] = { massMatrix: true, forcing: true, gapJacobian: true };

/** Untimed runs before the timed ones: at least this long (ms), for the JIT, whose optimizing compiler takes up to a second on a loaded machine. */
const WARM_UP_MS = 1500;

/** The module without its factor and solve with M: delassus-cache.ts then takes the dense Cholesky. */
const denseRoute = (mod: LoadedModule): LoadedModule => ({ ...mod, massFactor: undefined, massSolve: undefined });

/** CPU milliseconds (user + system) of this process so far. */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Moreau–Jean with step h over [0, t1] from the declared initial state: the
 * median of `reps` runs after WARM_UP_MS of untimed runs (the JIT's
 * warm-up; the steady state the pendulum's rhsNs is timed in), or after
 * one untimed run when reps = 1 (the quick bench, which times nothing).
 * With `dense`, every run is followed by one of the dense route (warmed
 * alike), so that a load that rises or falls weighs on both.
 */
export function moreauJean(mod: LoadedModule, h: number, t1: number, reps = 5, dense = false): MoreauJeanLine {
  const { q0, qd0 } = mod.model.initial;
  const runOf = (m: LoadedModule) => () => simulateMoreauJean(m, { q0, qd0, t1, h, samples: 2, constant: LINEAR_TIME_INVARIANT });
  const run = runOf(mod);
  const runDense = runOf(denseRoute(mod));
  const start = performance.now();
  do {
    run();
    if (dense) runDense();
  } while (reps > 1 && performance.now() - start < WARM_UP_MS);
  const cpu: number[] = [];
  const denseCpu: number[] = [];
  const runs = Array.from({ length: reps }, () => {
    const c0 = cpuMs();
    const r = timed(run);
    cpu.push(cpuMs() - c0);
    if (dense) {
      const c1 = cpuMs();
      runDense();
      denseCpu.push(cpuMs() - c1);
    }
    return r;
  });
  const [trajectory] = runs[0]!;
  const lcp = trajectory.stats.lcp;
  const { steps } = trajectory.stats;
  return {
    bench: 'moreau-jean',
    model: mod.model.name,
    contacts: mod.model.unilateral.length,
    h,
    steps,
    stepsPerSec: Math.round((steps / median(runs.map(([, ms]) => ms))) * 1000),
    t1,
    impacts: trajectory.events
      .filter((e) => e.type === 'impact')
      .slice(0, 8)
      .map((e) => round(e.t, 6)),
    lcpSolves: lcp.solves,
    lcpIterations: lcp.iterations,
    warmStartHits: lcp.warmStartHits,
    lcpFallbacks: lcp.fallbacks,
    lcpResidual: lcp.worstResidual,
    cpuUsPerStep: round((median(cpu) / steps) * 1000, 2),
    ...(dense
      ? {
          denseCpuUsPerStep: round((median(denseCpu) / steps) * 1000, 2),
          sparseSpeedup: round(median(denseCpu) / median(cpu), 2),
        }
      : {}),
  };
}

export const moreauJeanBall = (h: number, t1: number, reps = 5): MoreauJeanLine => moreauJean(ball, h, t1, reps);

/** The bouncing ball's event-driven run over [0, t1] (past the rest time): median wall time of `reps`. */
export function eventDrivenBall(t1: number, reps = 5): EventDrivenLine {
  const [y0] = ball.model.initial.q0 as [number];
  const p = (name: string): number => ball.model.parameters.find((x) => x.name === name)!.default;
  const g = p('g');
  const e = p('e');
  const runs = Array.from({ length: reps }, () => timed(() => simulate(ball, { q0: [y0], qd0: [0], t1 })));
  const [trajectory] = runs[0]!;
  const rest = trajectory.events.find((ev) => ev.type === 'rest');
  const v0 = Math.sqrt(2 * g * y0);
  return {
    bench: 'event-driven',
    model: ball.model.name,
    tRest: rest ? (rest.accumulation ?? rest.t) : NaN,
    wallMs: round(median(runs.map(([, ms]) => ms)), 2),
    tRestExact: Math.sqrt((2 * y0) / g) + (2 * v0 * e) / (g * (1 - e)),
    impacts: trajectory.events.filter((ev) => ev.type === 'impact').length,
  };
}
