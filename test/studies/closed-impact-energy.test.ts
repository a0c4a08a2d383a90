// Impacts of the falling rod at closed contacts never gain energy
// (src/studies/closed-impact-energy.ts). By hand, for end A striking while
// end B rests (θ = 0, ẏ⁻ = −lθ̇⁻, T = ½m(ẋ² + ẏ² + l²θ̇²/3)): both ends
// sticking leave ẋ⁺ = 0, (ẏ⁺, θ̇⁺) = −e(ẏ⁻, θ̇⁻), so T⁻ − T⁺ = ½mẋ⁻² +
// (1 − e²)(2/3)ml²θ̇⁻²; both sliding in the direction d leave ẋ⁺ = ẋ⁻ −
// μ(1 + e)d lθ̇⁻ (the total normal impulse m(1 + e)lθ̇⁻ times μ), admissible
// where dẋ⁺ ≥ 0, approaching where θ̇⁻ > 0. The study's loss must be the
// hand one, proved for every mode; a map with e doubled in its reversal, or
// with the friction pushing along the slide, must not be.
import { describe, expect, it } from 'vitest';
import fallingRod from '../../derivations/falling-rod.js';
import { evaluate } from '../../src/core/evaluate.js';
import { mul, num, sym, type Expr } from '../../src/core/expr.js';
import { subs } from '../../src/core/subs.js';
import type { DerivedSystem } from '../../src/derive/system.js';
import type { ImpactMap } from '../../src/derive/unilateral/unilateral-types.js';
import { preImpactName } from '../../src/model/names.js';
import { closedImpactLosses } from '../../src/studies/closed-impact-energy.js';
import { derived } from '../helpers/examples.js';
import { rng, uniform } from '../helpers/random.js';

const rod = derived(fallingRod);
const maps = rod.unilateral!.impactMaps;
const endAOnB = maps.findIndex((im) => im.scenario.arriving === 0 && im.scenario.closed.join() === '1' && !im.scenario.striking?.length);

/** The hand outcome of end A striking while end B rests, both ends staying: (ẋ⁺, ẏ⁺, θ̇⁺). */
function byHand(slide: 0 | -1 | 1, v: { x: number; theta: number }, p: { l: number; e: number; mu: number }): number[] {
  const x = slide === 0 ? 0 : v.x - p.mu * (1 + p.e) * slide * p.l * v.theta;
  return [x, p.e * p.l * v.theta, -p.e * v.theta];
}
const kinetic = (q: readonly number[], m: number, l: number): number => 0.5 * m * (q[0]! ** 2 + q[1]! ** 2 + (l * l * q[2]! ** 2) / 3);

/** The study of the one map given. */
const lossesOf = (im: ImpactMap) => closedImpactLosses({ ...rod, unilateral: { ...rod.unilateral!, impactMaps: [im] } } as DerivedSystem)[0]!;

describe('impacts of the falling rod at closed contacts', () => {
  const study = closedImpactLosses(rod);

  it('are impacts 3, 4 and 5, and every mode of each is proved to lose energy', () => {
    expect(study.map((c) => c.map)).toEqual([2, 3, 4]);
    for (const c of study) expect(c.proved, `impact ${c.map + 1}`).toBe(true);
    // Four modes of an end striking beside a resting one (each staying or leaving, sticking or sliding), six with both striking.
    expect(study.map((c) => new Set(c.modes.map((l) => l.mode)).size)).toEqual([4, 4, 6]);
  });

  it('the loss of end A striking beside end B is the hand one, sticking for every velocity and sliding on its conditions', () => {
    const c = study.find((s) => s.map === endAOnB)!;
    const r = rng(7);
    for (const l of c.modes) {
      const mode = maps[endAOnB]!.modes[l.mode]!;
      const staying = mode.stays.length === 1;
      if (!staying) continue;
      const sliding = mode.slips!.get(0) === 'slide';
      const d = sliding ? (Object.values(l.directions)[0] as -1 | 1) : 0;
      expect(l.via).toBe(sliding ? 'conditions' : 'form');
      for (let k = 0; k < 20; k++) {
        const p = { m: uniform(r, 0.5, 2), l: uniform(r, 0.1, 2), e: uniform(r, 0, 1), mu: uniform(r, 0, 5), g: 9.81 };
        const v = { x: uniform(r, -2, 2), theta: uniform(r, -2, 2) };
        const before = [v.x, -p.l * v.theta, v.theta];
        const after = byHand(d, v, p);
        const env = { ...p, [preImpactName('x')]: v.x, [preImpactName('theta')]: v.theta };
        expect(evaluate(l.loss, env)).toBeCloseTo(kinetic(before, p.m, p.l) - kinetic(after, p.m, p.l), 9);
      }
      expect(l.termByTerm).toBe(true);
      expect([l.stopped, l.reversed, l.slower]).toEqual(sliding ? [[], ['y', 'theta'], ['x']] : [['x'], ['y', 'theta'], []]);
    }
  });

  it('sampled by hand, no admissible outcome of that impact gains', () => {
    const r = rng(11);
    let admissible = 0;
    for (let k = 0; k < 2000; k++) {
      const p = { l: uniform(r, 0.1, 2), e: uniform(r, 0, 1), mu: uniform(r, 0, 5) };
      const v = { x: uniform(r, -3, 3), theta: uniform(r, 0, 3) };
      const before = kinetic([v.x, -p.l * v.theta, v.theta], 1, p.l);
      // Sticking: |Δν| = |ẋ⁻| ≤ μ(1 + e)lθ̇⁻; sliding in d: dẋ⁺ ≥ 0.
      const outcomes = [
        ...(Math.abs(v.x) <= p.mu * (1 + p.e) * p.l * v.theta ? [byHand(0, v, p)] : []),
        ...([-1, 1] as const).map((d) => byHand(d, v, p)).filter((q, i) => (i ? 1 : -1) * q[0]! >= 0),
      ];
      for (const q of outcomes) {
        admissible++;
        expect(kinetic(q, 1, p.l)).toBeLessThanOrEqual(before * (1 + 1e-12));
      }
    }
    expect(admissible).toBeGreaterThan(1500);
  });

  it('fails for a map with e doubled in the reversal, or with the friction along the slide', () => {
    const im = maps[endAOnB]!;
    const mutate = (f: (x: Expr, i: number) => Expr): ImpactMap => ({ ...im, modes: im.modes.map((mode) => ({ ...mode, qdPlus: mode.qdPlus.map(f) })) });
    const doubled = lossesOf(mutate((x) => subs(x, new Map([['e', mul(num(2), sym('e'))]]))));
    expect(doubled.proved).toBe(false);
    // The sticking mode that stays: its ẏ⁺ = 2e lθ̇⁻ gains at e = 1.
    const stick = im.modes.findIndex((mode) => mode.stays.length === 1 && mode.slips!.get(0) === 'stick');
    expect(doubled.modes.find((l) => l.mode === stick)!.via).toBeUndefined();
    // ẋ⁺ = ẋ⁻ + μ(1 + e)d lθ̇⁻: the slide speeds up.
    const dx = (x: Expr, i: number): Expr => (i === 0 ? subs(x, new Map([['mu', mul(num(-1), sym('mu'))]])) : x);
    const pushed = lossesOf(mutate(dx));
    const slide = im.modes.findIndex((mode) => mode.stays.length === 1 && mode.slips!.get(0) === 'slide');
    expect(pushed.modes.filter((l) => l.mode === slide).map((l) => l.via)).toEqual([undefined, undefined]);
  });
});
