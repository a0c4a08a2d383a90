// What the disk's patch friction does to the slip (src/derive/compliant/slip.ts),
// against kuleshov2011 typed from the paper and against a hand derivation
// from the disk's equations (7.2)/(8.4), mẍ = F_x, mÿ = F_y − mg cos α,
// (mr²/2)φ̈ = M, with F_x = −σλF_y − ∫ϑdF_y and M = −σλrF_y (4.6).
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evaluate.js';
import { patchSlip } from '../../../src/derive/compliant/slip.js';
import { deriveSystem } from '../../../src/derive/system.js';
import { buildModel } from '../../../src/model/model.js';
import disk from '../../../derivations/viscoelastic-disk.js';
import { expectClose } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

const system = deriveSystem(buildModel(disk));
const term = system.patches!.terms[0]!;
const s = patchSlip(system.model, system.lagrange2, term)!;
const S2 = Math.SQRT2;

function randomEnv(g: () => number) {
  return {
    m: uniform(g, 0.1, 3),
    k: uniform(g, 1e3, 1e5),
    nu: uniform(g, 1, 100),
    r: uniform(g, 0.05, 2),
    g: 9.81,
    lambda: uniform(g, 0.05, 1),
    alpha: uniform(g, -1.2, 1.2),
    t_r: 1e-4,
    "x'-": uniform(g, -3, 3),
    "y'-": uniform(g, -3, 3),
    "phi'-": uniform(g, -30, 30),
    S: uniform(g, -2, 2),
    ux: uniform(g, -1, 1),
  };
}

describe('an impact (§7)', () => {
  it('the slip changes by 3λr per change of the depth’s rate: (7.5), (v + γ)′ = 3σλh″ in (2.2)’s scales', () => {
    const g = rng(75);
    for (let i = 0; i < 10; i++) {
      const e = randomEnv(g);
      expectClose(evaluate(s.slipPerDepthRate, e), 3 * e.lambda * e.r, 1e-12);
    }
  });
  it('ẋ − rφ̇/2 is conserved: the paper’s 2v − γ, and the hand equations leave it unchanged', () => {
    const g = rng(9);
    for (let i = 0; i < 10; i++) {
      const e = randomEnv(g);
      const [x, phi] = [e["x'-"], e["phi'-"]];
      expectClose(evaluate(s.invariant!, e), (2 * x - e.r * phi) / 2, 1e-12, 1);
      // A normal impulse P and its friction: Δẋ = −σλP/m, Δφ̇ = −2σλP/(mr).
      const P = uniform(g, 0, 3);
      const dx = (-e.lambda * P) / e.m;
      const dphi = (-2 * e.lambda * P) / (e.m * e.r);
      expectClose(evaluate(s.invariant!, { ...e, "x'-": x + dx, "phi'-": phi + dphi }), (2 * x - e.r * phi) / 2, 1e-12, 1);
    }
  });
  it('Proposition 9: v⁺ = (2v⁻ − γ⁻ + σA)/3, γ⁺ = (γ⁻ − 2v⁻ + 2σA)/3, in ẋ = Uv, rφ̇ = Uγ, S = UσA', () => {
    const g = rng(90);
    for (let i = 0; i < 10; i++) {
      const e = randomEnv(g);
      const [v, gamma, S] = [e["x'-"], e.r * e["phi'-"], e.S];
      expectClose(evaluate(s.after!.velocities[0]!, e), (2 * v - gamma + S) / 3, 1e-12, 1);
      expectClose(e.r * evaluate(s.after!.velocities[2]!, e), (gamma - 2 * v + 2 * S) / 3, 1e-12, 1);
      // The normal velocity is the impact's own; the slip after is S.
      expect(evaluate(s.after!.velocities[1]!, e)).toBe(e["y'-"]);
      expectClose(evaluate(s.after!.velocities[0]!, e) + e.r * evaluate(s.after!.velocities[2]!, e), S, 1e-12, 1);
    }
  });
});

