// The transverse motion of kuleshov2011 §8–§9 and the identities (8.2) of
// Proposition 12, derived by src/derive/compliant/transverse.ts from the
// disk's patch law, against the paper's formulas typed from the paper: the
// scales of §8 (ii) and §9, ε̃ read off §11 (ε ε̃⁻¹ = ε^{4/5}κ^{−1/5}, κ of
// (5.5)), (9.1), (9.2), V(s) and (9.3) of §9, and (8.2) in the paper's
// u_y = −rζ̇ (5.2), ϑ₀² = 2ζ, s = ζ/ε²; each beside a misreading that must
// fail.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evaluate.js';
import { transverseMotion } from '../../../src/derive/compliant/transverse.js';
import { deriveSystem } from '../../../src/derive/system.js';
import { buildModel } from '../../../src/model/model.js';
import disk from '../../../derivations/viscoelastic-disk.js';
import { expectClose } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

const S2 = Math.SQRT2;
const system = deriveSystem(buildModel(disk));
const term = system.patches!.terms[0]!;
const motion = transverseMotion(system.model, system.lagrange2, term)!;

type Env = { m: number; k: number; nu: number; r: number; g: number; alpha: number; lambda: number; t_r: number };
const randomEnv = (g: () => number): Env => ({
  m: uniform(g, 0.1, 3),
  k: uniform(g, 1e3, 1e7),
  nu: uniform(g, 1, 1e4),
  r: uniform(g, 0.05, 2),
  g: uniform(g, 1, 20),
  alpha: uniform(g, -1, 1),
  lambda: 0.2,
  t_r: 1e-4,
});
// ε of (4.7), κ of (5.5) (δ₂ = (ν/k)√(g/r) = (ε⁶κ)^{1/5}, §6) and ε̃ from §11's ε ε̃⁻¹ = ε^{4/5}κ^{−1/5}.
const eps = (e: Env): number => Math.cbrt((e.m * e.g) / (e.k * e.r ** 2));
const kappa = (e: Env): number => ((e.nu / e.k) * Math.sqrt(e.g / e.r)) ** 5 / eps(e) ** 6;
const epsTilde = (e: Env): number => (eps(e) * kappa(e)) ** 0.2;
// §9 as printed.
const paper91 = (e: Env, s: number, u: number): number => -2 * S2 * epsTilde(e) * Math.sqrt(s) * u - ((4 * S2) / 3) * s ** 1.5 + Math.cos(e.alpha);
const paperRest = (e: Env): number => 0.5 * (1.5 * Math.cos(e.alpha)) ** (2 / 3);
const paperV = (e: Env, s: number): number => ((8 * S2) / 15) * s ** 2.5 - Math.cos(e.alpha) * s;
const paper93 = (e: Env, s: number, u: number): number => -2 * S2 * epsTilde(e) * Math.sqrt(s) * u * u;

const at = (x: Parameters<typeof evaluate>[0], env: Env, state: Record<string, number> = {}): number => evaluate(x, { ...env, ...state });

