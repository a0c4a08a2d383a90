// Equilibria and their linearization against hand results: the pendulum's
// two rests (±i√(g/l) and ±√(g/l)), the double pendulum's normal modes
// ω² = (g/l)(2 ± √2), a point resting in a bowl y ≥ κx²/2 (σ = mg, small
// oscillations ω² = gκ along it) or on a dome (unstable); the symbolic
// derivative of a closed-form impact map against differences of the
// generated one; rests with Coulomb friction: a spring-held block sticks on
// the set |k x| ≤ μ_s m g, a block on an incline rests for tan α ≤ μ_s, and
// a block on a moving belt slides at rest where k x = μ_k m g; angles in
// (−π, π], each rest once; zero eigenvalues neither stable nor unstable; the
// disk on a viscoelastic line rests at the depth of kuleshov2011 §5.
import { describe, expect, it } from 'vitest';
import { toText } from '../../../src/core/print.js';
import { findEquilibria, impactMapJacobian, linearForms } from '../../../src/derive/linearization/equilibria.js';
import { deriveSystem } from '../../../src/derive/system.js';
import { buildModel, defineModel } from '../../../src/model/index.js';
import { equilibriumSpectrum, equilibriumStarts } from '../../../src/studies/linearization.js';
import doublePendulum from '../../../derivations/double-pendulum.js';
import knifeEdge from '../../../derivations/knife-edge.js';
import simplePendulum from '../../../derivations/simple-pendulum.js';
import viscoelasticDisk from '../../../derivations/viscoelastic-disk.js';
import { loadGenerated } from '../../helpers/generated-module.js';

const G = 9.81;
const spectrumOf = (eq: Parameters<typeof equilibriumSpectrum>[0]) => equilibriumSpectrum(eq);

describe('free equilibria', () => {
  it('the pendulum hangs (±i√(g/l), linearly stable) and stands (±√(g/l), unstable); K = m g l cos θ', () => {
    const system = deriveSystem(buildModel(simplePendulum));
    expect(toText(linearForms(system).K[0]![0]!)).toBe('g*l*m*cos(theta)');
    const params = { m: 1, l: 2, g: G };
    const [down, up] = findEquilibria(system, params, [[0.3], [3]]);
    expect(down!.q[0]).toBeCloseTo(0, 10);
    expect(up!.q[0]).toBeCloseTo(Math.PI, 10);
    const w = Math.sqrt(G / 2);
    const sDown = spectrumOf(down!),
      sUp = spectrumOf(up!);
    expect(sDown.verdict).toBe('linearly stable');
    expect(sDown.eigenvalues.map((z) => Math.abs(z.im))).toEqual([expect.closeTo(w, 10), expect.closeTo(w, 10)]);
    expect(sUp.verdict).toBe('unstable');
    expect(sUp.eigenvalues.map((z) => z.re)).toEqual([expect.closeTo(w, 10), expect.closeTo(-w, 10)]);
  });

  it('the double pendulum’s normal modes at rest: ω² = (g/l)(2 ± √2) for equal masses and rods', () => {
    const system = deriveSystem(buildModel(doublePendulum));
    const [eq] = findEquilibria(system, { m1: 1, m2: 1, l1: 1, l2: 1, g: G }, [[0.2, -0.1]]);
    expect(eq!.held).toEqual([]);
    const omegas = spectrumOf(eq!)
      .eigenvalues.map((z) => Math.abs(z.im))
      .sort((a, b) => a - b);
    const slow = Math.sqrt(G * (2 - Math.SQRT2)),
      fast = Math.sqrt(G * (2 + Math.SQRT2));
    expect(omegas).toEqual([slow, slow, fast, fast].map((v) => expect.closeTo(v, 9)));
  });

  it('a falling particle has none; a model with retaining constraints is refused by name', () => {
    const fall = deriveSystem(buildModel(defineModel({ name: 'fall', coordinates: ['y'], parameters: { g: G }, kinetic: "y'^2/2", potential: 'g*y' })));
    expect(() => findEquilibria(fall, { g: G }, [[0]])).toThrow(expect.objectContaining({ code: 'no-equilibrium' }));
    expect(() => findEquilibria(deriveSystem(buildModel(knifeEdge)), {}, [[0, 0, 0]])).toThrow(expect.objectContaining({ code: 'retaining-unsupported' }));
  });
});

