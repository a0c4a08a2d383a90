// A paper's inequalities proved on a parameter box (src/derive/proofs/claims.ts):
// Rubanovich–Formalsky (2.9) typed from the paper, ν = [(I* + cos(2π/k))/(I* + 1)]^k
// with α = π/k, proved < 1, increasing in k and squeezed to 1 as k → ∞ for
// k ≥ 5 (α ∈ (0, π/5]) and every I* ∈ [0, 1]; claims that are false stay unproved.
import { describe, expect, it } from 'vitest';
import { num } from '../../../src/core/expr.js';
import { subs } from '../../../src/core/subs.js';
import { assumptionDomain } from '../../../src/derive/proofs/assumptions.js';
import { proveClaim } from '../../../src/derive/proofs/claims.js';
import { logMinorant } from '../../../src/derive/proofs/log-bounds.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { cancel } from '../../../src/core/cancel.js';
import { canonical } from '../../helpers/hand.js';

const domain = assumptionDomain([
  { parameter: 'Istar', lower: num(0), upper: num(1), lowerOpen: false, upperOpen: false, source: 'declared' },
  { parameter: 'alpha', lower: num(0), upper: canonical('pi/5'), lowerOpen: true, upperOpen: false, source: 'declared' },
]);
/** (2.9) as the paper prints it, k = π/α. */
const nu = subs(canonical('((Istar + cos(2*pi/k))/(Istar + 1))^k'), new Map([['k', canonical('pi/alpha')]]));
const rate = { parameter: 'alpha', of: canonical('pi/alpha') };

describe('Rubanovich–Formalsky (2.9) for k ≥ 5', () => {
  it('ν < 1: by logarithms, −(π/α) ln((I* + cos 2α)/(1 + I*)) > 0', () => {
    const proof = proveClaim(num(1), nu, domain);
    expect(proof).toMatchObject({ holds: true, via: 'logarithms' });
  });
  it('ν increases with k: d ln ν/dk > 0', () => {
    expect(proveClaim(nu, num(0), domain, { rate })).toMatchObject({ holds: true, via: 'logarithms' });
  });
  it('ν > exp(−16π/k), so with ν < 1, ν → 1 as k → ∞', () => {
    expect(proveClaim(nu, subs(canonical('exp(-16*pi/k)'), new Map([['k', canonical('pi/alpha')]])), domain).holds).toBe(true);
  });
  it('false claims stay unproved: ν > 1, ν decreasing in k, ν > exp(−π/k)', () => {
    expect(proveClaim(nu, num(1), domain).holds).toBe(false);
    expect(proveClaim(num(0), nu, domain, { rate }).holds).toBe(false);
    expect(proveClaim(nu, subs(canonical('exp(-pi/k)'), new Map([['k', canonical('pi/alpha')]])), domain).holds).toBe(false);
  });
  it('a claim without logarithms compares the difference where a side may vanish: 2 + I* > cos 4α', () => {
    expect(proveClaim(canonical('Istar'), canonical('cos(2*alpha)'), domain).holds).toBe(false);
    expect(proveClaim(canonical('2 + Istar'), canonical('cos(4*alpha)'), domain)).toMatchObject({ holds: true, via: 'difference' });
  });
});