describe('the transverse motion of the disk (kuleshov2011 §8–§9)', () => {
  const g = rng(91);
  const envs = Array.from({ length: 20 }, () => randomEnv(g));

  it('the scales are §8’s depth ε² (ζ = ε²s) and §9’s fast time ε√(r/g); the small parameter left is ε̃ = (εκ)^{1/5}, not δ₂ = (ν/k)√(g/r)', () => {
    for (const e of envs) {
      expectClose(at(motion.depthScale, e), eps(e) ** 2, 1e-12);
      expectClose(at(motion.timeScale, e), eps(e) * Math.sqrt(e.r / e.g), 1e-12);
      expectClose(at(motion.smallParameter, e), epsTilde(e), 1e-12);
    }
    // The §6 parameter δ₂ = ε ε̃ is another quantity: read as ε̃ it fails.
    expect(envs.some((e) => Math.abs(at(motion.smallParameter, e) / ((e.nu / e.k) * Math.sqrt(e.g / e.r)) - 1) > 1e-3)).toBe(true);
  });

  it('s″ is (9.1) with χ = 0 at any s, u; with ε̃s^{1/2} read as ε̃s it is not', () => {
    let misread = 0;
    for (const e of envs) {
      const s = uniform(g, 0.05, 2);
      const u = uniform(g, -1, 1);
      const derived = at(motion.acceleration, e, { s, u });
      expectClose(derived, paper91(e, s, u), 1e-11);
      const wrong = -2 * S2 * epsTilde(e) * s * u - ((4 * S2) / 3) * s ** 1.5 + Math.cos(e.alpha);
      if (Math.abs(derived - wrong) > 1e-9 * (1 + Math.abs(wrong))) misread++;
    }
    expect(misread).toBe(envs.length);
  });

  it('rests at s* = ½((3/2)cos α)^{2/3} (9.2), not at ((3/2)cos α)^{2/3}/2^{1/3}; V(s) = (8√2/15)s^{5/2} − s cos α', () => {
    for (const e of envs) {
      expectClose(at(motion.rest, e), paperRest(e), 1e-12);
      expect(Math.abs(at(motion.rest, e) - (1.5 * Math.cos(e.alpha)) ** (2 / 3) / Math.cbrt(2))).toBeGreaterThan(1e-3);
      const s = uniform(g, 0.05, 2);
      expectClose(at(motion.potential, e, { s }), paperV(e, s), 1e-12);
    }
  });

  it('E = u²/2 + V(s) − V(s*) falls along (9.1) as (9.3)’s −2√2ε̃s^{1/2}u², differentiated here by central differences; s^{3/2} for s^{1/2} does not', () => {
    for (const e of envs.slice(0, 8)) {
      const s = uniform(g, 0.05, 2);
      const u = uniform(g, -1, 1);
      // dE/dT = u·u′ + V′(s)·s′ with u′ the paper's (9.1) and V′ by central differences.
      const h = 1e-6;
      const rate = u * paper91(e, s, u) + ((paperV(e, s + h) - paperV(e, s - h)) / (2 * h)) * u;
      expectClose(rate, paper93(e, s, u), 1e-6);
      const derived = at(motion.dissipation, e, { s, u });
      expectClose(derived, paper93(e, s, u), 1e-11);
      expect(Math.abs(derived + 2 * S2 * epsTilde(e) * s ** 1.5 * u * u)).toBeGreaterThan(1e-9 * Math.abs(derived));
    }
  });
});

describe('Proposition 12: the identities (8.2) from the expanded density (4.3)', () => {
  const g = rng(82);
  it('2νu_y/(krϑ₀²) = ε̃ε⁻¹u_y/(s√(rg)) is minus the depth rate’s share at the centre; ε̃ε for ε̃ε⁻¹ is not', () => {
    for (let i = 0; i < 20; i++) {
      const e = randomEnv(g);
      const [zeta, zetadot] = [uniform(g, 1e-4, 1e-2), uniform(g, -1, 1)];
      const [uy, theta0sq, s] = [-e.r * zetadot, 2 * zeta, zeta / eps(e) ** 2];
      const paperLeft = (2 * e.nu * uy) / (e.k * e.r * theta0sq);
      const paperRight = (epsTilde(e) / eps(e)) * (uy / (s * Math.sqrt(e.r * e.g)));
      // The paper's own identity, as typed, and the derived share against it.
      expectClose(paperLeft, paperRight, 1e-10);
      const share = at(motion.shares.normal, e, { zeta, zetadot });
      expectClose(-share, paperRight, 1e-10);
      expect(Math.abs(-share - epsTilde(e) * eps(e) * (uy / (s * Math.sqrt(e.r * e.g))))).toBeGreaterThan(1e-6 * Math.abs(share));
    }
  });
  it('νu_x/(krϑ₀) = ε̃u_x/(√(2s)√(rg)) is half the tangential share at the edge ϑ₀ = √(2ζ); the share itself is not', () => {
    for (let i = 0; i < 20; i++) {
      const e = randomEnv(g);
      const [zeta, ux] = [uniform(g, 1e-4, 1e-2), uniform(g, -2, 2)];
      const s = zeta / eps(e) ** 2;
      const paperLeft = (e.nu * ux) / (e.k * e.r * Math.sqrt(2 * zeta));
      const paperRight = (epsTilde(e) * ux) / (Math.sqrt(2 * s) * Math.sqrt(e.r * e.g));
      expectClose(paperLeft, paperRight, 1e-10);
      const share = at(motion.shares.tangential!, e, { zeta, ux });
      expectClose(share / 2, paperRight, 1e-10);
      expect(Math.abs(share - paperRight)).toBeGreaterThan(0.4 * Math.abs(paperRight));
    }
  });
});