describe('the incline (§11–§12)', () => {
  it('the friction holds the slip with σ* = tan α/(3λ): sliding stops iff tan α < 3λ (2.3), Prop. 15', () => {
    const g = rng(23);
    for (let i = 0; i < 10; i++) {
      const e = randomEnv(g);
      expectClose(evaluate(s.holding!, e), Math.tan(e.alpha) / (3 * e.lambda), 1e-12);
    }
  });
  it('a slip s = ẋ + rφ̇ stops after s/(g(3λ cos α sgn s − sin α)): Prop. 15, stepping the disk’s equations at rest depth', () => {
    const g = rng(15);
    for (let i = 0; i < 10; i++) {
      const e = { ...randomEnv(g), "x'": uniform(g, -3, 3), "phi'": uniform(g, -30, 30) };
      // Where (2.3) holds: tan α < 3λ.
      const alpha = Math.atan(uniform(g, -0.9, 0.9) * 3 * e.lambda);
      const env = { ...e, alpha };
      const slip = env["x'"] + env.r * env["phi'"];
      // mẍ = −σλF_y, (mr²/2)φ̈ = −σλrF_y with F_y = mg cos α, plus mg sin α along x: ṡ = g(sin α − 3σλ cos α), σ = sgn s.
      let [v, t] = [slip, 0];
      const h = 1e-5;
      while (Math.sign(v) === Math.sign(slip)) [v, t] = [v + h * env.g * (Math.sin(alpha) - 3 * Math.sign(v) * env.lambda * Math.cos(alpha)), t + h];
      // The step that changes the sign ends within h after the stop.
      expect(Math.abs(evaluate(s.stopTime!, env) - t)).toBeLessThan(h);
    }
  });
  it('rolling at zero speed: ẍ = (2/3)g sin α (12.2), φ̈ = −ẍ/r', () => {
    const g = rng(122);
    for (let i = 0; i < 10; i++) {
      const e = randomEnv(g);
      expectClose(evaluate(s.rolling!.acceleration[0]!, e), (2 / 3) * e.g * Math.sin(e.alpha), 1e-12, 1);
      expect(evaluate(s.rolling!.acceleration[1]!, e)).toBe(0);
      expectClose(evaluate(s.rolling!.acceleration[2]!, e), (-(2 / 3) * e.g * Math.sin(e.alpha)) / e.r, 1e-12, 1);
    }
  });
  it('the rest depth on the incline: (4√2/3)kr²ζ^{3/2} = mg cos α, the whole patch at rest carrying the normal load (9.2)', () => {
    const g = rng(92);
    for (let i = 0; i < 10; i++) {
      const e = randomEnv(g);
      const zeta = evaluate(s.rolling!.depth, e);
      expectClose(((4 * S2) / 3) * e.k * e.r * e.r * zeta ** 1.5, e.m * e.g * Math.cos(e.alpha), 1e-12);
    }
  });
  it('the rolling resistance: by hand, −∫ϑdF_y = −(4√2/3)νr q₀^{3/2}uₓ with (4√2/3)kr²q₀^{3/2} = mg cos α (4.7), so ẍ gains −(2/3)(νg cos α/(kr))uₓ', () => {
    const g = rng(123);
    for (let i = 0; i < 10; i++) {
      const e = randomEnv(g);
      const q32 = (e.m * e.g * Math.cos(e.alpha)) / (((4 * S2) / 3) * e.k * e.r * e.r);
      const Fx = -((4 * S2) / 3) * e.nu * e.r * q32; // per unit uₓ
      // Rolling: mẍ = mg sin α + F_x + T, (mr²/2)φ̈ = −rT, ẍ = −rφ̈ ⇒ ẍ = (2/3)(g sin α + F_x/m).
      expectClose(evaluate(s.rolling!.perVelocity[0]!, e), ((2 / 3) * Fx) / e.m, 1e-10);
      expectClose(evaluate(s.rolling!.steady!, e), (e.k * e.r * Math.tan(e.alpha)) / e.nu, 1e-10, 1e-12);
    }
  });
  it('the rolling regime proper (uₓ > 0 lifts the back of the patch: lower-inner) has the same first order', () => {
    const lower = term.law.regimes.find((r) => r.name === 'lower-inner')!.resultants.Fx!;
    const whole = term.law.regimes.find((r) => r.name === 'whole')!.resultants.Fx!;
    const e = { ...randomEnv(rng(5)), zeta: 1e-3, zetadot: 0, sigma: 0 };
    const at = (F: typeof lower, ux: number): number => evaluate(F, { ...e, ux });
    const h = 1e-6;
    // lower-inner − whole is O(uₓ²): its slope at 0 vanishes.
    expect(Math.abs((at(lower, h) - at(whole, h)) / h)).toBeLessThan(1e-6 * Math.abs((at(whole, h) - at(whole, 0)) / h));
  });
});
