// unilateral: 'f >= 0' or 'g <= 0', depending on q, with an impact law.
import { describe, expect, it } from 'vitest';
import { ball, builds, mutate, problems } from '../spec-cases.js';

const contact = (c: Record<string, unknown>) => mutate(ball, { unilateral: [c] });

describe('unilateral constraints', () => {
  it('a deleted law (used to be a TypeError): missing-field in field unilateral[0].law', () => {
    expect(problems(contact({ name: 'floor', constraint: 'y >= 0' }))).toEqual([['missing-field', 'unilateral[0].law']]);
  });

  it('a missing name, a constraint that is a number, a contact that is a string', () => {
    expect(problems(contact({ constraint: 'y >= 0', law: { newton: 'e' } }))).toEqual([['missing-field', 'unilateral[0].name']]);
    expect(problems(contact({ name: 'floor', constraint: 5, law: { newton: 'e' } }))).toEqual([['bad-type', 'unilateral[0].constraint']]);
    expect(problems(mutate(ball, { unilateral: ['y >= 0'] }))).toEqual([['bad-type', 'unilateral[0]']]);
    expect(problems(mutate(ball, { unilateral: { name: 'floor' } }))).toEqual([['bad-type', 'unilateral']]);
  });

  it('1 >= 0 (the ball fell through to y = −121.6): constant-constraint', () => {
    expect(problems(contact({ name: 'floor', constraint: '1 >= 0', law: { newton: 'e' } }))).toEqual([['constant-constraint', 'unilateral[0].constraint']]);
  });

  it('two inequalities or none: bad-inequality', () => {
    expect(problems(contact({ name: 'floor', constraint: '0 <= y <= 1', law: { newton: 'e' } }))).toEqual([['bad-inequality', 'unilateral[0].constraint']]);
    expect(problems(contact({ name: 'floor', constraint: 'y', law: { newton: 'e' } }))).toEqual([['bad-inequality', 'unilateral[0].constraint']]);
  });

  it("g <= 0 keeps the author's form and gives the gap −g", () => {
    const [u] = builds(contact({ name: 'floor', constraint: '-y <= 0', law: { newton: 'e' } })).unilateral;
    expect(u!.author.sense).toBe('<=');
    expect(u!.gap).toBe(builds(ball).unilateral[0]!.gap);
  });

  describe('when (activation condition)', () => {
    const floor = (when: unknown) => contact({ name: 'floor', constraint: 'y >= 0', law: { newton: 'e' }, when });

    it('one inequality in the state: its value lhs − rhs (rhs − lhs for <, <=), strict for > and <', () => {
      const at = (when: string) => builds(floor(when)).unilateral[0]!.when!;
      expect(at("y' < 0")).toMatchObject({ strict: true, text: "y' < 0" });
      expect(at('y >= 2*m').strict).toBe(false);
      expect(at('y >= 2*m').value).toBe(builds(floor('y - 2*m >= 0')).unilateral[0]!.when!.value);
      expect(at('2*m <= y').value).toBe(at('y >= 2*m').value);
      expect(at('t > 1').strict).toBe(true);
    });

    it('no inequality, two, or a number: bad-activation', () => {
      expect(problems(floor('y'))).toEqual([['bad-activation', 'unilateral[0].when']]);
      expect(problems(floor('0 < y < 1'))).toEqual([['bad-activation', 'unilateral[0].when']]);
      expect(problems(floor(5))).toEqual([['bad-activation', 'unilateral[0].when']]);
    });

    it('a condition on the parameters alone always or never holds: bad-activation', () => {
      expect(problems(floor('m > 0'))).toEqual([['bad-activation', 'unilateral[0].when']]);
    });

    it('an unknown name is located in the field', () => {
      expect(problems(floor('z > 0'))).toEqual([['unknown-symbol', 'unilateral[0].when']]);
    });
  });
});
