// Sines and cosines of angle sums printed in the papers' contracted form:
// kugushev2002 (10.15) writes the double pendulum's equations with
// cos(q₁ − q₂) and sin(q₁ − q₂), where an expanded derivation gives
// products of sines and cosines of q₁ and q₂; the same function everywhere.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractAngleSums, lookupOf, pythagoreanPairs, shapeOf, traded } from '../../src/core/angle-contraction.js';
import { add, mul, num, pow, sin, cos, sub, sym, termsOf, withFreshTable, type Expr } from '../../src/core/expr.js';
import { expandedAngles } from '../../src/core/multiple-angles.js';
import { parseExpr } from '../../src/core/parse.js';
import { toText } from '../../src/core/print.js';
import { agreeNumerically, randomExprs, randomTrigPolynomial, rng } from './random-expr.js';

const p = (s: string): Expr => parseExpr(s);

describe('angle sums contracted', () => {
  it('joins the four addition formulas, beside other terms', () => {
    expect(contractAngleSums(p('m*cos(a)*cos(b) + m*sin(a)*sin(b)'))).toBe(p('m*cos(a - b)'));
    expect(contractAngleSums(p('cos(a)*cos(b) - sin(a)*sin(b) + k'))).toBe(p('cos(a + b) + k'));
    expect(contractAngleSums(p('sin(a)*cos(b) - cos(a)*sin(b)'))).toBe(p('sin(a - b)'));
    expect(contractAngleSums(p('2*l*sin(a)*cos(b) + 2*l*cos(a)*sin(b)'))).toBe(p('2*l*sin(a + b)'));
  });

  it('gives the factors of kugushev2002 (10.15): the mass matrix’s m₂l₁l₂cos(q₁ − q₂), and sin(q₁ − q₂) of the forcing', () => {
    // The expanded kinetic coupling and the centripetal term of the lower rod's equation.
    expect(contractAngleSums(p('m2*l1*l2*(cos(q1)*cos(q2) + sin(q1)*sin(q2))'))).toBe(p('m2*l1*l2*cos(q1 - q2)'));
    expect(contractAngleSums(p('m2*l1*l2*v^2*(cos(q1)*sin(q2) - sin(q1)*cos(q2))'))).toBe(p('-m2*l1*l2*v^2*sin(q1 - q2)'));
  });

  it('uses cos² = 1 − sin² where that lets a pair join: sin q₁ − sin q₁ cos²q₂ + cos q₁ sin q₂ cos q₂ = sin q₂ cos(q₁ − q₂)', () => {
    expect(contractAngleSums(p('sin(q1) - sin(q1)*cos(q2)^2 + cos(q1)*sin(q2)*cos(q2)'))).toBe(p('sin(q2)*cos(q1 - q2)'));
  });

  it('folds P − P cos²x into P sin²x term by term where that lets a pair join (the gravity terms of kugushev2002 (10.15), second row)', () => {
    // Rewriting every cos²q₂ would spoil the third term's pairing.
    expect(contractAngleSums(p('g*cos(q1)*cos(q2)*sin(q1) - g*cos(q1)*cos(q2)^3*sin(q1) + g*cos(q1)^2*cos(q2)^2*sin(q2)'))).toBe(
      p('g*cos(q1)*cos(q2)*sin(q2)*cos(q1 - q2)'),
    );
  });

  it('joins three terms into a square: kugushev2002’s cos²q₁ + cos²q₂ − 2 cos q₁ cos q₂ cos(q₁ − q₂) = sin²(q₁ − q₂)', () => {
    expect(contractAngleSums(p('cos(a)^2*sin(b)^2 + sin(a)^2*cos(b)^2 - 2*sin(a)*cos(a)*sin(b)*cos(b)'))).toBe(p('sin(a - b)^2'));
    expect(contractAngleSums(p('k*cos(a)^2*cos(b)^2 + k*sin(a)^2*sin(b)^2 + 2*k*sin(a)*cos(a)*sin(b)*cos(b) + m'))).toBe(p('k*cos(a - b)^2 + m'));
    // The impact's denominator m₁ + m₂ sin²(q₁ − q₂) in (1.3), as the expanded impulse gives it.
    expect(contractAngleSums(p('m1 + m2*(cos(q2)^2 + cos(q1)^2 - 2*cos(q1)*cos(q2)*cos(q1 - q2))'))).toBe(p('m1 + m2*sin(q1 - q2)^2'));
    // Not a square: the cross term's coefficient is not ±2.
    const s = 'cos(a)^2*sin(b)^2 + sin(a)^2*cos(b)^2 - 3*sin(a)*cos(a)*sin(b)*cos(b)';
    expect(contractAngleSums(p(s))).toBe(p(s));
  });

  it('writes no angle’s squares the other way than the sum did: the compass’s sin²α stays (rubanovich1981 (1.13))', () => {
    // Its gravity terms, shorter with cos²α but printed beside 1 + 3 sin²α.
    const e = p('6*sin(x)^2 - 6*sin(y)^2 + sin(x - y)^2 + 9*sin(x + y)^2');
    const c = contractAngleSums(e);
    expect(toText(c)).not.toContain('cos(x)^2');
    expect(agreeNumerically(e, c, 7).mismatch).toBeUndefined();
  });

  it('contracts from the Fourier form: sin(q₁ + q₂) − sin(q₁ − 3q₂) = 4 cos(q₁ − q₂) cos q₂ sin q₂', () => {
    expect(contractAngleSums(p('sin(q1 + q2) - sin(q1 - 3*q2)'))).toBe(p('4*cos(q1 - q2)*cos(q2)*sin(q2)'));
    // kugushev2002 (10.15), second row, over its denominator D: each velocity's and gravity's terms contract to the product with sin q₂ cos q₂.
    const row = p(
      '(g*cos(q1)*cos(q2)*sin(q1) - g*cos(q1)*cos(q2)^3*sin(q1) + g*cos(q1)^2*cos(q2)^2*sin(q2) - l1*v1^2*sin(q1 - 3*q2)/4 + l1*v1^2*sin(q1 + q2)/4 + l2*v2^2*cos(q2)*sin(q2))/D',
    );
    expect(contractAngleSums(row)).toBe(p('(g*cos(q1)*cos(q2)*sin(q2)*cos(q1 - q2) + l1*v1^2*cos(q2)*sin(q2)*cos(q1 - q2) + l2*v2^2*cos(q2)*sin(q2))/D'));
    // A sum of single-angle multiples that joins nothing stays in its Fourier form.
    for (const s of ['sin(2*a) + cos(3*b)', 'cos(a + b) + cos(a - b) + k']) expect(contractAngleSums(p(s))).toBe(p(s));
  });

  it('leaves what joins nothing: one angle, unequal coefficients, a lone product', () => {
    for (const s of ['sin(a)*cos(a) + k', 'cos(a)*cos(b) + 2*sin(a)*sin(b)', 'sin(a)*cos(b)', 'cos(a)^2 + sin(b)']) expect(contractAngleSums(p(s))).toBe(p(s));
  });

  it('keeps the function of random expressions with sines and cosines (300 of them, 4 points each)', () => {
    for (const [i, x] of randomExprs(9700, 300, { depth: 3, quotients: true }).entries()) {
      const r = agreeNumerically(x, contractAngleSums(x), 9700 + i);
      expect(r.mismatch, `${i}`).toBeUndefined();
    }
  });

  it('keeps the function of random trig polynomials, in multiple angles and in single ones, and never adds terms (40 of each, 4 points each)', () => {
    let contracted = 0;
    for (let i = 0; i < 40; i++) {
      const e = randomTrigPolynomial(5200 + i);
      // Expanded into single angles, a polynomial has pairs to join again.
      for (const x of [e, expandedAngles(e)]) {
        const c = contractAngleSums(x);
        if (c !== x) contracted++;
        expect(agreeNumerically(x, c, 5200 + i).mismatch, `${i}`).toBeUndefined();
        expect(termsOf(c).length).toBeLessThanOrEqual(termsOf(x).length);
      }
    }
    expect(contracted).toBeGreaterThan(15);
  });
});

