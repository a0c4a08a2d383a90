// The bouncing ball of derivations/bouncing-ball.ts (m = 1, g = 9.81, e =
// 0.8, dropped from y = 1 at rest), simulated two ways, the lines
//   { bench: 'moreau-jean', model, contacts, h, steps, stepsPerSec, … }
//   { bench: 'event-driven', model, tRest, wallMs, … }
// of npm run bench (bench/run.ts). Moreau–Jean (θ = ½) over [0, t1] is what
// Siconos' line (bench/peers/siconos_ball.py) runs too; `impacts` are the
// first impact times of both, to compare. The event-driven run locates
// every impact and ends the cascade at its accumulation point, the rest
// time t* = t₀ + 2v₀e/(g(1 − e)) with t₀ = √(2y₀/g), v₀ = √(2gy₀).
import * as ball from '../generated/bouncing-ball.js';
import { simulate } from '../src/runtime/simulate.js';
import { simulateMoreauJean } from '../src/runtime/moreau-jean.js';
import { median, round, timed } from './stats.js';

const Y0 = 1;
const G = 9.81;
const E = 0.8;

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
}

export interface EventDrivenLine {
  readonly bench: 'event-driven';
  readonly model: string;
  readonly tRest: number;
  readonly wallMs: number;
  readonly tRestExact: number;
  readonly impacts: number;
}

/** Moreau–Jean with step h over [0, t1]: the median of `reps` runs. */
export function moreauJeanBall(h: number, t1: number, reps = 5): MoreauJeanLine {
  const runs = Array.from({ length: reps }, () => timed(() => simulateMoreauJean(ball, { q0: [Y0], qd0: [0], t1, h, samples: 2 })));
  const [trajectory] = runs[0]!;
  const { steps } = trajectory.stats;
  const wall = median(runs.map(([, ms]) => ms));
  return {
    bench: 'moreau-jean',
    model: ball.model.name,
    contacts: ball.model.unilateral.length,
    h,
    steps,
    stepsPerSec: Math.round((steps / wall) * 1000),
    t1,
    impacts: trajectory.events.filter((e) => e.type === 'impact').slice(0, 8).map((e) => round(e.t, 6)),
    lcpSolves: trajectory.stats.lcp?.solves ?? 0,
  };
}

/** The event-driven run over [0, t1] (past the rest time): median wall time of `reps`. */
export function eventDrivenBall(t1: number, reps = 5): EventDrivenLine {
  const runs = Array.from({ length: reps }, () => timed(() => simulate(ball, { q0: [Y0], qd0: [0], t1 })));
  const [trajectory] = runs[0]!;
  const rest = trajectory.events.find((e) => e.type === 'rest');
  const v0 = Math.sqrt(2 * G * Y0);
  return {
    bench: 'event-driven',
    model: ball.model.name,
    tRest: rest ? rest.accumulation ?? rest.t : NaN,
    wallMs: round(median(runs.map(([, ms]) => ms)), 2),
    tRestExact: Math.sqrt((2 * Y0) / G) + (2 * v0 * E) / (G * (1 - E)),
    impacts: trajectory.events.filter((e) => e.type === 'impact').length,
  };
}