describe('Rubanovich–Formalsky (2.9) for every real k > 4, every I*', () => {
  // α ∈ (0, π/4): ν's base (I* + cos 2α)/(1 + I*) tends to 0 at the corner α = π/4, I* = 0, and ln ν to −∞.
  const lifting = assumptionDomain([
    { parameter: 'Istar', lower: num(0), upper: num(1), lowerOpen: false, upperOpen: false, source: 'declared' },
    { parameter: 'alpha', lower: num(0), upper: canonical('pi/4'), lowerOpen: true, upperOpen: true, source: 'declared' },
  ]);
  it('ν < 1 by logarithms', () => {
    expect(proveClaim(num(1), nu, lifting)).toMatchObject({ holds: true, via: 'logarithms' });
  });
  it('dν/dk > 0 with ln r ≥ 1 − 1/r: (x sin x − 1 + cos x)/(I* + cos x) > 0, x = 2π/k = 2α', () => {
    const proof = proveClaim(nu, num(0), lifting, { rate });
    expect(proof).toMatchObject({ holds: true, via: 'logarithm bound' });
    const x = 1.2;
    expect(evaluate(proof.positive[0]!, { alpha: x / 2, Istar: 0.3 })).toBeCloseTo((x * Math.sin(x) - 1 + Math.cos(x)) / (0.3 + Math.cos(x)), 12);
  });
  it('real 3 < k ≤ 4 with I* > 1/2: the two logarithm terms I* ln r and cos 2α ln r, cos 2α of either sign, bounded together', () => {
    const heavy = assumptionDomain([
      { parameter: 'Istar', lower: canonical('1/2'), upper: num(1), lowerOpen: true, upperOpen: false, source: 'declared' },
      { parameter: 'alpha', lower: num(0), upper: canonical('pi/3'), lowerOpen: true, upperOpen: true, source: 'declared' },
    ]);
    expect(proveClaim(nu, num(0), heavy, { rate })).toMatchObject({ holds: true, via: 'logarithm bound' });
  });
  it('the bound proves no false rate: ν decreasing in k stays unproved', () => {
    expect(proveClaim(num(0), nu, lifting, { rate }).holds).toBe(false);
  });
  it('ν > exp(−16π/k) is false near k = 4, I* = 0 (ν → 0 there) and stays unproved', () => {
    expect(proveClaim(nu, subs(canonical('exp(-16*pi/k)'), new Map([['k', canonical('pi/alpha')]])), lifting).holds).toBe(false);
  });
});

describe('the logarithm bound 1 − 1/u ≤ ln u ≤ u − 1 (log-bounds.ts)', () => {
  const box = assumptionDomain([{ parameter: 'x', lower: num(0), upper: num(1), lowerOpen: true, upperOpen: false, source: 'declared' }]);
  it('x ln x + 1 > 0 on (0, 1]: x(1 − 1/x) + 1 = x, although x ln x encloses to −∞ near 0', () => {
    expect(cancel(logMinorant(canonical('x*log(x) + 1'), box)!)).toBe(canonical('x'));
  });
  it('a negative coefficient takes the upper bound: 2 − ln(1 + x) ≥ 2 − x', () => {
    expect(cancel(logMinorant(canonical('2 - log(1 + x)'), box)!)).toBe(canonical('2 - x'));
  });
  it('no bound where a coefficient has no proved sign, or without a logarithm', () => {
    expect(logMinorant(canonical('y*log(x)'), box)).toBeUndefined();
    expect(logMinorant(canonical('x + 1'), box)).toBeUndefined();
  });
});

