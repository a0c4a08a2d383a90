// Impacts of the falling rod with one end striking while the other rests,
// the rod lying flat (θ = 0, where both ends are on the floor)
// (src/derive/friction/impact-modes.ts), every mode against Newton–Euler's
// impulse balance solved numerically here: m Δv = ΣF, (m l²/3) Δθ̇ = Σ torque
// of the end impulses, the striking end leaving at −e times its approach,
// a staying end at 0, a sticking end's slip at 0 (impulse (ν, Λ)) and a
// sliding end's impulse (−μ d Λ, Λ).
import { describe, expect, it } from 'vitest';
import rod from '../../../derivations/falling-rod.js';
import { freeSymbols, ZERO } from '../../../src/core/expr.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { slipSignSymbol } from '../../../src/model/names.js';
import { derived } from '../../helpers/examples.js';
import { expectClose, solve } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

const NAMES = ['endA', 'endB'];
const SIDE = [-1, 1];

interface State {
  m: number;
  l: number;
  e: number;
  mu: number;
  th: number;
  v: [number, number, number];
  d: [number, number];
}

/**
 * q̇⁺, then each engaged end's Λ and (sticking) ν, in the order of `ends`.
 * A 'held' end sticks through another sticking end (the lying rod's slip
 * rows coincide): it has no ν of its own, so the other's ν is their sum.
 */
function newtonEuler(s: State, ends: readonly { j: number; mode?: 'stick' | 'slide' | 'held' }[]): number[] {
  const { m, l, e, mu, th, v } = s;
  const c = Math.cos(th),
    sn = Math.sin(th);
  const n = 3 + ends.reduce((k, end) => k + (end.mode === 'stick' ? 2 : 1), 0);
  const zero = () => new Array<number>(n).fill(0);
  const x = zero(),
    y = zero(),
    spin = zero();
  x[0] = m;
  y[1] = m;
  spin[2] = (m * l * l) / 3;
  const rows: number[][] = [x, y, spin];
  const rhs = [m * v[0], m * v[1], ((m * l * l) / 3) * v[2]];
  let k = 3;
  for (const end of ends) {
    const side = SIDE[end.j]!;
    const lam = k++;
    y[lam] = -1;
    spin[lam] = -side * l * c;
    if (end.mode === 'slide') {
      const fx = -mu * s.d[end.j]!;
      x[lam] = -fx;
      spin[lam] += side * l * sn * fx;
    } else if (end.mode === 'stick') {
      const nu = k++;
      x[nu] = -1;
      spin[nu] = side * l * sn;
      const slip = zero();
      slip[0] = 1;
      slip[2] = -side * l * sn;
      rows.push(slip);
      rhs.push(0);
    }
    const normal = zero();
    normal[1] = 1;
    normal[2] = side * l * c;
    rows.push(normal);
    // −e ḟ⁻: the striking ends' approach, 0 for a resting one.
    rhs.push(-e * (v[1] + side * l * c * v[2]));
  }
  return solve(rows, rhs);
}

