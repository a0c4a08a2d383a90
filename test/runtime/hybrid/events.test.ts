import { describe, expect, it } from 'vitest';
import { integrate, type DenseStep } from '../../../src/runtime/integrators/dopri5.js';
import {
  crosses,
  firstCrossing,
  locateEvent,
  locateOnInterval,
  type CrossingDirection,
  type DenseInterval,
  type EventFunction,
  type EventLocation,
} from '../../../src/runtime/hybrid/events.js';
import type { Guard } from '../../../src/runtime/hybrid/guards.js';

/** First event of g along an integration from t0 to t1 (stops there). */
function firstEvent(
  f: (t: number, y: Float64Array, out: Float64Array) => void,
  y0: number[],
  t1: number,
  g: EventFunction,
  direction: CrossingDirection,
): EventLocation | undefined {
  let found: EventLocation | undefined;
  integrate(f, 0, y0, t1, {
    rtol: 1e-12,
    atol: 1e-14,
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

const freeFall =
  (g: number) =>
  (_t: number, y: Float64Array, out: Float64Array): void => {
    out[0] = y[1];
    out[1] = -g;
  };

describe('event location on dense output', () => {
  it('finds the landing time √(2h/g) of a dropped ball to 1e-12 relative', () => {
    const g = 9.81,
      h = 1.7;
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
    const e = firstEvent(
      (_t, y, out) => {
        out[0] = y[1];
        out[1] = -y[0];
      },
      [1, 0],
      10,
      (_t, y) => y[0],
      'falling',
    )!;
    expect(Math.abs(e.t - Math.PI / 2)).toBeLessThan(1e-10);
  });

  it('ignores crossings against the declared direction', () => {
    const osc = (_t: number, y: Float64Array, out: Float64Array): void => {
      out[0] = y[1];
      out[1] = -y[0];
    };
    // x = cos t rises through zero first at 3π/2.
    const rising = firstEvent(osc, [1, 0], 10, (_t, y) => y[0], 'rising')!;
    expect(Math.abs(rising.t - 1.5 * Math.PI)).toBeLessThan(1e-10);
    const either = firstEvent(osc, [1, 0], 10, (_t, y) => y[0], 'either')!;
    expect(Math.abs(either.t - 0.5 * Math.PI)).toBeLessThan(1e-10);
  });

  it('does not fire for a guard that starts exactly at zero (an event just handled)', () => {
    // Ball launched upward from the floor: gap 0 at the start, rising, then falling back at t = 2v/g.
    const g = 9.81,
      v = 3;
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
      tPrev: 0,
      t: 1,
      yPrev: Float64Array.of(0),
      y: Float64Array.of(1),
      eval: (s: number, out: Float64Array) => {
        out[0] = s;
        return out;
      },
    };
    const g: EventFunction = (_t, y) => (y[0] <= 0.3 ? 1 : -1);
    const e = locateOnInterval(g, step, 0.1, 1, 0.9, -1);
    expect(e.status).toBe('found');
    expect(Math.abs(e.t - 0.3)).toBeLessThan(1e-13);
    expect(e.g).toBe(-1);
    expect(e.iterations).toBeLessThan(100);
  });
});

/** One step [0, T] of a free flight h(t) = h0 + v t − g t²/2, its dense output exact. */
function flight(h0: number, v: number, g: number, T: number): DenseInterval {
  const at = (s: number, out: Float64Array): Float64Array => {
    out[0] = h0 + v * s - (g * s * s) / 2;
    out[1] = v - g * s;
    return out;
  };
  return { tPrev: 0, t: T, yPrev: at(0, new Float64Array(2)), y: at(T, new Float64Array(2)), eval: at };
}

/** The gap guard of such a flight: h with its rate ḣ (excursions) unless `bare`. */
function heightGuard(step: DenseInterval, extra: Partial<Guard> = {}, bare = false): Guard {
  const rate = { value: (_t: number, y: Float64Array) => y[1]!, a: step.yPrev[1]!, b: step.y[1]!, excursions: 'both' } as const;
  return { kind: 'gap', contact: 0, direction: 'falling', value: (_t, y) => y[0]!, a: step.yPrev[0]!, b: step.y[0]!, ...(bare ? {} : { rate }), ...extra };
}

describe('firstCrossing: the one entry point, guards with excursions', () => {
  const g = 9.81;

  it('finds a dip through zero and back inside one step (both ends above) before the minimum, which the motion never reaches', () => {
    // h = 0.1 − 2t + (g/2)t² on [0, 0.4] (0.0848 at the end): minimum 0.1 − 2/g at 2/g, first root (2 − √(4 − 0.2g))/g.
    const step = flight(0.1, -2, -g, 0.4);
    const minima: number[] = [];
    const c = firstCrossing(step, [heightGuard(step)], (m) => minima.push(m.t, m.value))!;
    expect(c.t).toBeCloseTo((2 - Math.sqrt(4 - 2 * g * 0.1)) / g, 12);
    expect(minima).toEqual([]);
    // Without its rate the guard sees only the ends, both above: no crossing.
    expect(firstCrossing(step, [heightGuard(step, {}, true)])).toBeUndefined();
  });

  it('finds a whole bounce from below (both ends at or below zero) after its maximum', () => {
    const step = flight(-0.01, 2, g, 0.45);
    const c = firstCrossing(step, [heightGuard(step)])!;
    expect(c.t).toBeCloseTo((2 + Math.sqrt(4 - 2 * g * 0.01)) / g, 12);
    expect(c.y[0]).toBeLessThanOrEqual(0);
    expect(c.t - c.tBefore).toBeLessThan(1e-13);
  });

  it('counts only the excursions a guard declares: a dip-only guard misses a whole bounce, a return-only guard a dip', () => {
    const bounce = flight(-0.01, 2, g, 0.45),
      dip = flight(0.1, -2, -g, 0.4);
    const only = (step: DenseInterval, excursions: 'dip' | 'return'): Guard => {
      const base = heightGuard(step);
      return { ...base, rate: { ...base.rate!, excursions } };
    };
    expect(firstCrossing(bounce, [only(bounce, 'dip')])).toBeUndefined();
    expect(firstCrossing(bounce, [only(bounce, 'return')])).toBeDefined();
    expect(firstCrossing(dip, [only(dip, 'return')])).toBeUndefined();
    expect(firstCrossing(dip, [only(dip, 'dip')])).toBeDefined();
  });

  it('mirrors both excursions for a rising guard', () => {
    // −h rises through zero where h falls.
    const step = flight(0.1, -2, -g, 0.4);
    const rising: Guard = {
      kind: 'section',
      contact: -1,
      direction: 'rising',
      value: (_t, y) => -y[0]!,
      a: -step.yPrev[0]!,
      b: -step.y[0]!,
      rate: { value: (_t, y) => -y[1]!, a: -step.yPrev[1]!, b: -step.y[1]!, excursions: 'both' },
    };
    expect(firstCrossing(step, [rising])!.t).toBeCloseTo(firstCrossing(step, [heightGuard(step)])!.t, 14);
  });

  it('a probe reports its minimum and never fires; a rejected crossing is none; a sink fires at h = −sink', () => {
    const step = flight(0.1, -2, -g, 0.4);
    let minimum = NaN;
    expect(firstCrossing(step, [heightGuard(step, { probe: true })], (m) => (minimum = m.value))).toBeUndefined();
    expect(minimum).toBeCloseTo(0.1 - 2 / g, 12);
    expect(firstCrossing(step, [heightGuard(step, { accept: () => false })])).toBeUndefined();
    // Sinking from −1e-12 (released at the surface) at 0.1 per unit time: h + 1e-9 falls through zero at t ≈ 1e-8.
    const sinking = flight(-1e-12, -0.1, 0, 1);
    const c = firstCrossing(sinking, [heightGuard(sinking, { sink: 1e-9 }, true)])!;
    expect(c.t).toBeCloseTo((1e-9 - 1e-12) / 0.1, 13);
  });

  /** One step [t0, t1] of a rotation θ = ω t, exact, and the guard h = c + cos θ with its rate. */
  const spinning = (t0: number, t1: number, omega: number, c: number, excursions: 'dip' | 'both' = 'both'): [DenseInterval, Guard] => {
    const at = (s: number, out: Float64Array): Float64Array => {
      out[0] = omega * s;
      return out;
    };
    const step = { tPrev: t0, t: t1, yPrev: at(t0, new Float64Array(1)), y: at(t1, new Float64Array(1)), eval: at };
    const h = (_t: number, y: Float64Array): number => c + Math.cos(y[0]!);
    const r = (_t: number, y: Float64Array): number => -omega * Math.sin(y[0]!);
    const rate = { value: r, a: r(t0, step.yPrev), b: r(t1, step.y), excursions };
    return [step, { kind: 'gap', contact: 0, direction: 'falling', value: h, a: h(t0, step.yPrev), b: h(t1, step.y), rate }];
  };

  it('finds the first of several dips in one step whose rate has the same sign at both ends', () => {
    // h = 0.9 + cos 20t on [0.01, 1]: three dips to −0.1, the first crossing at arccos(−0.9)/20; ḣ < 0 at both ends.
    const [step, guard] = spinning(0.01, 1, 20, 0.9);
    expect(guard.rate!.a < 0 && guard.rate!.b < 0 && guard.a > 0 && guard.b > 0).toBe(true);
    const minima: number[] = [];
    const c = firstCrossing(step, [guard], (m) => minima.push(m.t))!;
    expect(c.t).toBeCloseTo(Math.acos(-0.9) / 20, 12);
    expect(c.y[0]).toBeCloseTo(Math.acos(-0.9), 10);
    // The minima (the first at π/20) come after the crossing: none is reported.
    expect(minima).toEqual([]);
  });

  it('finds a grazing dip of a fast rotation and none where every dip stays above', () => {
    // 50 turns in one step, the dips 1e-3 below zero: the first at arccos(−0.999)/ω.
    const omega = 100 * Math.PI;
    const [deep, below] = spinning(0.001, 1, omega, 0.999);
    expect(firstCrossing(deep, [below])!.t).toBeCloseTo(Math.acos(-0.999) / omega, 12);
    const [shallow, above] = spinning(0.001, 1, omega, 1.001);
    const minima: number[] = [];
    expect(firstCrossing(shallow, [above], (m) => minima.push(m.value))).toBeUndefined();
    expect(minima.length).toBe(50);
    for (const v of minima) expect(v).toBeCloseTo(0.001, 12);
  });

  it('from the far side a dip-only guard fires at no later crossing, a guard with returns at the first one', () => {
    // h = −0.5 + cos 20t from t = 0.2 (h < 0): out above zero and back, three times.
    const [step, dipOnly] = spinning(0.2, 1, 20, -0.5, 'dip');
    expect(dipOnly.a).toBeLessThan(0);
    expect(firstCrossing(step, [dipOnly])).toBeUndefined();
    const [, both] = spinning(0.2, 1, 20, -0.5);
    // The first falling crossing after 0.2: 20t = 2π + π/3.
    expect(firstCrossing(step, [both])!.t).toBeCloseTo((2 * Math.PI + Math.PI / 3) / 20, 12);
  });

  it('returns the earliest crossing of several guards, with the guard that fired', () => {
    const step = flight(1, 0, g, 1);
    const at = (level: number, contact: number): Guard => ({
      kind: 'gap',
      contact,
      direction: 'falling',
      value: (_t, y) => y[0]! - level,
      a: step.yPrev[0]! - level,
      b: step.y[0]! - level,
    });
    const c = firstCrossing(step, [at(0.2, 0), at(0.5, 1), at(0.3, 2)])!;
    expect(c.guard.contact).toBe(1);
    expect(c.t).toBeCloseTo(Math.sqrt((2 * 0.5) / g), 12);
  });
});