describe('non-strict claims: ≥ 0 where the sides may vanish', () => {
  const closed = assumptionDomain([
    { parameter: 'e', lower: num(0), upper: num(1), lowerOpen: false, upperOpen: false, source: 'declared' },
    { parameter: 'k', lower: num(0), lowerOpen: true, upperOpen: false, source: 'declared' },
  ]);
  const nonStrict = { strict: false } as const;
  it('(1 − e²)x² ≥ 0 on e ∈ [0, 1] for every x, 0 at e = 1 and x = 0: not > 0', () => {
    const loss = canonical('(1 - e^2)*x^2');
    expect(proveClaim(loss, num(0), closed, nonStrict)).toMatchObject({ holds: true, strict: false, nonzero: [] });
    expect(proveClaim(loss, num(0), closed).holds).toBe(false);
    // A difference that is 0 is ≥ 0, never > 0.
    expect(proveClaim(loss, loss, closed, nonStrict).holds).toBe(true);
    expect(proveClaim(loss, loss, closed).holds).toBe(false);
  });
  it('(1 − e)x ≥ 0 is not proved: x has either sign; nor (1 − e²)x² ≥ 0 for e up to 2', () => {
    expect(proveClaim(canonical('(1 - e)*x'), num(0), closed, nonStrict).holds).toBe(false);
    const wider = assumptionDomain([{ parameter: 'e', lower: num(0), upper: num(2), lowerOpen: false, upperOpen: false, source: 'declared' }]);
    expect(proveClaim(canonical('(1 - e^2)*x^2'), num(0), wider, nonStrict).holds).toBe(false);
  });
  it('a sum in e times a factor of the others: (e² − 1)(k + sin²θ) ≤ 0 expanded, its quotient by k + cos²θ where that is ≠ 0', () => {
    const expanded = canonical('(k + sin(theta)^2 - e^2*k - e^2*sin(theta)^2)/(k*cos(theta)^2 + sin(theta)^2)');
    expect(proveClaim(expanded, num(0), closed, nonStrict)).toMatchObject({ holds: true, nonzero: [canonical('k*cos(theta)^2 + sin(theta)^2')] });
  });
  it('the form x² + 2xy + y² (matrix [[1, 1], [1, 1]]) is positive semidefinite: ≥ 0 by its principal minors 2, 2, 0, not > 0', () => {
    const form = canonical('x^2 + 2*x*y + y^2');
    const proof = proveClaim(form, num(0), closed, { strict: false, velocities: ['x', 'y'] });
    expect(proof).toMatchObject({ holds: true, via: 'quadratic form', positive: [num(2), num(2), num(0)] });
    expect(proveClaim(form, num(0), closed, { velocities: ['x', 'y'] })).toMatchObject({ holds: false, via: 'quadratic form' });
  });
  it('an indefinite form x² − y², and −y² whose leading minors 0, 0 alone would pass, are refused', () => {
    for (const form of ['x^2 - y^2', '-y^2 + 0*x'])
      expect(proveClaim(canonical(form), num(0), closed, { strict: false, velocities: ['x', 'y'] }).holds).toBe(false);
  });
  it('an impulse −(1 + e)w/k: ≥ 0 since w < 0 at the impact, not proved without it', () => {
    const w = canonical('a*x + b*y');
    const impulse = canonical('-(1 + e)*(a*x + b*y)/k');
    const options = { strict: false, velocities: ['x', 'y'] };
    expect(proveClaim(impulse, num(0), closed, { ...options, arriving: w })).toMatchObject({ holds: true, via: 'arrival' });
    expect(proveClaim(impulse, num(0), closed, options).holds).toBe(false);
  });
  it('α₀ = π/2 − ½ arccos I* of (2.8) lies in [π/4, π/2] for I* ∈ [0, 1], reaching both ends: arccos u ≤ π/2 exactly where u ≥ 0', () => {
    const a0 = canonical('pi/2 - acos(Istar)/2');
    expect(proveClaim(a0, canonical('pi/4'), domain, nonStrict).holds).toBe(true);
    expect(proveClaim(canonical('pi/2'), a0, domain, nonStrict).holds).toBe(true);
    expect(proveClaim(a0, canonical('pi/4'), domain).holds).toBe(false);
    const negative = assumptionDomain([{ parameter: 'Istar', lower: num(-1), upper: num(0), lowerOpen: false, upperOpen: true, source: 'declared' }]);
    expect(proveClaim(a0, canonical('pi/4'), negative, nonStrict).holds).toBe(false);
    expect(proveClaim(canonical('pi/4'), a0, negative, nonStrict).holds).toBe(true);
    // asin the other way: asin(e) ≥ π/6 exactly where e ≥ 1/2.
    expect(proveClaim(canonical('asin(e)'), canonical('pi/6'), closed, nonStrict).holds).toBe(false);
    const upper = assumptionDomain([{ parameter: 'e', lower: canonical('1/2'), upper: num(1), lowerOpen: false, upperOpen: false, source: 'declared' }]);
    expect(proveClaim(canonical('asin(e)'), canonical('pi/6'), upper, nonStrict).holds).toBe(true);
  });
});