describe('resting on a contact', () => {
  const bowl = defineModel({
    name: 'point-in-bowl',
    coordinates: ['x', 'y'],
    parameters: { m: 2, g: G, e: 1, k: 0.5 },
    kinetic: "m*(x'^2 + y'^2)/2",
    potential: 'm*g*y',
    unilateral: [{ name: 'bowl', constraint: 'y - k*x^2/2 >= 0', law: { newton: 'e' } }],
  });

  it('a point in the bowl y ≥ κx²/2 rests at the bottom pressing with σ = m g; it oscillates along the bowl at ω² = gκ', () => {
    const system = deriveSystem(buildModel(bowl));
    const found = findEquilibria(system, { m: 2, g: G, e: 1, k: 0.5 }, [[0.1, 0.2]]);
    expect(found.map((e) => e.held)).toEqual([[0]]);
    const [eq] = found;
    expect(eq!.q).toEqual([expect.closeTo(0, 10), expect.closeTo(0, 10)]);
    expect(eq!.sigma[0]).toBeCloseTo(2 * G, 9);
    const s = spectrumOf(eq!);
    expect(s.eigenvalues.map((z) => Math.abs(z.im))).toEqual([expect.closeTo(Math.sqrt(G * 0.5), 6), expect.closeTo(Math.sqrt(G * 0.5), 6)]);
    expect(s.verdict).toBe('linearly stable');
  });

  it('on a dome (κ < 0) the rest on top is unstable: λ = ±√(g|κ|)', () => {
    const system = deriveSystem(buildModel(bowl));
    const [eq] = findEquilibria(system, { m: 2, g: G, e: 1, k: -0.5 }, [[0.01, 0]]);
    const s = spectrumOf(eq!);
    expect(s.verdict).toBe('unstable');
    expect(s.eigenvalues.map((z) => z.re)).toEqual([expect.closeTo(Math.sqrt(G * 0.5), 6), expect.closeTo(-Math.sqrt(G * 0.5), 6)]);
  });

  it('the impact map’s symbolic derivative equals central differences of the generated map', async () => {
    const system = deriveSystem(buildModel(bowl));
    const mod = await loadGenerated(system);
    const jac = impactMapJacobian(system)!;
    const params = { m: 2, g: G, e: 0.7, k: 0.5 };
    const q = [0.4, 0.04],
      qd = [0.3, -2];
    const d = jac(0, q, qd, params, [true], 0)!;
    expect(jac(0, q, qd, params, [false], 0)).toBeUndefined();
    const h = 1e-6;
    const plus = (x: number[], v: number[]) => Array.from(mod.impact!(0, x, v, params, { active: [true] }).qdPlus);
    for (let k = 0; k < 2; k++) {
      const dqP = plus(
          q.map((v, i) => v + (i === k ? h : 0)),
          qd,
        ),
        dqM = plus(
          q.map((v, i) => v - (i === k ? h : 0)),
          qd,
        );
      const dvP = plus(
          q,
          qd.map((v, i) => v + (i === k ? h : 0)),
        ),
        dvM = plus(
          q,
          qd.map((v, i) => v - (i === k ? h : 0)),
        );
      for (let i = 0; i < 2; i++) {
        expect(d.dq[i * 2 + k]).toBeCloseTo((dqP[i]! - dqM[i]!) / (2 * h), 7);
        expect(d.dqd[i * 2 + k]).toBeCloseTo((dvP[i]! - dvM[i]!) / (2 * h), 7);
      }
    }
    expect(Array.from(d.dt)).toEqual([0, 0]);
  });
});

