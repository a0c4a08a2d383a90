// Facts in the papers' form: the hinged compass's kinetic matrix in the feet's
// coordinates (Rubanovich–Formalsky (3.4)) and Carnot's loss (3.14), computed
// from the derived system and checked against independent computations.
import { describe, expect, it } from 'vitest';
import hinged from '../../derivations/hinged-compass.js';
import { evaluate } from '../../src/core/evaluate.js';
import { derivedFacts, fact } from '../../src/derive/paper-results.js';
import compass from '../../derivations/compass.js';
import { derived } from '../helpers/examples.js';

describe('hinged compass §3', () => {
  const system = derived(hinged);
  const facts = derivedFacts(system);
  const env = { m: 1.3, l: 0.9, beta: 0.4, g: 9.81, "a1'-": -1.1, "a2'-": 0.7 };
  const G = [1, 2, 3, 4].map((r) => [1, 2, 3, 4].map((c) => evaluate(facts.get(`impact1.G${r}${c}`)!, env)));
  it('G is the paper’s (3.4): (m/2)(1 + 3cos²α)/(3cos²α), −(m/2)/sin 2α, …, with α = β', () => {
    const { m, beta: a } = env;
    const c2 = Math.cos(a) ** 2, s2 = Math.sin(a) ** 2, s = 1 / Math.sin(2 * a), t = 1 / Math.tan(2 * a);
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
      const jump = ['foot2.t', 'foot2.n', 'foot1.t', 'foot1.n'].map((r) => evaluate(facts.get(`impact1.${mode}.${r}+`)!, env) - evaluate(facts.get(`impact1.${r}-`)!, env));
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
