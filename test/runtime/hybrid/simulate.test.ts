import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../../src/derive/system.js';
import { buildModel } from '../../../src/model/index.js';
import { SimulationError } from '../../../src/runtime/errors.js';
import { simulate, simulateHamilton } from '../../../src/runtime/hybrid/simulate.js';
import { blowUp } from '../../fixtures/blow-up.js';
import { harmonicOscillator } from '../../fixtures/harmonic-oscillator.js';
import { pendulum } from '../../fixtures/pendulum.js';
import { committedModule } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';
import { thrown as thrownAs } from '../../helpers/thrown.js';

/** Complete elliptic integral of the first kind K(k) by the arithmetic–geometric mean. */
function ellipticK(k: number): number {
  let a = 1,
    b = Math.sqrt(1 - k * k);
  while (Math.abs(a - b) > 1e-16 * a) [a, b] = [(a + b) / 2, Math.sqrt(a * b)];
  return Math.PI / (2 * a);
}

function maxRelativeDrift(e: number[]): number {
  return Math.max(...e.map((v) => Math.abs(v - e[0]) / Math.abs(e[0])));
}

const thrown = (fn: () => unknown): SimulationError => thrownAs(fn, SimulationError);

describe('simulate: harmonic oscillator', () => {
  const m = 2,
    k = 8,
    w = Math.sqrt(k / m);

  it('matches x0 cos ωt + (v0/ω) sin ωt on the output grid', () => {
    const r = simulate(harmonicOscillator, { q0: [0.5], qd0: [1.2], t1: 10, samples: 201, rtol: 1e-12, atol: 1e-14 });
    expect(r.t).toHaveLength(201);
    expect(r.t[0]).toBe(0);
    expect(r.t[200]).toBe(10);
    r.t.forEach((t, i) => {
      expect(Math.abs(r.q[i][0] - (0.5 * Math.cos(w * t) + (1.2 / w) * Math.sin(w * t)))).toBeLessThan(1e-10);
      expect(Math.abs(r.qd[i][0] - (-0.5 * w * Math.sin(w * t) + 1.2 * Math.cos(w * t)))).toBeLessThan(1e-10);
    });
    expect(r.events).toEqual([]);
    expect(r.stats.steps).toBeGreaterThan(0);
  });

  it('conserves energy ½mv² + ½kx² to 1e-9 relative over 10 s', () => {
    const r = simulate(harmonicOscillator, { q0: [1], qd0: [0], t1: 10, rtol: 1e-12, atol: 1e-14 });
    expect(r.energy![0]).toBeCloseTo(0.5 * k, 14);
    expect(maxRelativeDrift(r.energy!)).toBeLessThan(1e-9);
  });

  it('samples on a grid given by its spacing dt', () => {
    const r = simulate(harmonicOscillator, { q0: [1], qd0: [0], t1: 1, samples: { dt: 0.1 } });
    expect(r.t).toHaveLength(11);
    r.t.forEach((t, i) => expect(t).toBeCloseTo(0.1 * i, 14));
  });

  it('uses parameter overrides (k = 18 → ω = 3)', () => {
    const r = simulate(harmonicOscillator, { q0: [1], qd0: [0], t1: Math.PI / 3, samples: 2, params: { k: 18 }, rtol: 1e-12, atol: 1e-14 });
    expect(r.q[1][0]).toBeCloseTo(-1, 10);
  });

  it('gives the same motion from Hamilton’s equations as from Lagrange’s', () => {
    const opts = { q0: [0.3], t1: 10, samples: 101, rtol: 1e-12, atol: 1e-14 };
    const lag = simulate(harmonicOscillator, { ...opts, qd0: [-0.4] });
    const ham = simulateHamilton(harmonicOscillator, { ...opts, pm0: [m * -0.4] });
    lag.t.forEach((_, i) => {
      expect(Math.abs(ham.q[i][0] - lag.q[i][0])).toBeLessThan(1e-10);
      expect(Math.abs(ham.qd[i][0] - lag.qd[i][0])).toBeLessThan(1e-10);
      expect(Math.abs(ham.pm[i][0] - m * lag.qd[i][0])).toBeLessThan(1e-10);
    });
    expect(maxRelativeDrift(ham.energy)).toBeLessThan(1e-9);
  });
});

