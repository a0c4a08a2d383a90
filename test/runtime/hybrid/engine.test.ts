import { describe, expect, it } from 'vitest';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import type { DenseStep } from '../../../src/runtime/integrators/dopri5.js';
import { applyReset, integratePhase, type HybridMode } from '../../../src/runtime/hybrid/engine.js';
import type { Crossing, Guard, GuardKind, Resets } from '../../../src/runtime/hybrid/guards.js';

/** A crossing of a guard of the given kind at t = 1 with the state (q, q̇) = (0, −2). */
function crossingOf(kind: GuardKind): Crossing {
  const guard: Guard = { kind, contact: 0, direction: 'falling', value: (_t, y) => y[0]!, a: 1, b: -1 };
  return { guard, t: 1, y: Float64Array.from([0, -2]), tBefore: 1 - 1e-14 };
}

describe('a reset maps the state before an event to the state after it', () => {
  // A ball on a floor: the gap's reset is Newton's law q̇⁺ = −e q̇⁻ (e = 1/2), a release's the identity.
  const resets: Resets<number[]> = {
    gap: (c) => [c.y[0]!, -0.5 * c.y[1]!],
    release: (c) => Array.from(c.y),
  };

  it('applies the reset of the crossed guard kind', () => {
    expect(applyReset(resets, crossingOf('gap'))).toEqual([0, 1]);
    expect(applyReset(resets, crossingOf('release'))).toEqual([0, -2]);
  });

  it('refuses a crossing of a kind the driver has no reset for', () => {
    expect(() => applyReset(resets, crossingOf('section'))).toThrow(/no reset for a 'section' crossing/);
  });
});

describe('a phase integrates one mode to the first crossing of its guards', () => {
  // A ball dropped from q = 1 under unit gravity: q̈ = −1, the floor's gap g = q reached at t = √2 with q̇ = −√2.
  const fall = (_t: number, y: Float64Array, out: Float64Array): void => {
    out[0] = y[1]!;
    out[1] = -1;
  };
  /** The floor's gap as a mode's guard, its start value carried from step to step; `watch: false` watches nothing. */
  function ballMode(watch: boolean): HybridMode<Crossing> & { advanced: number } {
    let a = 1;
    const mode = {
      advanced: 0,
      field: fall,
      guards: (step: DenseStep): Guard[] => (watch ? [{ kind: 'gap', contact: 0, direction: 'falling', value: (_t, y) => y[0]!, a, b: step.y[0]! }] : []),
      advance: (step: DenseStep): void => {
        a = step.y[0]!;
        mode.advanced++;
      },
      keep: (_step: DenseStep, c: Crossing): Crossing => c,
    };
    return mode;
  }
  const failure = { module: { model: { name: 'ball', coordinates: ['q'] } } as unknown as LoadedModule, params: {}, t0: 0 };
  const opts = { rtol: 1e-12, atol: 1e-14, maxSteps: 10_000, failure };

  it('stops at the impact, with the state there, and the observer records up to it', () => {
    const seen: (number | undefined)[] = [];
    const mode = ballMode(true);
    const phase = integratePhase(mode, 0, Float64Array.from([1, 0]), 10, { ...opts, hmax: 0.1, observer: (_step, until) => seen.push(until) });
    expect(phase.crossing?.guard.kind).toBe('gap');
    expect(phase.t).toBeCloseTo(Math.SQRT2, 12);
    expect(phase.y[0]).toBeCloseTo(0, 12);
    expect(phase.y[1]).toBeCloseTo(-Math.SQRT2, 12);
    // Every step before the crossing's was advanced and recorded whole; the last one up to the crossing.
    expect(seen.at(-1)).toBe(phase.t);
    expect(seen.slice(0, -1).every((u) => u === undefined)).toBe(true);
    expect(mode.advanced).toBe(seen.length - 1);
    expect(phase.stats.accepted).toBe(seen.length);
  });

  it('locates the same impact on the stiff integrator (Radau IIA), with the Jacobian of the field', () => {
    const jacobian = (_t: number, _y: Float64Array, out: Float64Array): void => void out.set([0, 1, 0, 0]);
    const phase = integratePhase(ballMode(true), 0, Float64Array.from([1, 0]), 10, { ...opts, stiff: { jacobian } });
    expect(phase.crossing?.guard.kind).toBe('gap');
    expect(phase.t).toBeCloseTo(Math.SQRT2, 10);
    expect(phase.y[1]).toBeCloseTo(-Math.SQRT2, 10);
  });

  it('runs to the end time where no guard crosses', () => {
    const phase = integratePhase(ballMode(false), 0, Float64Array.from([1, 0]), 2, opts);
    expect(phase.crossing).toBeUndefined();
    expect(phase.t).toBe(2);
    expect(phase.y[0]).toBeCloseTo(-1, 12);
  });

  it("reports a failed integration as the run's error", () => {
    expect(() => integratePhase(ballMode(false), 0, Float64Array.from([1, 0]), 10, { ...opts, maxSteps: 3 })).toThrow(/within 3 steps/);
  });
});
