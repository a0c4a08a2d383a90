// The hybrid engine every event-driven driver runs: the event-driven run
// (hybrid.ts), the variational flow (analysis/variational.ts), which is the
// same run carrying the tangent state Φ after (q, q̇) and applying a
// saltation matrix at each reset, and the stiff compliant run
// (compliant.ts, on Radau IIA instead of DOPRI5). One phase of it (`integratePhase`): integrate the current mode step by step
// with dense output, measure its guards at each step's end, locate the
// first crossing (events.ts `firstCrossing`), hand every accepted step to
// the observer (the recorded trajectory: the run's output grid) up to the
// crossing; then the driver applies the Reset of the crossed guard's kind
// (guards.ts) through `applyReset` and starts the next mode.
// Tests: test/runtime/hybrid/engine.test.ts

import type { LoadedModule, Params } from '../contract.js';
import { integrate, type DenseStep, type IntegrationStats, type OdeFunction } from '../integrators/dopri5.js';
import { integrateStiff, type JacobianFunction } from '../integrators/radau5.js';
import { firstCrossing } from './events.js';
import type { Crossing, Guard, GuardMinimum, Resets } from './guards.js';
import { integrationError } from './trajectory.js';

/** One mode of a hybrid system as the engine integrates it. */
export interface HybridMode<C extends Crossing> {
  /** ẏ = f(t, y); y is the state (q, q̇), with the tangent state Φ after it for the variational flow. */
  readonly field: OdeFunction;
  /** The mode's guards on an accepted step, their values at its end measured here (those at its start by the previous step). */
  guards(step: DenseStep): Iterable<Guard>;
  /** The step ended without a crossing: its end values become the next step's start values. */
  advance(step: DenseStep): void;
  /** Interior minima of guards with a rate (firstCrossing's onMinimum). */
  readonly onMinimum?: (m: GuardMinimum) => void;
  /** The crossing as the driver keeps it, taken while the step's interpolant is valid (dopri5.ts: only inside the step callback). */
  keep(step: DenseStep, c: Crossing): C;
}

/** What the engine records of the motion: every accepted step, up to `until` on the step with the crossing. */
export type PhaseObserver = (step: DenseStep, until?: number) => void;

export interface PhaseOptions {
  readonly rtol: number;
  readonly atol: number;
  readonly hmax?: number;
  readonly maxSteps: number;
  readonly observer?: PhaseObserver;
  /** Moves the state by a period of the field after each step (DOPRI5's shift: an angle reduced by 2π). */
  readonly shift?: (y: Float64Array) => void;
  /** Integrate with Radau IIA (radau5.ts) instead of DOPRI5, with the field's Jacobian where there is one (else differences). */
  readonly stiff?: { readonly jacobian?: JacobianFunction };
  /** What an integration failure's error names: the module, its parameters, and the time a non-finite start is reported at. */
  readonly failure: { readonly module: LoadedModule; readonly params: Params; readonly t0: number };
}

/** Where a phase ended: at the first crossing (its state), or at tEnd. */
export interface Phase<C extends Crossing> {
  readonly t: number;
  readonly y: Float64Array;
  readonly crossing?: C;
  readonly stats: IntegrationStats;
}

/** Integrate a mode from (t, y) to tEnd or to the first crossing of its guards (see the header); a failed integration throws. */
export function integratePhase<C extends Crossing>(mode: HybridMode<C>, t: number, y: Float64Array, tEnd: number, opts: PhaseOptions): Phase<C> {
  let crossing: C | undefined;
  const integrator = {
    rtol: opts.rtol,
    atol: opts.atol,
    hmax: opts.hmax,
    maxSteps: opts.maxSteps,
    onStep: (step: DenseStep): 'stop' | undefined => {
      const c = firstCrossing(step, mode.guards(step), mode.onMinimum);
      if (c) {
        crossing = mode.keep(step, c);
        opts.observer?.(step, c.t);
        return 'stop';
      }
      opts.observer?.(step);
      mode.advance(step);
      return undefined;
    },
  };
  const stiff = opts.stiff;
  const result = stiff
    ? integrateStiff(mode.field, t, y, tEnd, { ...integrator, ...(stiff.jacobian ? { jacobian: stiff.jacobian } : {}) })
    : integrate(mode.field, t, y, tEnd, { ...integrator, ...(opts.shift ? { shift: opts.shift } : {}) });
  if (result.status !== 'done' && result.status !== 'stopped') {
    const { module, params, t0 } = opts.failure;
    throw integrationError(result.status, { module, params, t: result.t, y: result.y }, t0, opts.maxSteps);
  }
  return crossing ? { t: crossing.t, y: crossing.y, crossing, stats: result.stats } : { t: result.t, y: result.y, stats: result.stats };
}

/**
 * Apply the driver's reset for the crossed guard's kind: Guard → Crossing →
 * Reset. A crossing of a kind the driver has no reset for is a driver bug
 * (it watched a guard it cannot handle).
 */
export function applyReset<Outcome, C extends Crossing>(resets: Resets<Outcome, C>, crossing: C): Outcome {
  const reset = resets[crossing.guard.kind];
  if (!reset) throw new Error(`no reset for a '${crossing.guard.kind}' crossing`);
  return reset(crossing);
}