describe('one end of the rod strikes while the other rests', () => {
  const u = derived(rod).unilateral!;
  const r = rng(1987);
  // Both ends on the floor: the rod lies flat, θ = 0, y = 0.
  const states: State[] = Array.from({ length: 30 }, () => ({
    m: uniform(r, 0.5, 3),
    l: uniform(r, 0.3, 2),
    e: uniform(r, 0, 1),
    mu: uniform(r, 0, 1.2),
    th: 0,
    // ẏ⁻ is free only where both ends strike; a resting end fixes it per map below.
    v: [uniform(r, -2, 2), uniform(r, -3, 0), uniform(r, -3, 3)],
    d: [r() < 0.5 ? -1 : 1, r() < 0.5 ? -1 : 1],
  }));
  it.each([
    [1, 0, false],
    [0, 1, false],
    [0, 1, true],
  ])('contact %i strikes with %i closed (both striking: %s): every mode as Newton–Euler gives it at 30 random states', (arriving, closed, together) => {
    const im = u.impactMaps.find(
      (m) => m.scenario.arriving === arriving && m.scenario.closed.join() === `${closed}` && !!m.scenario.striking?.length === together,
    )!;
    expect(im.scenario.name).toBe(together ? 'endA and endB strike together' : `${NAMES[arriving]} strikes while ${NAMES[closed]} is closed`);
    expect(Object.fromEntries(im.scenario.at)).toEqual({ y: ZERO, theta: ZERO });
    // Leaving with the striking end sticking or sliding; staying with both sliding or both sticking: the slip rows coincide
    // at θ = 0 (ṡ₁ = ṡ₂ = ẋ), so one end cannot stick while the other slides, and both slide the same way.
    // Both sticking: only Δν₁ + Δν₂ is determined (given as the arriving end's, the other's 0).
    // Both striking, the mirror too (L): the arriving end leaves, the other stays sticking or sliding.
    expect(im.modes.map((mode) => `${mode.arrivingLeaves ? 'L' : ''}${mode.stays.length}:${[...mode.slips!.values()].join('/')}`).sort()).toEqual(
      ['0:stick', '0:slide', '1:slide/slide', '1:stick/stick', ...(together ? ['L1:stick', 'L1:slide'] : [])].sort(),
    );
    for (const mode of im.modes) {
      const both = [...mode.slips!.values()].join() === 'stick,stick';
      const ends = (mode.arrivingLeaves ? mode.stays : [arriving, ...mode.stays]).map((j, k) => ({
        j,
        mode: both && k === 1 ? ('held' as const) : mode.slips!.get(j),
      }));
      if (both) {
        expect(mode.indeterminate).toEqual([
          { labels: [`${NAMES[arriving]}.s`, `${NAMES[closed]}.s`], dropped: `${NAMES[closed]}.s`, weights: [expect.anything()] },
        ]);
        expect(mode.impulses.get(`${NAMES[closed]}.s`)).toBe(ZERO);
      }
      for (const s0 of states) {
        // The resting end holds before the impact: ẏ⁻ = −side l θ̇⁻.
        // Both ends staying slide at ẋ⁺ alike: one sign.
        const s1 = mode.stays.length ? { ...s0, d: [s0.d[0], s0.d[0]] as State['d'] } : s0;
        const s = together ? s1 : { ...s1, v: [s1.v[0], -SIDE[closed]! * s1.l * s1.v[2], s1.v[2]] as State['v'] };
        const want = newtonEuler(s, ends);
        const env = {
          m: s.m,
          l: s.l,
          e: s.e,
          mu: s.mu,
          "x'-": s.v[0],
          "y'-": s.v[1],
          "theta'-": s.v[2],
          [slipSignSymbol('endA').name]: s.d[0],
          [slipSignSymbol('endB').name]: s.d[1],
        };
        const got = [
          ...mode.qdPlus,
          ...ends.flatMap(({ j, mode: slip }) => [mode.impulses.get(`${NAMES[j]}.n`)!, ...(slip === 'stick' ? [mode.impulses.get(`${NAMES[j]}.s`)!] : [])]),
        ].map((e) => evaluate(e, env));
        got.forEach((g, i) => expectClose(g, want[i]!, 1e-9, s.m * (1 + Math.abs(s.v[0]) + s.l * Math.abs(s.v[2]))));
        if (!both) continue;
        // A split into the two cones exists iff |Δν₁ + Δν₂| ≤ μ(ΔΛ₁ + ΔΛ₂): the mode's two cone conditions are that bound ∓ the sum.
        const [, , , lamA, sum, lamB] = want as [number, number, number, number, number, number];
        const cones = mode.conditions.filter((c) => c.states?.kind === 'cone').map((c) => evaluate(c.expr, env));
        expect(cones).toHaveLength(2);
        expectClose(cones[0]!, s.mu * (lamA + lamB) - sum, 1e-9, s.m);
        expectClose(cones[1]!, s.mu * (lamA + lamB) + sum, 1e-9, s.m);
      }
    }
  });
});

describe('an end striking alone and sticking', () => {
  const u = derived(rod).unilateral!;
  it('gives every velocity after it in the data before it: ẋ⁺ + l θ̇⁺ sin θ = 0 (slip 0), ẏ⁺ − l cos θ θ̇⁺ = −e(ẏ⁻ − l cos θ θ̇⁻) (Newton)', () => {
    const stick = u.impactMaps[0]!.modes.find((mode) => mode.friction === 'stick')!;
    const after = new Set(["x'+", "y'+", "theta'+"]);
    for (const v of stick.qdPlus) expect([...freeSymbols(v)].filter((n) => after.has(n))).toEqual([]);
    const r = rng(7);
    for (let k = 0; k < 20; k++) {
      const env = {
        m: 1.3,
        l: uniform(r, 0.2, 2),
        e: uniform(r, 0, 1),
        mu: 0.5,
        theta: uniform(r, -3, 3),
        "x'-": uniform(r, -2, 2),
        "y'-": uniform(r, -2, 2),
        "theta'-": uniform(r, -3, 3),
      };
      const [xd, yd, td] = stick.qdPlus.map((x) => evaluate(x, env)) as [number, number, number];
      expectClose(xd + env.l * td * Math.sin(env.theta), 0, 1e-12, 1 + Math.abs(xd));
      expectClose(yd - env.l * Math.cos(env.theta) * td, -env.e * (env["y'-"] - env.l * Math.cos(env.theta) * env["theta'-"]), 1e-12, 1 + Math.abs(yd));
    }
  });
});
