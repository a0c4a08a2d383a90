// Smirnov's support variants (src/derive/friction/support-variants.ts, support-reactions.ts,
// support-selection.ts; smirnov1981 §1–§3): the counts, the point between two rough
// planes, the two-try rule against enumeration on random systems, and the
// self-locking and inconsistent cases reported by name.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, mul, num, sym, type Expr } from '../../../src/core/expr.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { simplify } from '../../../src/core/trig.js';
import { frictionBound, solveNumeric, solveSymbolic, type ReactionSystem } from '../../../src/derive/friction/support-reactions.js';
import { selectVariant, twoTries } from '../../../src/derive/friction/support-selection.js';
import {
  bearing,
  countFormsAgree,
  fullVariants,
  supports,
  switching,
  variantCountForms,
  variantCounts,
  variants,
} from '../../../src/derive/friction/support-variants.js';
import { canonical } from '../../helpers/hand.js';

describe('variant counts', () => {
  it('the prism in guides (k = 5): 243 variants, 32 full, C(5,n)·2ⁿ on n supports', () => {
    const all = [...variants(5)];
    expect(all.length).toBe(243);
    expect([...fullVariants(5)].length).toBe(32);
    expect(new Set(all.map((v) => v.join())).size).toBe(243);
    const expected = [1, 10, 40, 80, 80, 32];
    expect(variantCounts(5).bySupports).toEqual(expected);
    for (let n = 0; n <= 5; n++) expect(all.filter((v) => supports(v) === n).length).toBe(expected[n]);
    expect(variantCounts(5)).toMatchObject({ all: 243, full: 32 });
  });
  it.each([1, 2, 3, 4, 5, 6])('k = %i: 3^k enumerated variants, 2^k full ones', (k) => {
    expect([...variants(k)].length).toBe(3 ** k);
    expect([...fullVariants(k)].length).toBe(2 ** k);
    expect(variantCounts(k)).toMatchObject({ all: 3 ** k, full: 2 ** k });
    expect([...variants(k)].filter((v) => supports(v) === k).length).toBe(2 ** k);
  });
  // smirnov1981 §3: s₀ = 2^{6t−n}, S = 3^{6t−n}; §2: C_5^n 2^n on n supports, Σ = 243.
  const k = sym('k');
  const z = sym('z');
  const forms = variantCountForms(k, z);
  it.each([1, 2, 3, 4, 5, 6])('closed forms at k = %i: 3^k, 2^k and the coefficients C(k, r)·2^r of (1 + 2z)^k', (n) => {
    expect(evaluate(forms.all, { k: n })).toBe(3 ** n);
    expect(evaluate(forms.full, { k: n })).toBe(2 ** n);
    expect(countFormsAgree(forms, z, { k: n }, variantCounts(n))).toBe(true);
  });
  it('the prism’s five pairs: C(5, r)·2^r = 1, 10, 40, 80, 80, 32 by r, summing to 3⁵ = 243; a wrong count is refused', () => {
    expect(variantCounts(5).bySupports).toEqual([1, 10, 40, 80, 80, 32]);
    expect(evaluate(forms.generating, { k: 5, z: 1 })).toBe(243);
    const wrong = { ...variantCounts(5), bySupports: [1, 10, 40, 80, 81, 32] };
    expect(countFormsAgree(forms, z, { k: 5 }, wrong)).toBe(false);
    expect(countFormsAgree(forms, z, { k: 4 }, variantCounts(5))).toBe(false);
  });
});

// A point between two parallel rough planes (Smirnov's example 1), sliding
// along x: one pair, side + the upper plane (roughness f2, pushes with −N ẑ),
// side − the lower one (f1, pushes with +N ẑ). The vanishing clearance keeps
// z̈ = 0, so the z equation 0 = F_z ∓ N is (1.1) with a⁺ = 1, a⁻ = −1,
// b = F_z; friction acts along x only and so does not enter a.
const planes: ReactionSystem = {
  pairs: [{ positive: [num(1)], negative: [num(-1)], friction: { positive: 'f2', negative: 'f1' } }],
  rhs: [sym('Fz')],
};

describe('a point between two rough planes (f1 below, f2 above)', () => {
  it('has N = F_z on the upper plane and N = −F_z on the lower one in closed form, det ±1', () => {
    expect(solveSymbolic(planes, [1])).toEqual({ kind: 'solved', det: num(1), reactions: [sym('Fz')] });
    expect(solveSymbolic(planes, [-1])).toEqual({ kind: 'solved', det: num(-1), reactions: [canonical('-Fz')] });
  });
  it.each([
    [3, [1], 1.5], // |Φ| = f2·F_z
    [-3, [-1], 0.6], // |Φ| = −f1·F_z
  ])('F_z = %d realizes variant %j with |Φ| = %d (f1 = 0.2, f2 = 0.5)', (Fz, variant, bound) => {
    const env = { Fz, f1: 0.2, f2: 0.5 };
    const sel = selectVariant(planes, env);
    if (sel.kind !== 'realized') throw new Error(sel.kind);
    expect(sel.variant).toEqual(variant);
    expect(frictionBound(planes, sel.solved.variant, sel.solved.reactions, env)).toBeCloseTo(bound, 14);
  });
  it('F_z = 0 bears on neither plane: the free variant, F(s) = 1/2 on both full variants (1.2)', () => {
    const env = { Fz: 0, f1: 0.2, f2: 0.5 };
    expect(selectVariant(planes, env)).toMatchObject({ kind: 'realized', variant: [0] });
    for (const s of [[1], [-1]] as const) {
      const r = solveNumeric(planes, s, env);
      expect(r.kind === 'solved' && switching(r.reactions)).toBe(0.5);
    }
  });
});

