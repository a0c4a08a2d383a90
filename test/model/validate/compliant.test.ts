// Constraints realized by forces (src/model/validate/compliant.ts): compliant
// contacts, gap potentials and Kozlov's Theorem 1 realizations of retaining
// constraints, each leaving the rigid lists, and the named problems.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evaluate.js';
import { parseExpr } from '../../../src/core/parse.js';
import { builds, mutate, problems } from '../spec-cases.js';

// Kozlov's point (2.3) above the line y ≥ 0, with a realization parameter N.
const base = {
  name: 'kozlov-point',
  coordinates: ['x', 'y'],
  parameters: { g: 1, N: 100, c: 2, k: 0.5, neg: -1 },
  kinetic: "(x'^2 + y'^2)/2",
  initial: { q: { x: -1 } },
};
const contact = (law: unknown, extra: Record<string, unknown> = {}) => mutate(base, { unilateral: [{ name: 'line', constraint: 'y >= 0', law, ...extra }] });

describe('compliant contacts', () => {
  it('leave Model.unilateral and keep their gap, author form and law (defaults: exponent 1, no adhesion, linear damping)', () => {
    const model = builds(contact({ compliant: { stiffness: 'c^2*N', damping: '2*k*sqrt(N)' } }));
    expect(model.unilateral).toEqual([]);
    const [c] = model.compliant!;
    expect(c!.name).toBe('line');
    expect(c!.gap).toBe(parseExpr('y'));
    expect(c!.author.sense).toBe('>=');
    expect(c!.law).toMatchObject({ kind: 'compliant', adhesion: false, dampingModel: 'linear' });
    if (c!.law.kind !== 'compliant') throw new Error('compliant law expected');
    expect(evaluate(c!.law.stiffness!, { c: 2, N: 100 })).toBe(400);
    expect(evaluate(c!.law.damping!, { k: 0.5, N: 100 })).toBe(10);
    expect(evaluate(c!.law.exponent, {})).toBe(1);
    expect(c!.law.addedMass).toBeUndefined();
  });
  it('a g ≤ 0 contact keeps the gap f = −g; Hertz with Hunt–Crossley damping and adhesion', () => {
    const model = builds(
      mutate(base, {
        unilateral: [
          {
            name: 'line',
            constraint: '-y <= 0',
            law: { compliant: { stiffness: 'N', damping: 'c', exponent: '3/2', dampingModel: 'hunt-crossley', adhesion: true } },
          },
        ],
      }),
    );
    const c = model.compliant![0]!;
    expect(c.gap).toBe(parseExpr('y'));
    expect(c.author.sense).toBe('<=');
    expect(c.law).toMatchObject({ adhesion: true, dampingModel: 'hunt-crossley' });
    if (c.law.kind === 'compliant') expect(evaluate(c.law.exponent, {})).toBe(1.5);
  });
  it('rigid and compliant contacts side by side: each list keeps its own', () => {
    const model = builds(
      mutate(base, {
        unilateral: [
          { name: 'line', constraint: 'y >= 0', law: { compliant: { addedMass: 'N' } } },
          { name: 'wall', constraint: '2 - x >= 0', law: { plastic: true } },
        ],
      }),
    );
    expect(model.unilateral.map((u) => u.name)).toEqual(['wall']);
    expect(model.compliant!.map((u) => u.name)).toEqual(['line']);
  });
  it("a gap potential in f is the gap substituted (Kozlov's V + e^{−Nf})", () => {
    const c = builds(contact({ potential: 'exp(-N*f)' })).compliant![0]!;
    expect(c.law.kind).toBe('potential');
    if (c.law.kind === 'potential') expect(c.law.potential).toBe(parseExpr('exp(-N*y)'));
  });
  it('names are shared with the other constraints: a duplicate is reported (at the realized contact, whose name is claimed after the rigid ones)', () => {
    expect(
      problems(
        mutate(base, {
          unilateral: [
            { name: 'line', constraint: 'y >= 0', law: { compliant: { stiffness: 'N' } } },
            { name: 'line', constraint: 'x >= -3', law: { plastic: true } },
          ],
        }),
      ),
    ).toEqual([['duplicate-name', 'unilateral[0].name']]);
  });
});