describe('Pythagorean pairs', () => {
  it('write c·P − c·P sin²x as c·P cos²x and c·P − c·P cos²x as c·P sin²x, beside other terms', () => {
    expect(pythagoreanPairs(p('1 - sin(x)^2'))).toBe(p('cos(x)^2'));
    expect(pythagoreanPairs(p('1 - cos(x)^2'))).toBe(p('sin(x)^2'));
    expect(pythagoreanPairs(p('a + m - m*sin(x)^2'))).toBe(p('a + m*cos(x)^2'));
    expect(pythagoreanPairs(p('2*m*y*sin(x) - 2*m*y*sin(x)^3'))).toBe(p('2*m*y*sin(x)*cos(x)^2'));
  });

  it('leave every other sum as it is: the compass’s 1 + 3 sin²α and 1 − 3 sin²α (rubanovich1981 (1.13)), unequal coefficients, other angles', () => {
    for (const s of ['1 + 3*sin(a)^2', '1 - 3*sin(a)^2', '2 - sin(x)^2', '1 + sin(x)^2', '1 - cos(y)^2*sin(x)^2', 'k - m*sin(x)^2'])
      expect(pythagoreanPairs(p(s))).toBe(p(s));
  });

  it('keep the function and drop one term per pair (random P, c and other terms: 100 sums, 4 points each)', () => {
    const random = rng(4400);
    const ps = randomExprs(4400, 100, { depth: 2, quotients: false });
    const others = randomExprs(4500, 100, { depth: 2, quotients: false });
    let folded = 0;
    for (const [i, P] of ps.entries()) {
      const c = num(Math.floor(random() * 7) - 3 || 1);
      const x = [sym('x'), sym('y'), sym('z')][i % 3]!;
      const square = pow(i % 2 === 0 ? sin(x) : cos(x), 2);
      const e = add(mul(c, P), mul(num(-1), c, P, square), others[i]!);
      const f = pythagoreanPairs(e);
      expect(agreeNumerically(e, f, 4400 + i).mismatch, `${i}`).toBeUndefined();
      expect(termsOf(f).length).toBeLessThanOrEqual(termsOf(e).length);
      if (termsOf(f).length < termsOf(e).length) folded++;
    }
    expect(folded).toBeGreaterThan(50);
  });
});