/** k pairs with normal rows n and friction rows t: a⁺ = n + f⁺t, a⁻ = −n + f⁻t (friction opposes sliding on either side). */
const rough = (k: number): ReactionSystem => ({
  pairs: Array.from({ length: k }, (_, i) => ({
    positive: Array.from({ length: k }, (_, j) => add(sym(`n${i}${j}`), mul(sym(`fp${i}`), sym(`t${i}${j}`)))),
    negative: Array.from({ length: k }, (_, j) => add(mul(num(-1), sym(`n${i}${j}`)), mul(sym(`fm${i}`), sym(`t${i}${j}`)))),
    friction: { positive: `fp${i}`, negative: `fm${i}` },
  })),
  rhs: Array.from({ length: k }, (_, j) => sym(`b${j}`)),
});

describe('(1.1) in closed form', () => {
  it('a rough 2-pair system: the symbolic determinant and reactions equal the numeric solve at random numbers', () => {
    const sys = rough(2);
    const u = fc.double({ min: -1, max: 1, noNaN: true });
    fc.assert(
      fc.property(fc.array(u, { minLength: 14, maxLength: 14 }), fc.constantFrom(...fullVariants(2)), (xs, s) => {
        const names = ['n00', 'n01', 'n10', 'n11', 't00', 't01', 't10', 't11', 'fp0', 'fp1', 'fm0', 'fm1', 'b0', 'b1'];
        const env = Object.fromEntries(names.map((n, i) => [n, xs[i]!]));
        const sym_ = solveSymbolic(sys, s);
        const numeric = solveNumeric(sys, s, env);
        if (sym_.kind !== 'solved' || numeric.kind !== 'solved') return;
        if (Math.abs(numeric.det) < 1e-3) return;
        expect(evaluate(sym_.det, env)).toBeCloseTo(numeric.det, 10);
        sym_.reactions.forEach((N, i) => expect(evaluate(N, env)).toBeCloseTo(numeric.reactions[i]!, 6));
      }),
      { seed: 12, numRuns: 200 },
    );
  });
  it('the determinant of variant (+,−) is the 2×2 cofactor expansion of its columns a₁⁺, a₂⁻', () => {
    const d = solveSymbolic(rough(2), [1, -1]);
    expect(d.kind === 'solved' && d.det).toBe(simplify(canonical('(n00 + fp0*t00)*(-n11 + fm1*t11) - (-n10 + fm1*t10)*(n01 + fp0*t01)')));
  });
});

describe('the two-try rule against enumeration', () => {
  // Without friction a⁻ = −a⁺: every full variant solves the same signed
  // system, so flipping the negative reactions of any guess gives all ≥ 0 —
  // Smirnov's two tries are exact there, and Σ F(s) = 1 (1.2).
  it('k ≤ 4, frictionless: two tries from any guess find the one realized variant, and Σ F(s) = 1', () => {
    const u = fc.double({ min: -1, max: 1, noNaN: true });
    const cases = fc.integer({ min: 1, max: 4 }).chain((k) =>
      fc.record({
        k: fc.constant(k),
        n: fc.array(u, { minLength: k * k, maxLength: k * k }),
        b: fc.array(u, { minLength: k, maxLength: k }),
        guess: fc.constantFrom(...fullVariants(k)),
      }),
    );
    fc.assert(
      fc.property(cases, ({ k, n, b, guess }) => {
        const env: Record<string, number> = {};
        for (let i = 0; i < k; i++) {
          env[`fp${i}`] = env[`fm${i}`] = 0;
          env[`b${i}`] = b[i]!;
          for (let j = 0; j < k; j++) [env[`n${i}${j}`], env[`t${i}${j}`]] = [n[i * k + j]!, 0];
        }
        const sys = rough(k);
        const sel = selectVariant(sys, env);
        if (sel.kind === 'self-locking') return; // a singular normal matrix: no variant has finite reactions
        expect(sel.kind).toBe('realized');
        const { tries, found } = twoTries(sys, env, guess);
        expect(tries.length).toBeLessThanOrEqual(2);
        expect(found?.reactions.every((N) => N >= 0)).toBe(true);
        expect(found && bearing(found.variant, found.reactions)).toEqual(sel.kind === 'realized' && sel.variant);
        const F = [...fullVariants(k)].map((s) => {
          const r = solveNumeric(sys, s, env);
          return r.kind === 'solved' ? switching(r.reactions) : 0;
        });
        expect(F.reduce((x, y) => x + y, 0)).toBe(1);
      }),
      { seed: 7, numRuns: 300 },
    );
  });
  // With friction the rule can miss: pair 1's friction on its + side (f⁺ = 0.3)
  // adds 0.24·N₁ to equation 2, which flips the sign of N₂ between the tries.
  // a₁⁺ = (1, 0.24), a₁⁻ = (−1, 0), a₂± = ±(−0.3, 1), b = (−0.8, −0.1):
  // (+,+) gives N = (−0.83, 0.092)/1.072, so (−,+) is tried, N = (0.83, −0.1);
  // the realized variant is (−,−) with N = (0.83, 0.1), det 1 both with and
  // without friction (no self-locking). A third try would find it.
  it('with friction two tries can miss an admissible variant that enumeration realizes', () => {
    const env = { n00: 1, n01: 0, n10: -0.3, n11: 1, t00: 0, t01: 0.8, t10: 0, t11: 0, fp0: 0.3, fm0: 0, fp1: 0, fm1: 0, b0: -0.8, b1: -0.1 };
    const { tries, found } = twoTries(rough(2), env, [1, 1]);
    expect(tries).toEqual([
      [1, 1],
      [-1, 1],
    ]);
    expect(found).toBeUndefined();
    const sel = selectVariant(rough(2), env);
    expect(sel).toMatchObject({ kind: 'realized', variant: [-1, -1], solved: { det: 1, frictionlessDet: 1 } });
    expect(sel.kind === 'realized' && sel.solved.reactions[0]).toBeCloseTo(0.83, 14);
    expect(sel.kind === 'realized' && sel.solved.reactions[1]).toBeCloseTo(0.1, 14);
  });
});

