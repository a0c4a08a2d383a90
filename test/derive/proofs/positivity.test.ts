// Proofs of f > 0 on open parameter ranges (src/derive/proofs/positivity.ts):
// textbook cases that need the endpoint rule (a zero at an open end), cases
// that must not be proved (a sign change, a zero inside), and a property
// test: no proof is ever contradicted by dense sampling of the box.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { add, cos, mul, num, pow, sin, sym, type Expr } from '../../../src/core/expr.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { simplify } from '../../../src/core/trig.js';
import { assumptionDomain } from '../../../src/derive/proofs/assumptions.js';
import { provePositive, type Domain } from '../../../src/derive/proofs/positivity.js';
import { canonical } from '../../helpers/hand.js';

const PI = sym('pi');
/** α ∈ (0, π/2), β ∈ (0, π), l ∈ (0, ∞), x ∈ (0, 1). */
const domain: Domain = assumptionDomain([
  { parameter: 'alpha', lower: num(0), upper: mul(num({ n: 1, d: 2 }), PI), lowerOpen: true, upperOpen: true, source: 'declared' },
  { parameter: 'beta', lower: num(0), upper: PI, lowerOpen: true, upperOpen: true, source: 'declared' },
  { parameter: 'l', lower: num(0), lowerOpen: true, upperOpen: false, source: 'positive default' },
  { parameter: 'x', lower: num(0), upper: num(1), lowerOpen: true, upperOpen: true, source: 'declared' },
]);
const proves = (source: string): boolean => provePositive(canonical(source), domain);

describe('positivity proved at an open end where the function vanishes', () => {
  it('sin α on (0, π/2): sin 0 = 0 and cos α > 0 near 0', () => expect(proves('sin(alpha)')).toBe(true));
  it('sin β on (0, π): zero at both ends', () => expect(proves('sin(beta)')).toBe(true));
  it('cos α on (0, π/2): zero at the upper end, decreasing towards it', () => expect(proves('cos(alpha)')).toBe(true));
  it('sin²α·cos α (a double zero needs the second derivative)', () => expect(proves('sin(alpha)^2*cos(alpha)')).toBe(true));
  it('x(1 − x) on (0, 1)', () => expect(proves('x*(1 - x)')).toBe(true));
  it('l + sin α, whose only zero is the corner l = α = 0 of the box', () => expect(proves('l + sin(alpha)')).toBe(true));
  it('1 + 3 sin²α and 3 + 4l (no zero near the box)', () => {
    expect(proves('1 + 3*sin(alpha)^2')).toBe(true);
    expect(proves('3 + 4*l')).toBe(true);
  });
});

describe('positivity at a corner where an open end meets a closed one', () => {
  // α ∈ (0, π/4) open, I* ∈ [0, 1] closed: I* + cos 2α tends to 0 only at the corner α = π/4, I* = 0 (rubanovich1981 (2.8)–(2.9)).
  const corner = assumptionDomain([
    { parameter: 'alpha', lower: num(0), upper: canonical('pi/4'), lowerOpen: true, upperOpen: true, source: 'declared' },
    { parameter: 'Istar', lower: num(0), upper: num(1), lowerOpen: false, upperOpen: false, source: 'declared' },
  ]);
  it('I* + cos 2α > 0: its face at α = π/4 is I* ≥ 0 (0 at I* = 0), and it decreases towards that face', () => {
    expect(provePositive(canonical('Istar + cos(2*alpha)'), corner)).toBe(true);
    expect(provePositive(canonical('Istar + 2*cos(alpha)^2 - 1'), corner)).toBe(true);
  });
  it('but not I* + cos 2α − 1/100, negative at the corner, nor I* − cos 2α', () => {
    expect(provePositive(canonical('Istar + cos(2*alpha) - 1/100'), corner)).toBe(false);
    expect(provePositive(canonical('Istar - cos(2*alpha)'), corner)).toBe(false);
  });
});

describe('positivity not proved', () => {
  it('1 − 3 sin²α changes sign at α₀ = arcsin(1/√3), inside (0, π/2)', () => {
    expect(proves('1 - 3*sin(alpha)^2')).toBe(false);
    expect(proves('3*sin(alpha)^2 - 1')).toBe(false);
  });
  it('(2x − 1)² vanishes inside (0, 1)', () => expect(proves('(2*x - 1)^2')).toBe(false));
  it('sin(2β) is negative on (π/2, π)', () => expect(proves('sin(2*beta)')).toBe(false));
  it('l − 1 on (0, ∞)', () => expect(proves('l - 1')).toBe(false));
  it('−sin α', () => expect(proves('-sin(alpha)')).toBe(false));
  it('a symbol without an assumption (any real value)', () => expect(proves('1 + y')).toBe(false));
});

// Random trigonometric polynomials in α and β with a positive shift: many are
// positive, some barely, some not. A proof must never meet a sample ≤ 0.
const angle = fc.constantFrom(sym('alpha'), sym('beta'));
const atom = fc.oneof(
  angle.map((a) => sin(a)),
  angle.map((a) => cos(a)),
  angle.map((a) => sin(mul(num(2), a))),
  fc.constant(sym('x')),
);
const monomial = fc
  .tuple(fc.integer({ min: -4, max: 4 }), fc.array(fc.tuple(atom, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 3 }))
  .map(([c, fs]) => mul(num(c), ...fs.map(([f, k]) => pow(f, k))));
const trigPolynomial = fc
  .tuple(fc.integer({ min: -2, max: 6 }), fc.array(monomial, { minLength: 1, maxLength: 3 }))
  .map(([c, ms]) => simplify(add(num(c), ...ms)));

describe('a proof of positivity', () => {
  it('is never contradicted by a 40×40 sample of the open box (150 random trig polynomials)', () => {
    let proved = 0;
    fc.assert(
      fc.property(trigPolynomial, (f: Expr) => {
        if (!provePositive(f, domain)) return;
        proved++;
        for (let i = 1; i < 40; i++) {
          for (let j = 1; j < 40; j++) {
            const env = { alpha: (i / 40) * (Math.PI / 2), beta: (j / 40) * Math.PI, x: ((i + j) % 40) / 40 || 0.5 };
            expect(evaluate(f, env)).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 150, seed: 17 },
    );
    // The property is not vacuous: a good share of the cases is proved.
    expect(proved).toBeGreaterThan(15);
  });
});