describe('Corollaries 2–5: the region (8.1) and the patch’s ends', () => {
  const g = rng(83);
  it('V(s*) = −(3/10)(3/2)^{2/3}cos^{5/3}α < 0 (Cor. 5), not −(3/5)(3/2)^{2/3}cos^{5/3}α; s₀ = (15cos α/(8√2))^{2/3} with V(s₀) = 0 (Cor. 2)', () => {
    for (let i = 0; i < 20; i++) {
      const e = randomEnv(g);
      const c = Math.cos(e.alpha);
      const paper = -0.3 * 1.5 ** (2 / 3) * c ** (5 / 3);
      const derived = at(motion.restPotential, e);
      expectClose(derived, paper, 1e-12);
      expectClose(paperV(e, paperRest(e)), paper, 1e-12);
      expect(derived).toBeLessThan(0);
      expect(Math.abs(derived - 2 * paper)).toBeGreaterThan(0.1 * Math.abs(paper));
      const root = at(motion.potentialRoot!, e);
      expectClose(root, ((15 * c) / (8 * S2)) ** (2 / 3), 1e-12);
      expect(Math.abs(paperV(e, root))).toBeLessThan(1e-12);
    }
  });
  it('at the level rest (4.7), s = (9/32)^{1/3}, (8.1)’s left side is (2/5 − cos α)(9/32)^{1/3} (Cor. 2)', () => {
    const e = randomEnv(g);
    const s0 = Math.cbrt(9 / 32);
    expectClose(at(motion.rest, { ...e, alpha: 0 }), s0, 1e-12);
    expectClose(at(motion.potential, e, { s: s0 }), (0.4 - Math.cos(e.alpha)) * s0, 1e-12);
  });
  it('the ends move by ε̃(±v/√(2s) + u/(2s)) relative (Cor. 3, (10.3)), v = u_x/√(rg), u = ε⁻¹rζ̇/√(rg); with u/s for u/(2s) they do not', () => {
    for (let i = 0; i < 20; i++) {
      const e = randomEnv(g);
      const [zeta, zetadot, ux] = [uniform(g, 1e-4, 1e-2), uniform(g, -1, 1), uniform(g, -2, 2)];
      const s = zeta / eps(e) ** 2;
      const v = ux / Math.sqrt(e.r * e.g);
      const u = (e.r * zetadot) / (eps(e) * Math.sqrt(e.r * e.g));
      const state = { zeta, zetadot, ux };
      expectClose(at(motion.ends.upper, e, state), epsTilde(e) * (v / Math.sqrt(2 * s) + u / (2 * s)), 1e-10);
      expectClose(at(motion.ends.lower, e, state), epsTilde(e) * (-v / Math.sqrt(2 * s) + u / (2 * s)), 1e-10);
      const wrong = epsTilde(e) * (v / Math.sqrt(2 * s) + u / s);
      expect(Math.abs(at(motion.ends.upper, e, state) - wrong)).toBeGreaterThan(1e-6 * Math.abs(wrong));
    }
  });
  it('the upper end is the root ϑ₊ of (4.3) as printed to second order: the error shrinks as the shift squared', () => {
    const e = { ...randomEnv(g), nu: 1 };
    const [zeta, zetadot, ux] = [4e-3, 0.5, 1];
    const t0 = Math.sqrt(2 * zeta);
    // ϑ₊ of (4.3), Φ = kr(ϑ₀² − ϑ²)/2 + ν(ϑuₓ − u_y), u_y = −rζ̇; the velocities scaled by f.
    const exact = (f: number): number => {
      const [vx, uy] = [f * ux, -e.r * f * zetadot];
      return ((e.nu * vx + Math.sqrt(e.nu * e.nu * vx * vx + e.k * e.r * (e.k * e.r * t0 * t0 - 2 * e.nu * uy))) / (e.k * e.r) - t0) / t0;
    };
    const errors = [1, 0.1].map((f) => {
      const shift = at(motion.ends.upper, e, { zeta, zetadot: f * zetadot, ux: f * ux });
      return Math.abs(shift - exact(f)) / shift ** 2;
    });
    // err/shift² stays O(1): second order, not first.
    expect(errors[1]!).toBeLessThan(2 * errors[0]! + 1e-6);
    expect(errors[0]!).toBeLessThan(10);
  });
});