// A Painlevé-like single pair: friction enters the normal equation with
// weight 2, a⁺ = 1 − 2f⁺ and a⁻ = ±(1 ∓ 2f⁻), so for f > 1/2 a determinant
// changes sign against its frictionless value.
const painleve = (negative: Expr): ReactionSystem => ({
  pairs: [{ positive: [canonical('1 - 2*fp')], negative: [negative], friction: { positive: 'fp', negative: 'fm' } }],
  rhs: [sym('b')],
});

describe('diagnostics by name', () => {
  const turning = painleve(canonical('-(1 - 2*fm)'));
  const steady = painleve(canonical('-(1 + 2*fm)'));
  it('self-locking by a determinant changing sign: f = 0.8, b = 1, only (−) admissible (N = 1/0.6) and its det 0.6 was −1 without friction', () => {
    expect(selectVariant(turning, { fp: 0.8, fm: 0.8, b: 1 })).toEqual({ kind: 'self-locking', cause: 'sign-change', variants: [[-1]] });
  });
  it('self-locking by a vanishing determinant: f = 1/2 makes both variants singular', () => {
    expect(selectVariant(turning, { fp: 0.5, fm: 0.5, b: 1 })).toEqual({ kind: 'self-locking', cause: 'singular', variants: [[1], [-1]] });
  });
  it('inconsistent: f = 0.8, b = 1 gives N⁺ = −1/0.6 and N⁻ = −1/2.6', () => {
    expect(selectVariant(steady, { fp: 0.8, fm: 0.8, b: 1 })).toEqual({ kind: 'inconsistent' });
  });
  it('indeterminate: b = −1 admits N⁺ = 1/0.6 (det −0.6, +1 without friction) and N⁻ = 1/2.6 (det −2.6, −1): (−) is realized', () => {
    const sel = selectVariant(steady, { fp: 0.8, fm: 0.8, b: -1 });
    expect(sel).toMatchObject({ kind: 'indeterminate', variant: [-1], admissible: [[1], [-1]] });
    expect(sel.kind === 'indeterminate' && sel.solved.reactions[0]).toBeCloseTo(1 / 2.6, 14);
  });
  // a₁⁺ = (0.5, 1), a₁⁻ = (−1, −0.5), a₂⁺ = (1, 1), a₂⁻ = (0, −1), b = (0.5, 0.5):
  // (+,−) gives N = (1, 0.5), det −0.5 (−1 without friction); (+,+) and (−,+)
  // both give N = (0, 0.5), the bearing variant (free, +), and (−,+) keeps its
  // det −0.5 (−1 without friction). Two admissible variants keep their sign.
  it('undecided: two admissible bearing variants both keep their determinant sign', () => {
    const env = { n00: 1, n01: 0.5, n10: 0, n11: 1, t00: -0.5, t01: 0.5, t10: 1, t11: 0, fp0: 1, fm0: 0, fp1: 1, fm1: 0, b0: 0.5, b1: 0.5 };
    expect(selectVariant(rough(2), env)).toEqual({
      kind: 'undecided',
      admissible: [
        [0, 1],
        [1, -1],
      ],
    });
  });
  it('without friction the same pair is realized on the side b points to', () => {
    expect(selectVariant(steady, { fp: 0, fm: 0, b: -1 })).toMatchObject({ kind: 'realized', variant: [-1] });
  });
});