describe('angles', () => {
  const pendulum = (potential: string) =>
    deriveSystem(
      buildModel(
        defineModel({
          name: 'angle-pendulum',
          coordinates: [{ name: 'theta', unit: 'rad' }],
          parameters: { m: 1, l: 2, g: G, k: 3 },
          kinetic: "m*l^2*theta'^2/2",
          potential,
        }),
      ),
    );
  const params = { m: 1, l: 2, g: G, k: 3 };

  it('a rest in rad is reported in (−π, π], once: θ = 0 from 2π + 0.3 and −0.2, θ = π from 3 and −3', () => {
    const found = findEquilibria(pendulum('-m*g*l*cos(theta)'), params, [[2 * Math.PI + 0.3], [-0.2], [3], [-3]]);
    expect(found.map((e) => e.q[0])).toEqual([expect.closeTo(0, 10), expect.closeTo(Math.PI, 10)]);
  });

  it('an angle whose rest does not repeat with period 2π keeps its value: a torsion spring at θ = 5', () => {
    const [eq] = findEquilibria(pendulum('k*(theta - 5)^2/2'), params, [[4]]);
    expect(eq!.q[0]).toBeCloseTo(5, 10);
  });
});

describe('a rest on a contact patch', () => {
  it('the disk on the viscoelastic line rests at the depth q₀ = (9/32)^{1/3}ε², ε³ = mg/(k r²) (kuleshov2011 §5), its vertical motion damped', () => {
    const system = deriveSystem(buildModel(viscoelasticDisk));
    const params = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
    const { m, g, k, r } = params as Record<string, number>;
    const eps2 = ((m * g) / (k * r * r)) ** (2 / 3);
    // From the report's starts: above the line (no force: Newton cannot start there) and q = 0.
    const [eq] = findEquilibria(system, params, equilibriumStarts(system));
    expect(eq!.held).toEqual([]);
    expect(eq!.q[1]! / r).toBeCloseTo(1 - (9 / 32) ** (1 / 3) * eps2, 12);
    const s = spectrumOf(eq!);
    // x and φ rest anywhere (two zeros, their velocities damped by the friction's relaxation); no eigenvalue grows.
    expect(s.eigenvalues.every((z) => z.re < 1e-9)).toBe(true);
    expect(s.verdict).toBe('neutral (zero eigenvalue: the linearization does not decide)');
  });
});

describe('zero eigenvalues: the linearization does not decide', () => {
  const rest = (A: number[][], heldRank = 0) => ({ q: A.slice(A.length / 2).map(() => 0), held: [], sigma: [], heldRank, A, residual: 0 });

  it('a point at rest on a flat floor: δx = a + bt (0, 0 with one eigenvector) drifts, it is not linearly stable', () => {
    const floor = defineModel({
      name: 'point-on-floor',
      coordinates: ['x', 'y'],
      parameters: { m: 2, g: G, e: 1 },
      kinetic: "m*(x'^2 + y'^2)/2",
      potential: 'm*g*y',
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { newton: 'e' } }],
    });
    const [eq] = findEquilibria(deriveSystem(buildModel(floor)), { m: 2, g: G, e: 1 }, [[0.3, 0.1]]);
    expect(eq!.held).toEqual([0]);
    const s = spectrumOf(eq!);
    expect(s.eigenvalues.map((z) => Math.hypot(z.re, z.im))).toEqual([expect.closeTo(0, 9), expect.closeTo(0, 9)]);
    expect(s.verdict).toBe('linear drift (zero eigenvalue with a Jordan block: the linearization does not decide)');
  });

  it('ẍ = 0 drifts; ẍ = −c ẋ (0 and −c, two eigenvectors) is neutral; ẍ = −k x stays linearly stable', () => {
    expect(
      spectrumOf(
        rest([
          [0, 1],
          [0, 0],
        ]),
      ).verdict,
    ).toBe('linear drift (zero eigenvalue with a Jordan block: the linearization does not decide)');
    const damped = spectrumOf(
      rest([
        [0, 1],
        [0, -0.5],
      ]),
    );
    expect(damped.eigenvalues.map((z) => z.re)).toEqual([expect.closeTo(0, 12), expect.closeTo(-0.5, 12)]);
    expect(damped.verdict).toBe('neutral (zero eigenvalue: the linearization does not decide)');
    expect(
      spectrumOf(
        rest([
          [0, 1],
          [-4, 0],
        ]),
      ).verdict,
    ).toBe('linearly stable');
    // A zero split by a difference error of 1e-12 into ±1e-6 is still zero, not unstable.
    expect(
      spectrumOf(
        rest([
          [0, 1],
          [1e-12, 0],
        ]),
      ).verdict,
    ).toBe('linear drift (zero eigenvalue with a Jordan block: the linearization does not decide)');
  });
});

