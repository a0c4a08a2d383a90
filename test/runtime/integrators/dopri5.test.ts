import { describe, expect, it } from 'vitest';
import { integrate, type DenseStep } from '../../../src/runtime/integrators/dopri5.js';

describe('Dormand–Prince 5(4)', () => {
  it('follows exponential decay y = e^{−t} to the requested tolerance', () => {
    const r = integrate((_t, y, out) => void (out[0] = -y[0]), 0, [1], 5, { rtol: 1e-12, atol: 1e-14 });
    expect(r.status).toBe('done');
    expect(r.t).toBe(5);
    expect(Math.abs(r.y[0] - Math.exp(-5)) / Math.exp(-5)).toBeLessThan(1e-10);
  });

  it('returns a harmonic oscillator to its initial state after one period 2π', () => {
    const r = integrate(
      (_t, y, out) => {
        out[0] = y[1];
        out[1] = -y[0];
      },
      0,
      [1, 0],
      2 * Math.PI,
      { rtol: 1e-12, atol: 1e-14 },
    );
    expect(r.status).toBe('done');
    expect(Math.abs(r.y[0] - 1)).toBeLessThan(1e-10);
    expect(Math.abs(r.y[1])).toBeLessThan(1e-10);
  });

  it('reuses the last stage (FSAL): six evaluations per attempted step plus the initial two', () => {
    const r = integrate((_t, y, out) => void (out[0] = Math.cos(y[0])), 0, [0], 3);
    expect(r.stats.evaluations).toBe(2 + 6 * (r.stats.accepted + r.stats.rejected));
  });

  it('interpolates free fall y = h − g t²/2 exactly between steps (dense output of order 4)', () => {
    const g = 9.81;
    let worst = 0;
    integrate(
      (_t, y, out) => {
        out[0] = y[1];
        out[1] = -g;
      },
      0,
      [2, 0],
      3,
      {
        onStep: (step) => {
          const buf = new Float64Array(2);
          for (let k = 0; k <= 10; k++) {
            const s = step.tPrev + ((step.t - step.tPrev) * k) / 10;
            step.eval(s, buf);
            worst = Math.max(worst, Math.abs(buf[0] - (2 - (g * s * s) / 2)), Math.abs(buf[1] + g * s));
          }
        },
      },
    );
    expect(worst).toBeLessThan(1e-13);
  });

  it('interpolates y = sin t between steps to the accuracy of the steps', () => {
    let worst = 0;
    const steps: number[] = [];
    integrate((t, _y, out) => void (out[0] = Math.cos(t)), 0, [0], 10, {
      rtol: 1e-10,
      atol: 1e-12,
      onStep: (step) => {
        steps.push(step.t);
        const buf = new Float64Array(1);
        for (let k = 1; k < 8; k++) {
          const s = step.tPrev + ((step.t - step.tPrev) * k) / 8;
          worst = Math.max(worst, Math.abs(step.eval(s, buf)[0] - Math.sin(s)));
        }
        // The interpolant passes through both step values.
        expect(step.eval(step.tPrev, buf)[0]).toBe(step.yPrev[0]);
        expect(Math.abs(step.eval(step.t, buf)[0] - step.y[0])).toBeLessThan(1e-15);
      },
    });
    expect(steps.length).toBeGreaterThan(5);
    expect(worst).toBeLessThan(1e-9);
  });

  it('stops at the step where the callback says stop', () => {
    let calls = 0;
    let stopAt = NaN;
    const r = integrate((_t, y, out) => void (out[0] = -y[0]), 0, [1], 10, {
      onStep: (step: DenseStep) => {
        calls++;
        if (step.y[0] < 0.5) {
          stopAt = step.t;
          return 'stop';
        }
      },
    });
    expect(r.status).toBe('stopped');
    expect(r.t).toBe(stopAt);
    expect(r.stats.accepted).toBe(calls);
    expect(r.y[0]).toBeCloseTo(Math.exp(-stopAt), 7);
  });

  it('reports step-size underflow at the finite-time escape of y′ = y² (y = 1/(1 − t))', () => {
    const r = integrate((_t, y, out) => void (out[0] = y[0] * y[0]), 0, [1], 2);
    expect(r.status).toBe('step-underflow');
    expect(Math.abs(r.t - 1)).toBeLessThan(1e-6);
  });

  it('reports a non-finite right-hand side instead of integrating NaN', () => {
    const r = integrate((t, _y, out) => void (out[0] = t < 0.5 ? 1 : NaN), 0, [0], 1);
    expect(r.status).toBe('non-finite');
    expect(r.t).toBeLessThanOrEqual(0.5);
    expect(integrate((_t, _y, out) => void (out[0] = NaN), 0, [0], 1).status).toBe('non-finite');
  });

  it('gives up after maxSteps attempts', () => {
    const r = integrate(
      (_t, y, out) => {
        out[0] = y[1];
        out[1] = -1e4 * y[0];
      },
      0,
      [1, 0],
      100,
      { maxSteps: 50 },
    );
    expect(r.status).toBe('max-steps');
    expect(r.stats.accepted + r.stats.rejected).toBe(50);
    expect(r.t).toBeLessThan(100);
  });

  it('honours hmax', () => {
    let largest = 0;
    integrate((_t, _y, out) => void (out[0] = 1), 0, [0], 1, { hmax: 0.01, onStep: (s) => void (largest = Math.max(largest, s.t - s.tPrev)) });
    expect(largest).toBeLessThanOrEqual(0.01 + 1e-15);
  });
});

describe('shift: the state moved by a period of f after each step', () => {
  // A whirling pendulum θ'' = −sin θ (energy above the top): θ gains 2π a turn.
  const pendulum = (_t: number, y: Float64Array, out: Float64Array): void => {
    out[0] = y[1]!;
    out[1] = -Math.sin(y[0]!);
  };
  it('keeps θ in (−π, π], the FSAL stage reused (no extra evaluation), and the motion that of θ unreduced', () => {
    let turns = 0;
    const shift = (y: Float64Array): void => {
      const k = Math.round(y[0]! / (2 * Math.PI));
      y[0] = y[0]! - k * 2 * Math.PI;
      turns += k;
    };
    let widest = 0;
    const reduced = integrate(pendulum, 0, [0, 3], 60, {
      rtol: 1e-10,
      atol: 1e-12,
      shift,
      onStep: (s) => void (widest = Math.max(widest, Math.abs(s.yPrev[0]!))),
    });
    const plain = integrate(pendulum, 0, [0, 3], 60, { rtol: 1e-10, atol: 1e-12 });
    expect(widest).toBeLessThanOrEqual(Math.PI);
    expect(turns).toBeGreaterThan(20);
    // f at t0, Hairer's starting-step estimate, then six stages per attempt.
    expect(reduced.stats.evaluations).toBe(2 + 6 * (reduced.stats.accepted + reduced.stats.rejected));
    expect(Math.abs(reduced.y[0]! + turns * 2 * Math.PI - plain.y[0]!)).toBeLessThan(1e-6);
    expect(Math.abs(reduced.y[1]! - plain.y[1]!)).toBeLessThan(1e-7);
  });
});
