// Contact phases with Coulomb friction (src/derive/friction/phases.ts)
// against Newton–Euler for the falling rod, solved numerically here: the
// centre's m r̈ = F − m g ŷ and the spin (m l²/3) θ̈ = the contact forces'
// torque, with each held end's f̈ = 0, a sliding end's force (−μ d σ, σ)
// and a sticking end's (ν, σ) with s̈ = 0.
import { describe, expect, it } from 'vitest';
import rod from '../../../derivations/falling-rod.js';
import { ZERO } from '../../../src/core/expr.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { slipSignSymbol } from '../../../src/model/names.js';
import type { FrictionPhase } from '../../../src/derive/unilateral/unilateral.js';
import { derived } from '../../helpers/examples.js';
import { expectClose, solve } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

type Mode = 'slide' | 'stick';
/** Ends: A (side −1, contact 0) and B (side +1, contact 1); unknowns ẍ, ÿ, θ̈, then σ (and ν where it sticks) per end. */
function newtonEuler(ends: readonly { side: -1 | 1; mode: Mode; d: number }[], s: { m: number; l: number; g: number; mu: number; th: number; w: number }) {
  const { m, l, g, mu, th, w } = s;
  const c = Math.cos(th),
    sn = Math.sin(th);
  const unknowns = 3 + ends.reduce((k, e) => k + (e.mode === 'stick' ? 2 : 1), 0);
  const rows: number[][] = [];
  const rhs: number[] = [];
  const x = new Array<number>(unknowns).fill(0),
    y = x.slice(),
    spin = x.slice();
  x[0] = m;
  y[1] = m;
  spin[2] = (m * l * l) / 3;
  let k = 3;
  for (const e of ends) {
    // Force (Fx, σ) at (x + side l cos θ, y + side l sin θ): torque side·l (cos θ σ − sin θ Fx).
    const sigma = k++;
    y[sigma] = -1;
    spin[sigma] = -e.side * l * c;
    if (e.mode === 'slide') {
      x[sigma] = mu * e.d;
      spin[sigma] -= e.side * l * sn * mu * e.d;
    } else {
      const nu = k++;
      x[nu] = -1;
      spin[nu] = e.side * l * sn;
    }
  }
  rows.push(x, y, spin);
  rhs.push(0, -m * g, 0);
  for (const e of ends) {
    // f̈ = ÿ + side (l cos θ θ̈ − l sin θ θ̇²) = 0; s̈ = ẍ − side (l sin θ θ̈ + l cos θ θ̇²) = 0.
    const f = new Array<number>(unknowns).fill(0);
    f[1] = 1;
    f[2] = e.side * l * c;
    rows.push(f);
    rhs.push(e.side * l * sn * w * w);
    if (e.mode === 'stick') {
      const t = new Array<number>(unknowns).fill(0);
      t[0] = 1;
      t[2] = -e.side * l * sn;
      rows.push(t);
      rhs.push(e.side * l * c * w * w);
    }
  }
  return solve(rows, rhs);
}

