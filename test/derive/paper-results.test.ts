// Facts in the papers' form: the hinged compass's kinetic matrix in the feet's
// coordinates (Rubanovich–Formalsky (3.4)) and Carnot's loss (3.14), computed
// from the derived system and checked against independent computations.
import { describe, expect, it } from 'vitest';
import hinged from '../../derivations/hinged-compass.js';
import { evaluate } from '../../src/core/evaluate.js';
import { derivedFacts, fact } from '../../src/derive/paper-results.js';
import compass from '../../derivations/compass.js';
import { derived } from '../helpers/examples.js';
import planes from '../../derivations/point-between-planes.js';
import spatialPrism from '../../derivations/prism-in-guides.js';
import planarPrism from '../../derivations/prism-in-guides-planar.js';
import { parseExpr } from '../../src/core/parse.js';

describe('hinged compass §3', () => {
  const system = derived(hinged);
  const facts = derivedFacts(system);
  const env = { m: 1.3, l: 0.9, beta: 0.4, g: 9.81, "a1'-": -1.1, "a2'-": 0.7 };
  const G = [1, 2, 3, 4].map((r) => [1, 2, 3, 4].map((c) => evaluate(facts.get(`impact1.G${r}${c}`)!, env)));
  it('G is the paper’s (3.4): (m/2)(1 + 3cos²α)/(3cos²α), −(m/2)/sin 2α, …, with α = β', () => {
    const { m, beta: a } = env;
    const c2 = Math.cos(a) ** 2,
      s2 = Math.sin(a) ** 2,
      s = 1 / Math.sin(2 * a),
      t = 1 / Math.tan(2 * a);
    const paper = [
      [(1 + 3 * c2) / (3 * c2), -s, (3 * c2 - 1) / (3 * c2), t],
      [-s, (3 * s2 + 1) / (3 * s2), -t, (3 * s2 - 1) / (3 * s2)],
      [(3 * c2 - 1) / (3 * c2), -t, (3 * c2 + 1) / (3 * c2), s],
      [t, (3 * s2 - 1) / (3 * s2), s, (3 * s2 + 1) / (3 * s2)],
    ].map((r) => r.map((x) => (m / 2) * x));
    G.forEach((row, i) => row.forEach((x, j) => expect(x).toBeCloseTo(paper[i]![j]!, 12)));
  });
  it('Carnot (3.14): T⁻ − T⁺ = ½ [ż]ᵀ G [ż] in both modes, and positive', () => {
    for (const mode of ['stays', 'leaves']) {
      const jump = ['foot2.t', 'foot2.n', 'foot1.t', 'foot1.n'].map(
        (r) => evaluate(facts.get(`impact1.${mode}.${r}+`)!, env) - evaluate(facts.get(`impact1.${r}-`)!, env),
      );
      const quadratic = 0.5 * jump.reduce((s, zi, i) => s + zi * jump.reduce((t, zj, j) => t + G[i]![j]! * zj, 0), 0);
      const loss = evaluate(facts.get(`impact1.${mode}.ΔT`)!, env);
      expect(loss).toBeCloseTo(quadratic, 12);
      expect(loss).toBeGreaterThan(0);
    }
  });
});

describe('rigid compass at the critical half-angle', () => {
  const system = derived(compass);
  it('substitutes α₀ with sin(arcsin u) = u: the standing foot’s impulse vanishes exactly', () => {
    const f = fact(derivedFacts(system), system, 'impact1.stays.footB.n@critical');
    expect(f?.kind === 'num' && f.value.n).toBe(0);
  });
});

describe('Smirnov’s support pairs as facts', () => {
  it('the point between two planes: Φ = −f₁F_z with the lower plane bearing (+), f₂F_z with the upper one (−), example 1', () => {
    const facts = derivedFacts(derived(planes));
    expect(facts.get('supports.load.z')).toBe(parseExpr('Fz'));
    expect(facts.get('supports.(+).Δ')).toBe(parseExpr('1'));
    expect(facts.get('supports.(+).Φ')).toBe(parseExpr('-f1*Fz'));
    expect(facts.get('supports.(-).Φ')).toBe(parseExpr('f2*Fz'));
  });
  it('the spatial prism: the loads of (2.1) along y, z, φ, θ, ψ are P_y, P_z, M_x, M_y, M_z; Δ, N and Φ of all 32 full variants; no count as a fact', () => {
    const facts = derivedFacts(derived(spatialPrism));
    expect(['y', 'z', 'phi', 'theta', 'psi'].map((q) => facts.get(`supports.load.${q}`))).toEqual(['Py', 'Pz', 'Mx', 'My', 'Mz'].map((x) => parseExpr(x)));
    expect([...facts.keys()].filter((k) => k.endsWith('.Φ'))).toHaveLength(32);
    expect(facts.has('supports.variants')).toBe(false);
  });
  it('the planar prism: Φ = f N₁ + f N₂ of each full variant, its reactions solving the two rows of (1.1)', () => {
    const system = derived(planarPrism);
    const facts = derivedFacts(system);
    const env = {
      m: 1.2,
      J: 0.3,
      w: 0.1,
      a1: -0.4,
      a2: 0.5,
      f11: 0.2,
      f12: 0.3,
      f21: 0.25,
      f22: 0.15,
      Py: 0.7,
      Mz: -0.4,
      Px: 1,
      "x'": 1,
    };
    const sides = ['(+,+)', '(+,-)', '(-,+)', '(-,-)'];
    for (const [k, v] of sides.entries()) {
      const variant = system.supports!.variants![k]!;
      expect(`(${variant.variant.map((x) => (x > 0 ? '+' : '-')).join(',')})`).toBe(v);
      // Σ_i N_i a_i^{s} = b (1.1), the columns of the variant's sides.
      const N = [1, 2].map((i) => evaluate(facts.get(`supports.${v}.N${i}`)!, env));
      const columns = system.supports!.system.pairs.map((p, i) => (variant.variant[i]! > 0 ? p.positive : p.negative));
      system.supports!.system.rhs.forEach((b, j) => {
        const lhs = columns.reduce((sum, col, i) => sum + evaluate(col[j]!, env) * N[i]!, 0);
        expect(lhs).toBeCloseTo(evaluate(b, env), 12);
      });
      expect(evaluate(facts.get(`supports.${v}.Φ`)!, env)).toBeCloseTo(evaluate(variant.friction, env), 14);
    }
  });
});
