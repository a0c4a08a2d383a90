// The universal impact problem of kuleshov2011 §6 derived by
// src/derive/compliant/universal.ts from the disk's patch law: the scales a, b
// of q = ah, t = bτ, the depth's acceleration per unit of normal force, and
// the scaled regimes, against the paper's (5.3) and (6.1)–(6.3) typed from
// the paper.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evaluate.js';
import { toText } from '../../../src/core/print.js';
import { universalProblem } from '../../../src/derive/compliant/universal.js';
import { deriveSystem } from '../../../src/derive/system.js';
import { buildModel } from '../../../src/model/model.js';
import disk from '../../../derivations/viscoelastic-disk.js';
import { expectClose } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

const S2 = Math.SQRT2;
const system = deriveSystem(buildModel(disk));
const term = system.patches!.terms[0]!;
const u = universalProblem(system.model, system.lagrange2, term)!;
const regime = (name: string) => u.regimes.find((r) => r.name === name)!;

// kuleshov2011 (6.1) and (6.2) as printed.
const paper61 = (h: number, hd: number): number => -2 * S2 * Math.sqrt(h) * hd - ((4 * S2) / 3) * h ** 1.5;
const paper62 = (h: number, hd: number): number => -((4 * S2) / 3) * (h + hd) ** 1.5;
// kuleshov2011 (5.3) and (5.4): F_y of compression and restitution.
const paper53 = (e: Env, q: number, qd: number): number => ((4 * S2) / 3) * e.k * e.r ** 2 * q ** 1.5 + 2 * S2 * e.nu * e.r ** 2 * Math.sqrt(q) * qd;
const paper54 = (e: Env, q: number, qd: number): number => ((4 * S2) / 3) * e.k * e.r ** 2 * (q + (e.nu * qd) / e.k) ** 1.5;
type Env = { m: number; k: number; nu: number; r: number; g: number; lambda: number; alpha: number; t_r: number };

function randomEnv(g: () => number): Env {
  return { m: uniform(g, 0.1, 3), k: uniform(g, 0.5, 5), nu: uniform(g, 0.2, 3), r: uniform(g, 0.1, 2), g: 9.81, lambda: 0.2, alpha: 0, t_r: 1e-4 };
}

describe('the universal problem of the disk (kuleshov2011 §6)', () => {
  it('the scaled regimes are (6.1) and (6.2) as printed, at any h, h′', () => {
    const g = rng(61);
    for (let i = 0; i < 20; i++) {
      const h = uniform(g, 0.01, 3);
      const hd = uniform(g, -1, 2);
      expectClose(evaluate(regime('whole').acceleration, { h, hprime: hd }), paper61(h, hd), 1e-12);
      if (h + hd > 0) expectClose(evaluate(regime('both-inner').acceleration, { h, hprime: hd }), paper62(h, hd), 1e-12);
    }
  });

  it('the depth accelerates as q̈ = −F_y/(mr): y = r(1 − q) and mÿ = F_y', () => {
    const g = rng(7);
    for (let i = 0; i < 5; i++) {
      const e = randomEnv(g);
      expectClose(evaluate(u.normalCoefficient, e), -1 / (e.m * e.r), 1e-12);
    }
  });

  it('with the derived a, b the paper’s (5.3)–(5.4) in mrq̈ + F_y = 0 become (6.1)–(6.2) for any m, k, ν, r', () => {
    // q = ah, q̇ = (a/b)h′, q̈ = (a/b²)h″.
    const g = rng(53);
    for (let i = 0; i < 20; i++) {
      const e = randomEnv(g);
      const a = evaluate(u.depthScale, e);
      const b = evaluate(u.timeScale, e);
      const h = uniform(g, 0.01, 3);
      const hd = uniform(g, -0.9 * h, 2);
      const hdd = (F: number): number => -((b * b) / a) * (F / (e.m * e.r));
      expectClose(hdd(paper53(e, a * h, (a / b) * hd)), paper61(h, hd), 1e-10);
      expectClose(hdd(paper54(e, a * h, (a / b) * hd)), paper62(h, hd), 1e-10);
    }
  });

  it('compression while h′ ≥ 0, restitution while h′ < 0 and h + h′ > 0, separation at h + h′ = 0 (§5, §6)', () => {
    expect(regime('whole').conditions.map((k) => `${toText(k.expr)} ${k.relation}`)).toEqual(['hprime >=']);
    expect(regime('both-inner').conditions.map((k) => `${toText(k.expr)} ${k.relation}`)).toEqual(['hprime <', 'h + hprime >']);
    expect(toText(u.separation!)).toBe('h + hprime');
  });

  it('a purely elastic foundation has no unique scaling: one term in the compression, no universal problem', () => {
    const patch = disk.patches![0]!;
    const elastic = deriveSystem(
      buildModel({ ...disk, name: 'elastic-disk', patches: [{ ...patch, density: '(k*r*(cos(vartheta) - 1 + zeta))*r*cos(vartheta)' }], paper: undefined }),
    );
    expect(elastic.patches!.terms[0]!.normalMotion).toBeDefined();
    expect(elastic.patches!.terms[0]!.universal).toBeUndefined();
  });
});

describe('the compression’s two limits (Prop. 11, the proof’s steps 3 and 4)', () => {
  /** RK4 of h″ = f(h, h′) from h = 0, h′ = V while `go` holds (at most until τ = 60); the last h. */
  function flow(f: (h: number, hd: number) => number, V: number, go: (hd: number) => boolean): number {
    let [h, hd] = [0, V];
    const dt = 1e-4;
    for (let t = 0; t < 60; t += dt) {
      const k1 = [hd, f(h, hd)];
      const k2 = [hd + (dt / 2) * k1[1]!, f(h + (dt / 2) * k1[0]!, hd + (dt / 2) * k1[1]!)];
      const k3 = [hd + (dt / 2) * k2[1]!, f(h + (dt / 2) * k2[0]!, hd + (dt / 2) * k2[1]!)];
      const k4 = [hd + dt * k3[1]!, f(h + dt * k3[0]!, hd + dt * k3[1]!)];
      const next = [h + (dt / 6) * (k1[0]! + 2 * k2[0]! + 2 * k3[0]! + k4[0]!), hd + (dt / 6) * (k1[1]! + 2 * k2[1]! + 2 * k3[1]! + k4[1]!)];
      if (!go(next[1]!)) return h + (next[0]! - h) * (hd / (hd - next[1]!));
      [h, hd] = next as [number, number];
    }
    return h;
  }
  it.each([0.3, 1, 4])('from h′₋ = %s: (6.1) without its h′ term stops, and with that term alone creeps, to the derived depths', (V) => {
    // Elastic: h′ reaches 0 in finite time (the turning point, found by the last step's root);
    // viscous: h′ = V − (4√2/3)h^{3/2} > 0 decays exponentially, so h is taken at τ = 60.
    const elastic = flow(
      (h) => paper61(h, 0),
      V,
      (hd) => hd > 0,
    );
    const viscous = flow(
      (h, hd) => paper61(h, hd) - paper61(h, 0),
      V,
      () => true,
    );
    expectClose(evaluate(u.stops!.elastic, { hprime0: V }), elastic, 1e-6);
    expectClose(evaluate(u.stops!.viscous, { hprime0: V }), viscous, 1e-6);
  });
});
