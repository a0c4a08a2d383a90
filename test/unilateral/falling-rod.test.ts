// The falling rod (derivations/falling-rod.ts) from its declared state: end A
// strikes first, the rod tips over onto end B and comes to rest lying on the
// floor (y = 0, θ = 0), both ends at heights y ∓ l sin θ ≥ 0 throughout; with
// only end A held it would fall through the floor and hang below it.
import { describe, expect, it } from 'vitest';
import rod from '../../derivations/falling-rod.js';
import { evaluate } from '../../src/core/evaluate.js';
import { preImpactName, slipSignSymbol } from '../../src/model/names.js';
import { frictionalImpact } from '../../src/runtime/contact/friction-impact.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { rng, uniform } from '../helpers/random.js';

const mod = await loadGenerated(derived(rod));
const params = Object.fromEntries(mod.model.parameters.map((p) => [p.name, p.default]));
const l = params.l!;
const { q0, qd0, t1 } = mod.model.initial;
const run = simulate(mod, { q0, qd0, t1, params, samples: 3001 });

describe('the falling rod from its initial state', () => {
  it('keeps both ends above the floor: y − l sin θ ≥ 0 and y + l sin θ ≥ 0 at every sample', () => {
    const lowest = Math.min(...run.q.map(([, y, th]) => Math.min(y! - l * Math.sin(th!), y! + l * Math.sin(th!))));
    expect(lowest).toBeGreaterThan(-1e-9);
  });

  it('lands on A, then on B, and rests lying on the floor', () => {
    const struck = new Set(run.events.filter((e) => e.type === 'impact').flatMap((e) => e.contacts));
    expect([...struck].sort()).toEqual([0, 1]);
    expect(run.events.some((e) => e.type === 'rest')).toBe(true);
    const [, y, th] = run.q.at(-1)!;
    expect(y).toBeCloseTo(0, 9);
    expect(Math.sin(th!)).toBeCloseTo(0, 9);
  });
});

// From random states (both ends above the floor, μ below Painlevé's 4/3 so
// that a sliding end never self-locks, any e), the event-driven run keeps
// both ends at heights y ∓ l sin θ ≥ −1e-9 at every point of its dense
// output (a grid of 1 ms) and at every event. A held end keeps g̈ = 0, so
// its gap drifts by the integration error only: at the default rtol = 1e-8
// two of these runs sink to −3.4e-9 resting and sliding, at rtol = 1e-10 to
// −5.4e-11.
describe('the falling rod from random states', () => {
  const r = rng(2718);
  const lowestEnd = (q: ArrayLike<number>): number => Math.min(q[1]! - l * Math.sin(q[2]!), q[1]! + l * Math.sin(q[2]!));
  for (let k = 0; k < 8; k++) {
    const theta = uniform(r, -Math.PI, Math.PI);
    const state = {
      q0: [uniform(r, -1, 1), l * Math.abs(Math.sin(theta)) + uniform(r, 0, 1), theta],
      qd0: [uniform(r, -2, 2), uniform(r, -2, 2), uniform(r, -4, 4)],
      params: { ...params, mu: uniform(r, 0, 1.2), e: uniform(r, 0, 1) },
    };
    it(`state ${k}: q0 = (${state.q0.map((v) => v.toFixed(3)).join(', ')}), μ = ${state.params.mu.toFixed(3)}, e = ${state.params.e.toFixed(3)}: both ends ≥ −1e-9`, () => {
      const run = simulate(mod, { ...state, t1: 2, samples: { dt: 1e-3 }, rtol: 1e-10, atol: 1e-12 });
      expect(run.t).toHaveLength(2001);
      expect(Math.min(...run.q.map(lowestEnd))).toBeGreaterThanOrEqual(-1e-9);
      for (const e of run.events) expect(lowestEnd(e.q)).toBeGreaterThanOrEqual(-1e-9);
      expect(run.events.some((e) => e.type === 'impact')).toBe(true);
    });
  }
});

// The report's impact maps of an end striking alone (derive: it sticks, or
// slides in the direction d = sgn ṡ the closed form leaves as a symbol, on
// or reversed; Newton on the normal, Coulomb on the slip) are the runtime's
// frictional impact (friction-impact.ts): at random arrivals exactly one of
// stick, slide d = −1, slide d = +1 is admissible, and its q̇⁺ is the
// runtime's wherever the runtime keeps Newton–Coulomb (it turns to Glocker's
// law where that would raise the energy, Kane's paradox).
describe("the falling rod's impact maps of an end striking alone", () => {
  const { impactMaps } = derived(rod).unilateral!;
  for (const [j, name, side] of [
    [0, 'endA', 1],
    [1, 'endB', -1],
  ] as const) {
    it(`${name}: one admissible mode (sticks, slides on, slides back), whose q̇⁺ is the runtime's to 1e-12`, () => {
      const map = impactMaps.find((im) => im.scenario.arriving === j && im.scenario.closed.length === 0)!;
      const [stick, slide] = map.modes;
      expect([stick!.friction, slide!.friction]).toEqual(['stick', 'slide']);
      const r = rng(31 + j);
      let compared = 0;
      const seen = new Set<string>();
      for (let k = 0; k < 300; k++) {
        // The end on the floor (the other one above it), arriving at speed v: ġ = ẏ ∓ l cos θ θ̇ = −v.
        const theta = side * uniform(r, 0.1, 1.4),
          thd = uniform(r, -3, 3),
          v = uniform(r, 0.1, 3);
        const q = [uniform(r, -1, 1), side * l * Math.sin(theta), theta];
        const qd = [uniform(r, -2, 2), side * l * Math.cos(theta) * thd - v, thd];
        const p = { ...params, mu: uniform(r, 0, 1.5), e: uniform(r, 0, 1) };
        const before = Math.sign(mod.slipRates!(0, q, qd, p)[j]!);
        const envWith = (d: number) => ({
          ...p,
          x: q[0]!,
          y: q[1]!,
          theta,
          [preImpactName('x')]: qd[0]!,
          [preImpactName('y')]: qd[1]!,
          [preImpactName('theta')]: qd[2]!,
          [slipSignSymbol(name).name]: d,
        });
        const candidates = [
          { label: 'stick', mode: stick!, env: envWith(before) },
          { label: 'slides on', mode: slide!, env: envWith(before) },
          { label: 'slides back', mode: slide!, env: envWith(-before) },
        ];
        const admissible = candidates.filter(({ mode, env }) => mode.conditions.every((c) => evaluate(c.expr, env) >= -1e-12));
        expect(admissible).toHaveLength(1);
        const [{ label, mode, env }] = admissible as [(typeof candidates)[number]];
        const runtime = frictionalImpact(mod, p, 0, q, qd, [j === 0, j === 1]);
        if (runtime.law !== 'newton-coulomb') continue;
        compared++;
        seen.add(label);
        expect(runtime.phases[j]).toBe(label === 'stick' ? 'stick' : 'slip');
        mode.qdPlus.forEach((x, i) => expect(Math.abs(evaluate(x, env) - runtime.qdPlus[i]!)).toBeLessThan(1e-12 * Math.max(1, v)));
      }
      expect(compared).toBeGreaterThan(200);
      expect([...seen].sort()).toEqual(['slides back', 'slides on', 'stick']);
    });
  }
});
