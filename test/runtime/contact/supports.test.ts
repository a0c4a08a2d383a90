// Smirnov's support pairs at one state (src/runtime/contact/supports.ts)
// and what a generated module exports for them (src/codegen/supports.ts):
// the planar prism's supportRows as written by hand from its model; without
// friction the reactions of the y and moment balance; and a one-pair system
// whose friction turns the determinant of (1.1): §3's choice between two
// admissible variants, no admissible one, and a vanishing determinant.
import { beforeAll, describe, expect, it } from 'vitest';
import planar from '../../../derivations/prism-in-guides-planar.js';
import { supportMotion, type SupportState } from '../../../src/runtime/contact/supports.js';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { derived } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';
import { expectClose } from '../../helpers/numeric.js';

const p = { m: 1.3, J: 0.2, a1: -0.4, a2: 0.6, w: 0.15, f11: 0.1, f21: 0.2, f12: 0.3, f22: 0.4, Px: 1, Py: 0.7, Mz: -0.3 };

describe("the planar prism's supportRows and its motion without friction", () => {
  let mod: LoadedModule;
  beforeAll(async () => {
    mod = await loadGenerated(derived(planar));
  });
  it('rows ∇(y + aθ), slips ∇(x ± wθ), zero biases, ṡ = ẋ ± wθ̇, friction [f21, f11, f22, f12] (the + side is the face y = −w)', () => {
    const qd = [0.8, 0, 0.5];
    // + 0: the x entries −g θ of the rows are −0 at θ = 0, the same entry as 0.
    const rows = Array.from(mod.supportRows!(0, [0.1, 0, 0], qd, p), (v) => v + 0);
    const { a1, a2, w } = p;
    expect(rows).toEqual([
      ...[0, 1, a1, 0, 1, a2],
      ...[1, 0, w, 1, 0, w],
      ...[1, 0, -w, 1, 0, -w],
      ...[0, 0],
      ...[0.8 + w * 0.5, 0.8 - w * 0.5, 0.8 + w * 0.5, 0.8 - w * 0.5],
      ...[0, 0, 0, 0],
      ...[p.f21, p.f11, p.f22, p.f12],
    ]);
  });
  it('frictionless, q̈ = (Pₓ/m, 0, 0) and the reactions balance Py and Mz: s₁N₁ + s₂N₂ = −Py, s₁a₁N₁ + s₂a₂N₂ = −Mz', () => {
    const free = { ...p, f11: 0, f21: 0, f12: 0, f22: 0 };
    const q = [0, 0, 0],
      qd = [1, 0, 0];
    const state: SupportState = {
      n: 3,
      k: 2,
      mass: mod.massMatrix(0, q, free),
      forcing: mod.forcing(0, q, qd, free),
      rows: mod.supportRows!(0, q, qd, free),
    };
    const outcome = supportMotion(state, { kind: 'slide', sigma: [1, 1, 1, 1] });
    expect(outcome.kind).toBe('realized');
    if (outcome.kind !== 'realized') return;
    const { sides, reactions, qdd } = outcome.solution;
    expectClose(qdd[0]!, p.Px / p.m, 1e-14);
    expect(Math.hypot(qdd[1]!, qdd[2]!)).toBeLessThan(1e-14);
    const [s1, s2] = sides as [number, number];
    const [N1, N2] = reactions as [number, number];
    expect(Math.min(N1, N2)).toBeGreaterThanOrEqual(0);
    expectClose(s1 * N1 + s2 * N2, -p.Py, 1e-14);
    expectClose(s1 * p.a1 * N1 + s2 * p.a2 * N2, -p.Mz, 1e-14);
  });
});

describe('one pair whose friction turns the determinant (M = I, row ∇y, slip ∇(x + c y))', () => {
  // (1.1): (s − σ f c) N = −F_y with σ = +1; frictionless s N = −F_y.
  const state = (Fy: number, fc: number): SupportState => ({
    n: 2,
    k: 1,
    mass: Float64Array.of(1, 0, 0, 1),
    forcing: Float64Array.of(0, Fy),
    rows: Float64Array.of(0, 1, 1, fc, 1, fc, 0, 1, 1, 0, 0, 1, 1),
  });
  const slide = { kind: 'slide', sigma: [1, 1] } as const;
  it('F_y > 0, f c = 2: both sides admissible (ambiguity); the − side, whose determinant keeps its sign, is realized with N = F_y/(1 + f c)', () => {
    const outcome = supportMotion(state(1.5, 2), slide);
    expect(outcome.kind).toBe('realized');
    if (outcome.kind !== 'realized') return;
    expect(outcome.solution.sides).toEqual([-1]);
    expectClose(outcome.solution.reactions[0]!, 1.5 / 3, 1e-14);
  });
  it('F_y < 0, f c = 2: no side has N ≥ 0 (inconsistent); f c = 1: the + side has det 0 (self-locking)', () => {
    expect(supportMotion(state(-1.5, 2), slide).kind).toBe('inconsistent');
    expect(supportMotion(state(-1.5, 1), slide).kind).toBe('self-locking');
  });
  it('f c = 0.5: one side bears, by the sign of F_y, with N = |F_y|/(1 ∓ f c)', () => {
    for (const Fy of [1.2, -1.2]) {
      const outcome = supportMotion(state(Fy, 0.5), slide);
      expect(outcome.kind).toBe('realized');
      if (outcome.kind !== 'realized') continue;
      const s = outcome.solution.sides[0]!;
      expect(s).toBe(Fy > 0 ? -1 : 1);
      expectClose(outcome.solution.reactions[0]!, -Fy / (s - 0.5), 1e-14);
    }
  });
});
