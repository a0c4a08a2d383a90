// Names of every kind are identifiers, so none can carry code, LaTeX or HTML.
import { describe, expect, it } from 'vitest';
import { MAX_IDENTIFIER } from '../../../src/model/validate/identifiers.js';
import { ball, builds, mutate, problems, rodPendulum } from '../spec-cases.js';

const HOSTILE = ['x*/alert(1)//', '</script><script>alert(1)</script>', 'a}\\input{/etc/hostname}', 'a b', '1a', '_a', 'é', ''];

describe('names of every kind', () => {
  it('a holonomic constraint name with code or markup: bad-identifier in field holonomic[0].name', () => {
    for (const name of HOSTILE) {
      expect(problems(mutate(rodPendulum, { holonomic: [{ name, expr: 'x^2 + y^2 - l^2' }] })), name).toEqual([['bad-identifier', 'holonomic[0].name']]);
    }
  });

  it('non-holonomic and unilateral names are checked alike', () => {
    expect(problems(mutate(rodPendulum, { holonomic: [], nonholonomic: [{ name: 'a\nb', expr: "x' - y'" }], initial: {} }))).toEqual([
      ['bad-identifier', 'nonholonomic[0].name'],
    ]);
    expect(problems(mutate(ball, { unilateral: [{ name: '<b>floor</b>', constraint: 'y >= 0', law: { newton: 'e' } }] }))).toEqual([
      ['bad-identifier', 'unilateral[0].name'],
    ]);
  });

  it('coordinate and parameter names: identifiers, not reserved, declared once', () => {
    expect(problems(mutate(ball, { coordinates: ['y', 'z-1'] }))).toEqual([['bad-identifier', 'coordinates']]);
    expect(problems(mutate(ball, { parameters: { m: 1, g: 9.81, e: 0.9, 'k;': 1 } }))).toEqual([['bad-identifier', 'parameters.k;']]);
    expect(problems(mutate(ball, { parameters: { m: 1, g: 9.81, e: 0.9, constructor: 1 } }))).toEqual([['reserved-name', 'parameters.constructor']]);
    expect(problems(mutate(ball, { parameters: { m: 1, g: 9.81, e: 0.9, y: 1 } }))).toEqual([['duplicate-name', 'parameters.y']]);
  });

  it('constraint names share one namespace: a contact named like a holonomic constraint is a duplicate', () => {
    const spec = mutate(rodPendulum, { unilateral: [{ name: 'rod', constraint: 'y + 3 >= 0', law: { plastic: true } }] });
    expect(problems(spec)).toEqual([['duplicate-name', 'unilateral[0].name']]);
  });

  it("a given name may not take an unnamed constraint's default name (phi2)", () => {
    const spec = mutate(rodPendulum, {
      coordinates: ['x', 'y', 'z'],
      kinetic: "m*(x'^2 + y'^2 + z'^2)/2",
      holonomic: [{ name: 'phi2', expr: 'x^2 + y^2 - l^2' }, 'z'],
    });
    expect(problems(spec)).toEqual([['duplicate-name', 'holonomic[1].name']]);
  });

  it(`names up to ${MAX_IDENTIFIER} characters are accepted, longer ones refused`, () => {
    const ok = 'a'.repeat(MAX_IDENTIFIER);
    expect(builds(mutate(rodPendulum, { holonomic: [{ name: ok, expr: 'x^2 + y^2 - l^2' }] })).holonomic[0]!.name).toBe(ok);
    expect(problems(mutate(rodPendulum, { holonomic: [{ name: `${ok}a`, expr: 'x^2 + y^2 - l^2' }] }))).toEqual([['bad-identifier', 'holonomic[0].name']]);
  });
});
