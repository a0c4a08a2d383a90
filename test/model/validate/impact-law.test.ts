// Impact laws: exactly one kind; restitution in [0, 1] unless allowed.
import { describe, expect, it } from 'vitest';
import { ball, builds, mutate, problems } from '../spec-cases.js';

const withE = (e: unknown, law: Record<string, unknown> = { newton: 'e' }) =>
  mutate(ball, { parameters: { m: 1, g: 9.81, e }, unilateral: [{ name: 'floor', constraint: 'y >= 0', law }] });

describe('restitution', () => {
  it('e = 1.5 (energy 9.81 → 111.7 in 5 s) and e = −0.5 (23 impacts at one instant): bad-restitution at the law', () => {
    for (const e of [1.5, -0.5]) expect(problems(withE(e)), String(e)).toEqual([['bad-restitution', 'unilateral[0].law.newton']]);
  });

  it('the ends 0 and 1 are restitutions', () => {
    for (const e of [0, 1]) expect(builds(withE(e)).unilateral[0]!.law.kind).toBe('newton');
  });

  it('a declared range reaching beyond [0, 1] is refused even with a valid default', () => {
    expect(problems(withE({ default: 0.5, range: [0, 2] }))).toEqual([['bad-restitution', 'unilateral[0].law.newton']]);
    expect(problems(withE({ default: 0.5, range: [-1, 1] }))).toEqual([['bad-restitution', 'unilateral[0].law.newton']]);
  });

  it('allowSuperelastic admits e > 1 (never e < 0)', () => {
    expect(builds(withE(1.5, { newton: 'e', allowSuperelastic: true })).unilateral[0]!.law.kind).toBe('newton');
    expect(problems(withE(-0.5, { newton: 'e', allowSuperelastic: true }))).toEqual([['bad-restitution', 'unilateral[0].law.newton']]);
  });

  it('the w-law coefficient W is checked the same way', () => {
    expect(problems(withE(1.2, { wLaw: 'e' }))).toEqual([['bad-restitution', 'unilateral[0].law.wLaw']]);
    expect(builds(withE(0.7, { wLaw: 'e' })).unilateral[0]!.law.kind).toBe('w-law');
  });
});

describe('the form of a law', () => {
  it('two kinds at once, none, plastic: false, a coefficient that is not a name, an unknown parameter', () => {
    expect(problems(withE(0.5, { newton: 'e', plastic: true }))).toEqual([['bad-impact-law', 'unilateral[0].law']]);
    expect(problems(withE(0.5, {}))).toEqual([['bad-impact-law', 'unilateral[0].law']]);
    expect(problems(withE(0.5, { plastic: false }))).toEqual([['bad-impact-law', 'unilateral[0].law.plastic']]);
    expect(problems(withE(0.5, { newton: 0.5 }))).toEqual([['bad-type', 'unilateral[0].law.newton']]);
    expect(problems(withE(0.5, { newton: 'r' }))).toEqual([['unknown-parameter', 'unilateral[0].law.newton']]);
  });

  it('allowSuperelastic on a plastic law, or not a boolean: bad-impact-law', () => {
    expect(problems(withE(0.5, { plastic: true, allowSuperelastic: true }))).toEqual([['bad-impact-law', 'unilateral[0].law.allowSuperelastic']]);
    expect(problems(withE(0.5, { newton: 'e', allowSuperelastic: 'yes' }))).toEqual([['bad-impact-law', 'unilateral[0].law.allowSuperelastic']]);
  });

  it('a law that is null or a string: bad-type', () => {
    expect(problems(withE(0.5, null as never))).toEqual([['bad-type', 'unilateral[0].law']]);
    expect(problems(withE(0.5, 'newton' as never))).toEqual([['bad-type', 'unilateral[0].law']]);
  });
});
