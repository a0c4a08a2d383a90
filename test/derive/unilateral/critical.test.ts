import { describe, expect, it } from 'vitest';
import { asinOf, sqrtInverse } from '../../helpers/critical-forms.js';
import { buildModel } from '../../../src/model/index.js';
import { deriveSystem } from '../../../src/derive/system.js';
import { evaluate } from '../../../src/core/evaluate.js';
import compass from '../../../derivations/compass.js';
import bouncingBall from '../../../derivations/bouncing-ball.js';
import { rimlessWheelStance } from '../../../derivations/rimless-wheel.js';
import { toText } from '../../../src/core/print.js';

describe('rigid compass: the critical half-angle of Rubanovich–Formalsky §1', () => {
  const system = deriveSystem(buildModel(compass));
  const im = system.unilateral!.impactMaps[0]!;
  const c = im.critical!;
  it('is α₀ = arcsin(1/√3) in closed form', () => {
    expect(c.parameter).toBe('alpha');
    expect(c.value).toBe(asinOf(sqrtInverse(3)));
    expect(evaluate(c.value!, {})).toBeCloseTo(Math.asin(1 / Math.sqrt(3)), 15);
    expect(Math.abs(c.numeric - Math.asin(1 / Math.sqrt(3)))).toBeLessThan(1e-12);
  });
  it('has the standing foot lift off below α₀ and stay above it', () => {
    const title = (k: number) => (im.modes[k]!.stays.length ? 'stays' : 'leaves');
    expect(c.below.map(title)).toEqual(['leaves']);
    expect(c.above.map(title)).toEqual(['stays']);
  });
  it('is established exactly: 1 − 3 sin²α, as a polynomial in sin α, vanishes at 1/√3 symbolically', () => {
    expect(c.established).toBe('exact');
  });
  it('depends on nothing but α (not on speed, l, m or g)', () => {
    expect(c.alone).toBe(true);
  });
});

describe('rimless wheel: the critical half-angle of Rubanovich–Formalsky (2.8)', () => {
  const system = deriveSystem(buildModel(rimlessWheelStance()));
  const c = system.unilateral!.impactMaps[0]!.critical!;
  it('is α₀ = ½ arccos(−I*) in closed form, solved in cos 2α, for every I* (= π/2 − ½ arccos I*)', () => {
    expect(c.parameter).toBe('alpha');
    expect(c.value && toText(c.value)).toMatch(/acos/);
    for (const Istar of [0, 0.2, 0.5, 0.9]) {
      expect(evaluate(c.value!, { Istar })).toBeCloseTo(Math.PI / 2 - Math.acos(Istar) / 2, 14);
    }
    // At the default I* = 0.5: α₀ = π/3, the bisection's root.
    expect(Math.abs(c.numeric - Math.PI / 3)).toBeLessThan(1e-12);
    expect(c.alone).toBe(false);
  });
});

describe('a scenario without a declared critical parameter', () => {
  it('has none', () => {
    const system = deriveSystem(buildModel(bouncingBall));
    expect(system.unilateral!.impactMaps.every((im) => im.critical === undefined)).toBe(true);
  });
});
