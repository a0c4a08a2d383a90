import { describe, expect, it } from 'vitest';
import { integrate, type DenseStep } from '../../../src/runtime/integrators/dopri5.js';
import { crosses, locateEvent, locateOnInterval, type CrossingDirection, type EventFunction, type EventLocation } from '../../../src/runtime/hybrid/events.js';

/** First event of g along an integration from t0 to t1 (stops there). */
function firstEvent(
  f: (t: number, y: Float64Array, out: Float64Array) => void, y0: number[], t1: number, g: EventFunction, direction: CrossingDirection,
): EventLocation | undefined {
  let found: EventLocation | undefined;
  integrate(f, 0, y0, t1, {
    rtol: 1e-12, atol: 1e-14,
    onStep: (step: DenseStep) => {
      const e = locateEvent(g, step, direction);
      if (e.status === 'found') {
        found = e;
        return 'stop';
      }
    },
  });
  return found;
}

const freeFall = (g: number) => (_t: number, y: Float64Array, out: Float64Array): void => {
  out[0] = y[1];
  out[1] = -g;
};

describe('event location on dense output', () => {
  it('finds the landing time √(2h/g) of a dropped ball to 1e-12 relative', () => {
    const g = 9.81, h = 1.7;
    const e = firstEvent(freeFall(g), [h, 0], 10, (_t, y) => y[0], 'falling')!;
    const exact = Math.sqrt((2 * h) / g);
    expect(e.status).toBe('found');
    expect(Math.abs(e.t - exact) / exact).toBeLessThan(1e-12);
    // The returned point is on the crossed side and the bracket is tight.
    expect(e.g).toBeLessThanOrEqual(0);
    expect(e.t - e.tBefore).toBeLessThanOrEqual(1e-12 * e.t);
    expect(e.y[1]).toBeCloseTo(-g * exact, 10);
  });

  it('finds the quarter period π/2 of x = cos t as a falling zero of x', () => {
    const e = firstEvent((_t, y, out) => { out[0] = y[1]; out[1] = -y[0]; }, [1, 0], 10, (_t, y) => y[0], 'falling')!;
    expect(Math.abs(e.t - Math.PI / 2)).toBeLessThan(1e-10);
  });

  it('ignores crossings against the declared direction', () => {
    const osc = (_t: number, y: Float64Array, out: Float64Array): void => { out[0] = y[1]; out[1] = -y[0]; };
    // x = cos t rises through zero first at 3π/2.
    const rising = firstEvent(osc, [1, 0], 10, (_t, y) => y[0], 'rising')!;
    expect(Math.abs(rising.t - 1.5 * Math.PI)).toBeLessThan(1e-10);
    const either = firstEvent(osc, [1, 0], 10, (_t, y) => y[0], 'either')!;
    expect(Math.abs(either.t - 0.5 * Math.PI)).toBeLessThan(1e-10);
  });

  it('does not fire for a guard that starts exactly at zero (an event just handled)', () => {
    // Ball launched upward from the floor: gap 0 at the start, rising, then falling back at t = 2v/g.
    const g = 9.81, v = 3;
    const e = firstEvent(freeFall(g), [0, v], 10, (_t, y) => y[0], 'falling')!;
    expect(Math.abs(e.t - (2 * v) / g) / ((2 * v) / g)).toBeLessThan(1e-12);
  });

  it('classifies guard values just above, below and exactly at zero', () => {
    expect(crosses(1e-300, 0, 'falling')).toBe(true);
    expect(crosses(1e-300, -1e-300, 'falling')).toBe(true);
    expect(crosses(0, -1, 'falling')).toBe(false);
    expect(crosses(1, 1e-300, 'falling')).toBe(false);
    expect(crosses(-1, 0, 'rising')).toBe(true);
    expect(crosses(0, 1, 'rising')).toBe(false);
    expect(crosses(-1, 1, 'falling')).toBe(false);
    expect(crosses(-1, 1, 'either')).toBe(true);
    expect(crosses(1, -1, 'either')).toBe(true);
  });

  it('refines a sub-interval bracket and converges on a discontinuous guard', () => {
    // A step of y = t on [0, 1]; guard jumps from +1 to −1 at t = 0.3 (like a contact force flipping sign).
    const step = {
      tPrev: 0, t: 1, yPrev: Float64Array.of(0), y: Float64Array.of(1),
      eval: (s: number, out: Float64Array) => { out[0] = s; return out; },
    };
    const g: EventFunction = (_t, y) => (y[0] <= 0.3 ? 1 : -1);
    const e = locateOnInterval(g, step, 0.1, 1, 0.9, -1);
    expect(e.status).toBe('found');
    expect(Math.abs(e.t - 0.3)).toBeLessThan(1e-13);
    expect(e.g).toBe(-1);
    expect(e.iterations).toBeLessThan(100);
  });
});