describe('contact phases with Coulomb friction', () => {
  const u = derived(rod).unilateral!;
  const phase = (active: number[]) => u.phases.find((p) => p.active.join() === active.join())!;
  const variant = (active: number[], modes: Mode[]): FrictionPhase => phase(active).friction!.find((f) => active.every((j, i) => f.modes.get(j) === modes[i]))!;
  const r = rng(2026);
  const states = Array.from({ length: 40 }, () => ({
    m: uniform(r, 0.5, 3),
    l: uniform(r, 0.3, 2),
    g: uniform(r, 1, 20),
    mu: uniform(r, 0, 1.2),
    th: uniform(r, -1.4, 1.4),
    w: uniform(r, -3, 3),
    d: [r() < 0.5 ? -1 : 1, r() < 0.5 ? -1 : 1],
  }));
  const env = (s: (typeof states)[number]) => ({
    m: s.m,
    l: s.l,
    g: s.g,
    mu: s.mu,
    theta: s.th,
    "theta'": s.w,
    [slipSignSymbol('endA').name]: s.d[0]!,
    [slipSignSymbol('endB').name]: s.d[1]!,
  });
  it.each([
    [[0], ['slide']],
    [[0], ['stick']],
    [[1], ['slide']],
    [[1], ['stick']],
    [
      [0, 1],
      ['slide', 'slide'],
    ],
  ] as [number[], Mode[]][])('rod on %j, %j: q̈, σ̇ and ν̇ as Newton–Euler gives them at 40 random states', (active, modes) => {
    const f = variant(active, modes);
    // Both ends on the floor: the rod lies flat and still in θ (θ = 0, θ̇ = 0), where the phase is reduced.
    for (const s0 of states) {
      // Lying flat, both ends slip at ẋ: they slide the same way.
      const s = active.length === 2 ? { ...s0, th: 0, w: 0, d: [s0.d[0]!, s0.d[0]!] } : s0;
      const ends = active.map((j, i) => ({ side: (j === 0 ? -1 : 1) as -1 | 1, mode: modes[i]!, d: s.d[j]! }));
      const want = newtonEuler(ends, s);
      const got = [...f.explicit!.qdd, ...f.explicit!.multipliers].map((e) => evaluate(e, env(s)));
      // The derivation lists each end's σ̇ then its ν̇, as Newton–Euler's unknowns.
      got.forEach((v, i) => expectClose(v, want[i]!, 1e-9, s.m * s.g));
    }
  });
  it('the sticking cone is μσ̇ ∓ ν̇ ≥ 0, and the phase without friction is not printed in its place', () => {
    const f = variant([0], ['stick']);
    const s = states[0]!;
    const [sigma, nu] = f.explicit!.multipliers.map((e) => evaluate(e, env(s)));
    expectClose(evaluate(f.conditions[0]!.expr, env(s)), s.mu * sigma! - nu!, 1e-9);
    expectClose(evaluate(f.conditions[1]!.expr, env(s)), s.mu * sigma! + nu!, 1e-9);
    // Pivoting about a sticking end: θ̈ = −3g cos θ/(4l), σ̇ = m(g(1 + 3 sin²θ) − 4lθ̇² sin θ)/4.
    const e = env(s);
    expectClose(evaluate(f.explicit!.qdd[2]!, e), (-3 * s.g * Math.cos(s.th)) / (4 * s.l), 1e-12);
    expectClose(sigma!, (s.m * (s.g * (1 + 3 * Math.sin(s.th) ** 2) - 4 * s.l * s.w ** 2 * Math.sin(s.th))) / 4, 1e-12);
  });
  it('both ends on the floor: reduced on y = 0, θ = 0, where θ̈ ≡ 0 and σ̇₁ = σ̇₂ = mg/2 without friction and sliding', () => {
    const flat = phase([0, 1]);
    expect(Object.fromEntries(flat.at!)).toEqual({ y: ZERO, theta: ZERO });
    for (const ex of [flat.explicit!, variant([0, 1], ['slide', 'slide']).explicit!]) {
      expect(ex.qdd[2]).toBe(ZERO);
      for (const s of states.slice(0, 5)) for (const sigma of ex.multipliers) expectClose(evaluate(sigma, env(s)), (s.m * s.g) / 2, 1e-12);
    }
  });
  it('both ends sticking: the slip rows coincide, yet q̈ = 0, σ̇₁ = σ̇₂ = mg/2 and ν̇₁ + ν̇₂ = 0, inside |ν̇₁ + ν̇₂| ≤ μ(σ̇₁ + σ̇₂)', () => {
    // Statics of the lying rod: x: ν̇₁ + ν̇₂ = 0; y: σ̇₁ + σ̇₂ = mg; torque about the centre: l(σ̇₂ − σ̇₁) = 0.
    const f = variant([0, 1], ['stick', 'stick']);
    expect(f.explicit!.qdd).toEqual([ZERO, ZERO, ZERO]);
    expect(f.indeterminate).toEqual([{ labels: ['endA.s', 'endB.s'], dropped: 'endB.s', weights: [expect.anything()] }]);
    for (const s of states.slice(0, 5)) {
      const [s1, n1, s2, n2] = f.explicit!.multipliers.map((e) => evaluate(e, env(s)));
      expectClose(s1!, (s.m * s.g) / 2, 1e-12);
      expectClose(s2!, (s.m * s.g) / 2, 1e-12);
      expectClose(n1! + n2!, 0, 1e-12);
      for (const c of f.alwaysHolds!) expectClose(evaluate(c.expr, env(s)), s.mu * s.m * s.g, 1e-12);
    }
    // μ(σ̇₁ + σ̇₂) = μmg ≥ 0 in every state: set apart, not a condition.
    expect(f.conditions).toEqual([]);
  });
  it('lying flat, both ends slip at ẋ: no phase has one end sticking and the other sliding, and both sliding share one sign', () => {
    expect(phase([0, 1]).friction!.map((f) => [f.modes.get(0), f.modes.get(1)])).toEqual([
      ['slide', 'slide'],
      ['stick', 'stick'],
    ]);
    // ẍ = −μg sgn ṡ_A whatever sgn ṡ_B is set to: the phase has no second sign.
    const slide = variant([0, 1], ['slide', 'slide']);
    for (const s of states.slice(0, 5))
      for (const dB of [-1, 1]) expectClose(evaluate(slide.explicit!.qdd[0]!, { ...env(s), [slipSignSymbol('endB').name]: dB }), -s.mu * s.g * s.d[0]!, 1e-12);
  });
  it('a cone side that depends on the state stays a condition: one end sticking alone', () => {
    const f = variant([0], ['stick']);
    expect(f.conditions).toHaveLength(2);
    expect(f.alwaysHolds).toBeUndefined();
  });
});