describe('simulate: simple pendulum', () => {
  const l = 0.8,
    g = 9.81,
    m = 1.5;

  it('swings with the period 4√(l/g) K(sin(θ0/2)) at large amplitude', () => {
    const theta0 = 2.5;
    const T = 4 * Math.sqrt(l / g) * ellipticK(Math.sin(theta0 / 2));
    const r = simulate(pendulum, { q0: [theta0], qd0: [0], t1: T, samples: 5, rtol: 1e-12, atol: 1e-14 });
    expect(Math.abs(r.q[1][0])).toBeLessThan(1e-9); // bottom at T/4
    expect(Math.abs(r.q[2][0] + theta0)).toBeLessThan(1e-9); // other extreme at T/2
    expect(Math.abs(r.q[4][0] - theta0)).toBeLessThan(1e-9);
    expect(Math.abs(r.qd[4][0])).toBeLessThan(1e-8);
  });

  it('conserves energy ½ml²θ̇² − mgl cos θ to 1e-9 relative over 10 s', () => {
    const r = simulate(pendulum, { q0: [1], qd0: [2], t1: 10, rtol: 1e-12, atol: 1e-14 });
    expect(r.energy![0]).toBeCloseTo(0.5 * m * l * l * 4 - m * g * l * Math.cos(1), 12);
    expect(maxRelativeDrift(r.energy!)).toBeLessThan(1e-9);
  });

  it('agrees between Lagrange and Hamilton integrations over 10 s', () => {
    const opts = { q0: [1], t1: 10, samples: 51, rtol: 1e-12, atol: 1e-14 };
    const lag = simulate(pendulum, { ...opts, qd0: [2] });
    const ham = simulateHamilton(pendulum, { ...opts, pm0: [m * l * l * 2] });
    lag.t.forEach((_, i) => {
      expect(Math.abs(ham.q[i][0] - lag.q[i][0])).toBeLessThan(1e-9);
      expect(Math.abs(ham.qd[i][0] - lag.qd[i][0])).toBeLessThan(1e-9);
    });
  });

  it('reports progress as increasing fractions, throttled, ending at 1', () => {
    const fractions: number[] = [];
    simulate(pendulum, { q0: [1], qd0: [0], t1: 10, rtol: 1e-12, atol: 1e-14, onProgress: (f) => fractions.push(f) });
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.length).toBeLessThanOrEqual(102);
    for (let i = 1; i < fractions.length; i++) {
      expect(fractions[i]).toBeGreaterThan(fractions[i - 1]);
      if (i < fractions.length - 1) expect(fractions[i] - fractions[i - 1]).toBeGreaterThanOrEqual(0.01);
    }
  });
});

describe('simulate: errors', () => {
  it('rejects q0 of the wrong length, naming the model and the field', () => {
    const e = thrown(() => simulate(pendulum, { q0: [1, 2], qd0: [0], t1: 1 }));
    expect(e).toMatchObject({ code: 'state-length', kind: 'input', where: { model: 'simple-pendulum', field: 'q0' } });
    expect(e.message).toContain('theta');
  });

  it('reports every input problem at once', () => {
    const e = thrown(() => simulate(pendulum, { q0: [NaN], qd0: [], t1: -1, params: { L: 2 } }));
    expect(e.problems.map((p) => p.code).sort()).toEqual(['invalid-time', 'non-finite-input', 'state-length', 'unknown-parameter']);
  });

  it('refuses an angle too large to take its turns off (θ = 1e300 would run from a reduced θ = 0), naming the coordinate', async () => {
    const rod = (await committedModule('falling-rod'))!;
    const e = thrown(() => simulate(rod, { q0: [0, 1, 1e300], qd0: [1, 0, 0], t1: 1 }));
    expect(e).toMatchObject({ code: 'bad-initial', kind: 'input', where: { model: 'falling-rod', field: 'q0' } });
    expect(e.message).toContain('theta');
    // x is not periodic: a large x is only a far start.
    expect(simulate(rod, { q0: [1e300, 1, 0.7], qd0: [0, 0, 0], t1: 0.1 }).t.at(-1)).toBe(0.1);
  });

  it('calls the generated module\'s checkParams: a string "1" is refused, not concatenated (M₁₁ = 11 for the double pendulum)', async () => {
    const mod = (await committedModule('double-pendulum'))!;
    const params = { m1: '1', m2: '1' } as unknown as Record<string, number>;
    const e = thrown(() => simulate(mod, { q0: [0.1, 0.2], qd0: [0, 0], t1: 1, params }));
    expect(e.problems.map((p) => [p.code, p.where.field])).toEqual([
      ['non-finite-input', 'params'],
      ['non-finite-input', 'params'],
    ]);
    expect(e.problems[0]!.message).toContain("parameter 'm1' is 1 (a string)");
  });

  it('traces a non-finite initial derivative (pendulum of zero length) to its singular mass matrix, with the state', () => {
    const e = thrown(() => simulate(pendulum, { q0: [1], qd0: [0], t1: 1, params: { l: 0 } }));
    expect(e).toMatchObject({ code: 'singular-mass-matrix', kind: 'numeric', where: { field: 'massMatrix' }, t: 0, state: { q: [1], qd: [0] } });
  });

  it('reports step-size underflow where q̈ = q³ escapes (t = √2)', () => {
    const e = thrown(() => simulate(blowUp, { q0: [1], qd0: [Math.SQRT1_2], t1: 2 }));
    expect(e).toMatchObject({ code: 'step-underflow', kind: 'numeric', where: { model: 'quartic-escape' } });
    expect(Math.abs(e.t! - Math.SQRT2)).toBeLessThan(1e-6);
  });

  it('refuses Hamilton integration from momenta of the wrong length', () => {
    const e = thrown(() => simulateHamilton(pendulum, { q0: [1], pm0: [1, 1], t1: 1 }));
    expect(e).toMatchObject({ code: 'state-length', where: { field: 'pm0' } });
  });
});

