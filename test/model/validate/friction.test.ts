// Friction in the model language (src/model/validate/friction.ts): a
// contact's slip and Coulomb law, Smirnov's non-ideal supports, hinges.
import { describe, expect, it } from 'vitest';
import { builds, mutate, problems } from '../spec-cases.js';

// A point on a floor y ≥ 0 that may slide along x, and between two rough planes z = 0 (a retaining constraint).
const base = {
  name: 'slider',
  coordinates: ['x', 'y', 'z'],
  parameters: { m: 1, g: 9.81, e: 0.5, mu: 0.3, mus: 0.5, f1: 0.2, f2: 0.4, r: 0.05, neg: -0.1 },
  kinetic: "m*(x'^2 + y'^2 + z'^2)/2",
  potential: 'm*g*y',
  initial: { q: { y: 1 } },
};
const contact = (c: Record<string, unknown>) => mutate(base, { unilateral: [{ name: 'floor', constraint: 'y >= 0', ...c }] });
const support = (h: Record<string, unknown>) => mutate(base, { holonomic: [{ name: 'plane', expr: 'z', ...h }] });

describe('Coulomb contacts', () => {
  it('a slip and a coulomb coefficient build a frictional contact (one coefficient: static = kinetic)', () => {
    const [u] = builds(contact({ slip: 'x', law: { newton: 'e', coulomb: 'mu' } })).unilateral;
    expect(u!.slip!.map((e) => (e.kind === 'sym' ? e.name : '?'))).toEqual(['x']);
    expect([u!.friction!.kinetic.name, u!.friction!.static.name]).toEqual(['mu', 'mu']);
  });
  it('separate static and kinetic coefficients; a spatial slip of two expressions', () => {
    const [u] = builds(contact({ slip: ['x', 'z'], law: { plastic: true, coulomb: { static: 'mus', kinetic: 'mu' } } })).unilateral;
    expect(u!.slip!.length).toBe(2);
    expect([u!.friction!.kinetic.name, u!.friction!.static.name]).toEqual(['mu', 'mus']);
  });
  it('coulomb without slip, slip without coulomb, slip with stick: bad-slip', () => {
    expect(problems(contact({ law: { newton: 'e', coulomb: 'mu' } }))).toEqual([['bad-slip', 'unilateral[0].slip']]);
    expect(problems(contact({ slip: 'x', law: { newton: 'e' } }))).toEqual([['bad-slip', 'unilateral[0].slip']]);
    expect(problems(contact({ slip: 'x', law: { stick: 'x' } }))).toEqual([['bad-slip', 'unilateral[0].slip']]);
    expect(problems(contact({ slip: ['x', 'z', 'y'], law: { plastic: true, coulomb: 'mu' } }))).toEqual([['bad-slip', 'unilateral[0].slip']]);
    expect(problems(contact({ slip: '1', law: { plastic: true, coulomb: 'mu' } }))).toEqual([['bad-slip', 'unilateral[0].slip']]);
    expect(problems(contact({ slip: 'abs(x)', law: { plastic: true, coulomb: 'mu' } }))).toEqual([['non-smooth', 'unilateral[0].slip']]);
  });
  it('stick with coulomb: bad-impact-law', () => {
    expect(problems(contact({ law: { stick: 'x', coulomb: 'mu' } }))).toEqual([['bad-impact-law', 'unilateral[0].law.coulomb']]);
  });
  it('a coefficient that is not a parameter, negative, or static below kinetic: bad-friction', () => {
    expect(problems(contact({ slip: 'x', law: { plastic: true, coulomb: 'nu' } }))).toEqual([['bad-friction', 'unilateral[0].law.coulomb']]);
    expect(problems(contact({ slip: 'x', law: { plastic: true, coulomb: 'neg' } }))).toEqual([['bad-friction', 'unilateral[0].law.coulomb']]);
    expect(problems(contact({ slip: 'x', law: { plastic: true, coulomb: { static: 'mu', kinetic: 'mus' } } }))).toEqual([
      ['bad-friction', 'unilateral[0].law.coulomb.static'],
    ]);
    expect(problems(contact({ slip: 'x', law: { plastic: true, coulomb: { static: 'mus' } } }))).toEqual([
      ['bad-friction', 'unilateral[0].law.coulomb.kinetic'],
    ]);
    expect(problems(contact({ slip: 'x', law: { plastic: true, coulomb: { static: 'mus', kinetic: 'mu', dynamic: 'mu' } } }))).toEqual([
      ['unknown-field', 'unilateral[0].law.coulomb.dynamic'],
    ]);
  });
});

describe("Smirnov's non-ideal retaining constraints", () => {
  it('slip and friction per side', () => {
    const [h] = builds(support({ slip: 'x', friction: { positive: 'f2', negative: 'f1' } })).holonomic;
    expect(h!.friction!.slip.positive).toMatchObject({ kind: 'sym', name: 'x' });
    expect(h!.friction!.slip.negative).toBe(h!.friction!.slip.positive);
    const [sided] = builds(support({ slip: { positive: 'x', negative: 'x + z' }, friction: { positive: 'f2', negative: 'f1' } })).holonomic;
    expect(sided!.friction!.slip.negative).toMatchObject({ kind: 'add' });
    expect(problems(support({ slip: { positive: 'x' }, friction: { positive: 'f2', negative: 'f1' } }))).toEqual([['bad-type', 'holonomic[0].slip.negative']]);
    expect([h!.friction!.positive.name, h!.friction!.negative.name]).toEqual(['f2', 'f1']);
  });
  it('one without the other, a missing side, friction on a non-holonomic constraint', () => {
    expect(problems(support({ slip: 'x' }))).toEqual([['bad-slip', 'holonomic[0].friction']]);
    expect(problems(support({ friction: { positive: 'f2', negative: 'f1' } }))).toEqual([['bad-slip', 'holonomic[0].slip']]);
    expect(problems(support({ slip: 'x', friction: { positive: 'f2' } }))).toEqual([['bad-friction', 'holonomic[0].friction.negative']]);
    expect(problems(mutate(base, { nonholonomic: [{ expr: "x' - z'", slip: 'x' }] }))).toEqual([['bad-slip', 'nonholonomic[0].slip']]);
  });
});

describe('hinges with journal friction', () => {
  const pin = { name: 'pin', constraints: ['px', 'py'], angle: 'z', radius: 'r', friction: 'f1' };
  const hinged = (h: Record<string, unknown>) =>
    mutate(base, {
      holonomic: [
        { name: 'px', expr: 'x' },
        { name: 'py', expr: 'y' },
      ],
      hinges: [{ ...pin, ...h }],
      initial: {},
    });
  it('two holonomic constraints, an angle, a radius and a coefficient', () => {
    const [h] = builds(hinged({})).hinges;
    expect(h).toMatchObject({ name: 'pin', constraints: [0, 1] });
    expect(h!.radius).toMatchObject({ kind: 'sym', name: 'r' });
  });
  it('unknown or repeated constraints, a missing radius, a negative coefficient', () => {
    expect(problems(hinged({ constraints: ['px', 'nope'] }))).toEqual([['bad-hinge', 'hinges[0].constraints']]);
    expect(problems(hinged({ constraints: ['px', 'px'] }))).toEqual([['bad-hinge', 'hinges[0].constraints']]);
    expect(problems(hinged({ radius: undefined }))).toEqual([['bad-hinge', 'hinges[0].radius']]);
    expect(problems(hinged({ friction: 'neg' }))).toEqual([['bad-friction', 'hinges[0].friction']]);
  });
});