describe('partners looked up by their factors, the pass unchanged', () => {
  const X = sym('x'),
    Y = sym('y');
  const angles = [X, Y, add(X, Y), sub(X, Y)];
  const trigs = angles.flatMap((a) => [sin(a), cos(a)]);
  // Products of sines and cosines (some to a symbolic power n, which lookup by factors leaves to building), x and m.
  const bases = [...trigs, X, sym('m')];
  const product = fc
    .array(fc.tuple(fc.constantFrom(...bases), fc.integer({ min: -2, max: 3 }), fc.boolean()), { maxLength: 5 })
    .map((fs) => mul(...fs.map(([b, k, symbolic]) => pow(b, symbolic && b.kind === 'fn' && k === 3 ? sym('n') : num(k)))));
  const trade = fc
    .uniqueArray(fc.constantFrom(...trigs), { minLength: 1, maxLength: 4 })
    .chain((bs) => fc.tuple(...bs.map((b) => fc.integer({ min: -2, max: 2 }).map((k) => [b, k] as const))));

  it('finds the term that p with its bases traded is, as building that product finds it (fast-check)', () => {
    let [hits, builds] = [0, 0];
    fc.assert(
      fc.property(product, trade, fc.array(product, { maxLength: 6 }), fc.boolean(), (p, t, others, present) => {
        const built = mul(p, ...t.map(([b, k]) => pow(b, k)));
        const terms = [...new Set(present ? [...others, built] : others)];
        const hit = traded(shapeOf(p), t, lookupOf(terms.map(shapeOf)));
        const index = terms.indexOf(built);
        if (hit === 'build') builds++;
        else expect(hit).toBe(index < 0 ? undefined : index);
        if (typeof hit === 'number') hits++;
      }),
      { numRuns: 400, seed: 7300 },
    );
    expect(hits).toBeGreaterThan(100);
    expect(builds).toBeGreaterThan(10);
  });

  it('contracts random trig polynomials as it did when it built every partner (15, and each expanded)', () => {
    const inputs = Array.from({ length: 15 }, (_, i) => randomTrigPolynomial(7100 + i)).flatMap((e) => [e, expandedAngles(e)]);
    const printed = inputs.map((x) => toText(contractAngleSums(x)));
    expect(printed.filter((s, i) => s !== toText(inputs[i]!)).length).toBe(10);
    // SHA-256 of the results one a line, as the pass gave them when each partner was built and looked up.
    expect(
      createHash('sha256')
        .update(printed.map((s) => `${s}\n`).join(''))
        .digest('hex'),
    ).toBe('b21efed2a5e6cf2373a2f3abafa60bf3d15cf5930256295503ac5d59e162c6a8');
  });

  it('answers a part contracted inside a whole as the part alone in a fresh table', () => {
    for (let i = 0; i < 10; i++) {
      const part = randomTrigPolynomial(7200 + i);
      contractAngleSums(mul(sym('m'), pow(add(part, sym('k')), 2), sin(part)));
      const alone = withFreshTable(() => toText(contractAngleSums(randomTrigPolynomial(7200 + i))));
      expect(toText(contractAngleSums(part)), `${i}`).toBe(alone);
    }
  });
});