describe('resting with Coulomb friction', () => {
  const block = (slip: string) =>
    deriveSystem(
      buildModel(
        defineModel({
          name: 'spring-block',
          coordinates: ['x', 'y'],
          parameters: { m: 1, g: G, k: 10, mus: 0.5, muk: 0.3, v: 0.2 },
          kinetic: "m*(x'^2 + y'^2)/2",
          potential: 'k*x^2/2 + m*g*y',
          unilateral: [{ name: 'floor', constraint: 'y >= 0', slip, law: { plastic: true, coulomb: { static: 'mus', kinetic: 'muk' } } }],
        }),
      ),
    );
  const params = { m: 1, g: G, k: 10, mus: 0.5, muk: 0.3, v: 0.2 };

  it('a spring-held block sticks wherever |k x| ≤ μ_s m g: one rest with the ends ∓μ_s m g/k (σ_t = ∓μ_s σ_n), every coordinate held', () => {
    const found = findEquilibria(block('x'), params, [
      [0.2, 0],
      [0, 0],
      [-0.3, 0],
    ]);
    expect(found).toHaveLength(1);
    const [eq] = found;
    expect(eq!.friction).toEqual([{ contact: 0, mode: 'stick' }]);
    expect(eq!.sticking!.free).toEqual([true, false]);
    const end = (0.5 * G) / 10;
    expect(eq!.sticking!.ends!.map((q) => q?.[0])).toEqual([expect.closeTo(-end, 9), expect.closeTo(end, 9)]);
    expect(eq!.sticking!.ends!.map((q) => q?.[1])).toEqual([expect.closeTo(0, 12), expect.closeTo(0, 12)]);
    // Sticking pins x as the floor pins y: nothing is left to oscillate.
    expect(eq!.heldRank).toBe(2);
    expect(spectrumOf(eq!).eigenvalues).toEqual([]);
  });

  it('a start outside the cone (|k x| > μ_s m g) is no rest', () => {
    const found = findEquilibria(block('x'), params, [[1, 0]]);
    expect(found.every((eq) => Math.abs(10 * eq.q[0]!) <= 0.5 * G * (1 + 1e-9))).toBe(true);
  });

  it('on a belt moving at v the block slides at rest where k x = μ_k m g, oscillating about it at ω² = k/m', () => {
    const [eq] = findEquilibria(block('x - v*t'), params, [[0, 0]]);
    expect(eq!.friction).toEqual([{ contact: 0, mode: 'slide' }]);
    // The belt moves +x under the block (ṡ = −v): kinetic friction drags it along +x.
    expect(eq!.q[0]).toBeCloseTo((0.3 * G) / 10, 9);
    expect(eq!.sticking).toBeUndefined();
    expect(spectrumOf(eq!).eigenvalues.map((z) => Math.abs(z.im))).toEqual([expect.closeTo(Math.sqrt(10), 6), expect.closeTo(Math.sqrt(10), 6)]);
  });

  it('a block on an incline rests for tan α ≤ μ_s and has no rest beyond', () => {
    const incline = (alpha: number) =>
      findEquilibria(
        deriveSystem(
          buildModel(
            defineModel({
              name: 'incline',
              coordinates: ['x', 'y'],
              parameters: { m: 1, g: G, alpha, mus: 0.6, muk: 0.4 },
              kinetic: "m*(x'^2 + y'^2)/2",
              potential: 'm*g*(y*cos(alpha) - x*sin(alpha))',
              unilateral: [{ name: 'slope', constraint: 'y >= 0', slip: 'x', law: { plastic: true, coulomb: { static: 'mus', kinetic: 'muk' } } }],
            }),
          ),
        ),
        { m: 1, g: G, alpha, mus: 0.6, muk: 0.4 },
        [[0, 0]],
      );
    const [rest] = incline(0.5);
    expect(rest!.sigma).toEqual([expect.closeTo(G * Math.cos(0.5), 9), expect.closeTo(-G * Math.sin(0.5), 9)]);
    // Any x rests: the family runs along x, with no end.
    expect(rest!.sticking).toEqual({ free: [true, false], ends: [undefined, undefined] });
    expect(() => incline(Math.atan(0.6) + 0.01)).toThrow(expect.objectContaining({ code: 'no-equilibrium' }));
  });
});