describe('a whirling pendulum from a large angle (θ only in cos θ: model.periodic)', () => {
  it('runs from θ = 10⁴ as from θ reduced mod 2π, its turns added back on output', async () => {
    // θ unreduced carried an error scale atol + rtol·|θ| of 1e-4 rad at 10⁴; reduced after every step it stays that
    // of an angle in (−π, π], wherever the motion started and however many turns it makes (about 30 here).
    const spec = (await import('../../../derivations/simple-pendulum.js')).default;
    const whirl = await loadGenerated(deriveSystem(buildModel(spec)));
    const turns = 1592,
      reduced = 10_000 - turns * 2 * Math.PI;
    const big = simulate(whirl, { q0: [10_000], qd0: [10], t1: 20, samples: 201 });
    const base = simulate(whirl, { q0: [reduced], qd0: [10], t1: 20, samples: 201 });
    expect(base.q[200]![0]! - reduced).toBeGreaterThan(30 * 2 * Math.PI);
    let worst = 0;
    for (let k = 0; k < base.t.length; k++) worst = Math.max(worst, Math.abs(big.q[k]![0]! - turns * 2 * Math.PI - base.q[k]![0]!));
    expect(worst).toBeLessThan(1e-9);
    for (let k = 1; k < big.t.length; k++) expect(big.q[k]![0]! - big.q[k - 1]![0]!).toBeGreaterThan(0);
  });

  it('in Hamilton form too: θ less its turns, p and H from θ = 10⁴ as from θ reduced mod 2π', async () => {
    // H is as periodic in q as the Lagrangian; unreduced, θ and p erred by 1e-6 and H by 7e-6 over the 30 turns.
    const spec = (await import('../../../derivations/simple-pendulum.js')).default;
    const whirl = await loadGenerated(deriveSystem(buildModel(spec)));
    const turns = 1592,
      reduced = 10_000 - turns * 2 * Math.PI;
    const big = simulateHamilton(whirl, { q0: [10_000], pm0: [10], t1: 20, samples: 201 });
    const base = simulateHamilton(whirl, { q0: [reduced], pm0: [10], t1: 20, samples: 201 });
    expect(base.q[200]![0]! - reduced).toBeGreaterThan(30 * 2 * Math.PI);
    let worst = 0;
    for (let k = 0; k < base.t.length; k++) {
      worst = Math.max(worst, Math.abs(big.q[k]![0]! - turns * 2 * Math.PI - base.q[k]![0]!), Math.abs(big.pm[k]![0]! - base.pm[k]![0]!));
      worst = Math.max(worst, Math.abs(big.qd[k]![0]! - base.qd[k]![0]!), Math.abs(big.energy[k]! - base.energy[k]!));
    }
    expect(worst).toBeLessThan(1e-9);
    for (let k = 1; k < big.t.length; k++) expect(big.q[k]![0]! - big.q[k - 1]![0]!).toBeGreaterThan(0);
  });
});