describe('compliant contacts: named problems', () => {
  it('no term, a negative coefficient, an exponent below 1: bad-compliant-law', () => {
    expect(problems(contact({ compliant: {} }))).toEqual([['bad-compliant-law', 'unilateral[0].law.compliant']]);
    expect(problems(contact({ compliant: { stiffness: 'neg' } }))).toEqual([['bad-compliant-law', 'unilateral[0].law.compliant.stiffness']]);
    expect(problems(contact({ compliant: { damping: 'N*neg' } }))).toEqual([['bad-compliant-law', 'unilateral[0].law.compliant.damping']]);
    expect(problems(contact({ compliant: { stiffness: 'N', exponent: 0 } }))).toEqual([['bad-compliant-law', 'unilateral[0].law.compliant.exponent']]);
    expect(problems(contact({ compliant: { stiffness: 'N', exponent: '1/2' } }))).toEqual([['bad-compliant-law', 'unilateral[0].law.compliant.exponent']]);
  });
  it('keys that do nothing: dampingModel without damping, an exponent with linear damping alone', () => {
    expect(problems(contact({ compliant: { stiffness: 'N', dampingModel: 'hunt-crossley' } }))).toEqual([
      ['bad-compliant-law', 'unilateral[0].law.compliant.dampingModel'],
    ]);
    expect(problems(contact({ compliant: { damping: 'N', exponent: 2 } }))).toEqual([['bad-compliant-law', 'unilateral[0].law.compliant.exponent']]);
  });
  it('a bad dampingModel or adhesion, compliant with potential, unknown keys', () => {
    expect(problems(contact({ compliant: { damping: 'N', dampingModel: 'maxwell' } }))).toEqual([
      ['bad-compliant-law', 'unilateral[0].law.compliant.dampingModel'],
    ]);
    expect(problems(contact({ compliant: { stiffness: 'N', adhesion: 'yes' } }))).toEqual([['bad-compliant-law', 'unilateral[0].law.compliant.adhesion']]);
    expect(problems(contact({ compliant: { stiffness: 'N' }, potential: 'exp(-f)' }))).toEqual([['bad-compliant-law', 'unilateral[0].law']]);
    expect(problems(contact({ compliant: { stiffness: 'N', spring: 'N' } }))).toEqual([['unknown-field', 'unilateral[0].law.compliant.spring']]);
  });
  it('coefficients are expressions of the parameters only; a potential is smooth', () => {
    expect(problems(contact({ compliant: { stiffness: 'N*y' } }))).toEqual([['unknown-symbol', 'unilateral[0].law.compliant.stiffness']]);
    expect(problems(contact({ potential: 'abs(f)' }))).toEqual([['non-smooth', 'unilateral[0].law.potential']]);
  });
  it('the constraint of a compliant contact is read as a rigid one is (a constant inequality is refused at its field)', () => {
    expect(problems(mutate(base, { unilateral: [{ name: 'line', constraint: '1 >= 0', law: { compliant: { stiffness: 'N' } } }] }))).toEqual([
      ['constant-constraint', 'unilateral[0].constraint'],
    ]);
    expect(problems(mutate(base, { unilateral: [{ name: 'line', constraint: 'y >= 0', slip: 'x', law: { compliant: { stiffness: 'N' } } }] }))).toEqual([
      ['bad-slip', 'unilateral[0].slip'],
    ]);
  });
});

describe("retaining constraints realized by Kozlov's Theorem 1 terms", () => {
  const rod = {
    name: 'rod',
    coordinates: ['x', 'y'],
    parameters: { m: 1, l: 2, N: 1000, neg: -1 },
    kinetic: "m*(x'^2 + y'^2)/2",
    initial: { q: { x: 2, y: 0 }, qd: { y: 1 } },
  };
  const realized = (realization: unknown, extra: Record<string, unknown> = {}) =>
    mutate(rod, { holonomic: [{ name: 'rod', expr: 'x^2 + y^2 - l^2', realization, ...extra }] });
  it('leave Model.holonomic and carry φ with α, β, γ', () => {
    const model = builds(realized({ addedMass: 'N', stiffness: 'N^2', viscosity: 'N' }));
    expect(model.holonomic).toEqual([]);
    const [r] = model.realizations!;
    expect(r!.name).toBe('rod');
    expect(r!.phi).toBe(parseExpr('x^2 + y^2 - l^2'));
    expect([r!.addedMass, r!.stiffness, r!.viscosity].map((e) => evaluate(e!, { N: 10 }))).toEqual([10, 100, 10]);
  });
  it('a realized constraint does not count against the number of coordinates, nor must the initial state satisfy it', () => {
    const model = builds(
      mutate(rod, {
        coordinates: ['x'],
        kinetic: "m*x'^2/2",
        initial: { q: { x: 3 } },
        holonomic: [{ name: 'bar', expr: 'x - l', realization: { stiffness: 'N' } }],
      }),
    );
    expect(model.realizations!.map((r) => r.name)).toEqual(['bar']);
  });
  it('no term, a negative one, friction on a realized constraint: bad-compliant-law', () => {
    expect(problems(realized({}))).toEqual([['bad-compliant-law', 'holonomic[0].realization']]);
    expect(problems(realized({ viscosity: 'neg' }))).toEqual([['bad-compliant-law', 'holonomic[0].realization.viscosity']]);
    expect(problems(realized({ stiffness: 'N', mass: 1 }))).toEqual([['unknown-field', 'holonomic[0].realization.mass']]);
  });
});
