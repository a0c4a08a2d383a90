// Rolling formed from the geometry against classical results: the rolling
// disk's constraints as a textbook writes them, its steady motions, energy
// along a run; the homogeneous sphere's uniform motion, its reactions at
// rest, and its 5/7 g sin α down an inclined plane. Runs use the generated
// module through the runtime.
import { beforeAll, describe, expect, it } from 'vitest';
import bicycle from '../../../derivations/bicycle.js';
import rollingDisk from '../../../derivations/rolling-disk.js';
import rollingSphere from '../../../derivations/rolling-sphere.js';
import { mul, num, sin, sub, ZERO, type Expr } from '../../../src/core/expr.js';
import { evaluate, type Env } from '../../../src/core/evaluate.js';
import { simplify } from '../../../src/core/trig.js';
import { AXIS_SYMBOLS } from '../../../src/model/geometry/rolling.js';
import type { Mat3 } from '../../../src/model/geometry/vectors.js';
import { buildModel, type GeometrySpec, type Model, type ModelSpec } from '../../../src/model/index.js';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { simulate } from '../../../src/runtime/hybrid/simulate.js';
import { derived } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';
import { expectClose } from '../../helpers/numeric.js';
import { mutate } from '../spec-cases.js';

const TIGHT = { rtol: 1e-11, atol: 1e-11 } as const;
// The examples' geometry as written (a model file is typed as a ModelSpec, every field optional).
const diskGeometry = rollingDisk.geometry as Required<GeometrySpec>;
const sphereGeometry = rollingSphere.geometry as Required<GeometrySpec>;

describe('a thin disk rolling on a horizontal plane (derivations/rolling-disk.ts)', () => {
  // Its defaults: m = 1, a = 0.3, g = 9.81; a thin uniform disk, A = m a²/4 about a diameter, C = m a²/2 about its axis.
  const [m, a, g] = [1, 0.3, 9.81];
  const [A, C] = [(m * a * a) / 4, (m * a * a) / 2];
  let mod: LoadedModule;
  beforeAll(async () => {
    mod = await loadGenerated(derived(rollingDisk));
  });

  it('its constraints are the textbook ones for the contact point (x, y): x′ = a φ′ cos ψ, y′ = a φ′ sin ψ', () => {
    const model = buildModel(rollingDisk);
    const { rolling: _, ...withoutRolling } = diskGeometry;
    const hand = buildModel(mutate(rollingDisk, { geometry: withoutRolling, nonholonomic: ["a*phi'*cos(psi) - x'", "a*phi'*sin(psi) - y'"] }));
    expect(model.nonholonomic.map((c, k) => simplify(sub(c.expr, hand.nonholonomic[k]!.expr)))).toEqual([ZERO, ZERO]);
  });

  it('as a torus of tube radius b, its centre a + b above the contact when upright, it rolls on the radius a + b cos θ and its tube turns sideways with the lean', () => {
    // The contact point: from the centre a down the rim's plane, then b down the normal; by hand,
    // v_P = (x′, y′, 0) − (a + b cos θ) φ′ e₁ − b θ′ (sin ψ, −cos ψ, 0), e₁ = (cos ψ, sin ψ, 0).
    const geometry = diskGeometry;
    const torus = mutate(rollingDisk, {
      parameters: { ...rollingDisk.parameters, b: 0.05 },
      geometry: {
        ...geometry,
        points: [...geometry.points.slice(0, 1), { name: 'R', from: 'P0', position: [0, 0, 'b'] }, { name: 'G', from: 'R', frame: 'L', position: [0, 0, 'a'] }],
        rolling: [{ ...geometry.rolling[0], shape: 'torus', tubeRadius: 'b' }],
      },
      initial: { q: { theta: 0.1 } },
    });
    const model = buildModel(torus);
    expect(model.holonomic).toEqual([]);
    const { rolling: _, ...withoutRolling } = torus.geometry as Required<GeometrySpec>;
    const hand = buildModel(
      mutate(torus, {
        geometry: withoutRolling,
        nonholonomic: ["(a + b*cos(theta))*phi'*cos(psi) + b*theta'*sin(psi) - x'", "(a + b*cos(theta))*phi'*sin(psi) - b*theta'*cos(psi) - y'"],
      }),
    );
    expect(model.nonholonomic.map((c, k) => simplify(sub(c.expr, hand.nonholonomic[k]!.expr)))).toEqual([ZERO, ZERO]);
  });

  it("with Euler's angles (zxz, the axis θ from the vertical) and the centre's height z kept, the plane holds z = a sin θ, on the side of lying flat where it starts", () => {
    const euler = (theta: number) =>
      buildModel(
        mutate(rollingDisk, {
          name: 'euler-disk',
          coordinates: ['x', 'y', 'z', 'psi', 'theta', 'phi'],
          geometry: {
            ...diskGeometry,
            frames: [{ name: 'B', axes: 'zxz', angles: ['psi', 'theta', 'phi'] }],
            points: [{ name: 'G', position: ['x', 'y', 'z'] }],
            rolling: [{ ...diskGeometry.rolling[0], axis: 'z' }],
          },
          initial: { q: { theta, z: `a*abs(sin(${theta}))` } },
          drawing: undefined,
        }),
      );
    // a sin θ − z by kernel constructors, in the model's own symbols, for each side of lying flat.
    for (const [theta, side] of [
      [1.2, 1],
      [-1.2, -1],
    ] as const) {
      const model = euler(theta);
      const symbol = (name: string): Expr => model.coordinates.find((c) => c.name === name)?.q ?? model.parameters.find((p) => p.name === name)!.symbol;
      const hand = sub(mul(num(side), symbol('a'), sin(symbol('theta'))), symbol('z'));
      expect(model.holonomic.map((h) => h.name)).toEqual(['rim_n']);
      expect(simplify(sub(model.holonomic[0]!.phi, hand))).toBe(ZERO);
    }
  });

  /** q̈ followed by the multipliers (friction along x, y) at a state. */
  const accelerations = (q: readonly number[], qd: readonly number[]): Float64Array => mod.constraintAccelerations!(0, q, qd, {});

  it('rolls straight upright at a steady rate with no acceleration and no friction', () => {
    const [psi, phid] = [0.3, 5];
    const out = accelerations([0.1, -0.2, psi, 0, 1], [a * phid * Math.cos(psi), a * phid * Math.sin(psi), 0, 0, phid]);
    for (const v of out) expect(Math.abs(v)).toBeLessThan(1e-12);
  });

  // Steady circular rolling at lean θ and heading rate Ω: Euler's equations about the centre in the lean
  // frame (e₁ heading, e₂ the axis, e₃ up the disk), with ω₂ = φ′ + Ω sin θ the rate about the axis and the
  // contact force from the centre's circular motion, give
  //   A Ω² sin θ cos θ − (C + m a²) Ω ω₂ cos θ − m g a sin θ = 0.
  const steadySpin = (theta: number, Omega: number): number => {
    const w2 = (A * Omega ** 2 * Math.sin(theta) * Math.cos(theta) - m * g * a * Math.sin(theta)) / ((C + m * a * a) * Omega * Math.cos(theta));
    return w2 - Omega * Math.sin(theta);
  };
  const steadyState = (theta: number, Omega: number, phid: number): [number[], number[]] => {
    const psi = 0.7;
    return [
      [0.4, 0.2, psi, theta, -0.5],
      [a * phid * Math.cos(psi), a * phid * Math.sin(psi), Omega, 0, phid],
    ];
  };

  it.each([
    [0.3, 4],
    [-0.2, -6],
    [0.5, 10],
  ])('rolls in a steady circle at lean %s, heading rate %s, where A Ω² sin θ cos θ − (C + m a²) Ω ω₂ cos θ = m g a sin θ', (theta, Omega) => {
    const out = accelerations(...steadyState(theta, Omega, steadySpin(theta, Omega)));
    // ψ″, θ″, φ″ vanish: the lean, the heading rate and the spin stay.
    for (const k of [2, 3, 4]) expect(Math.abs(out[k]!)).toBeLessThan(1e-10);
  });

  it('past lying flat (|θ| > π/2) its generated accelerations and friction are NaN: the contact point is not the rim’s there', () => {
    const qd = [0.5, 0.1, 0.4, 0.2, 3];
    for (const theta of [1.2, -1.2]) for (const v of accelerations([0.1, -0.2, 0.3, theta, 1], qd)) expect(Number.isFinite(v)).toBe(true);
    for (const theta of [2, -2, 3]) for (const v of accelerations([0.1, -0.2, 0.3, theta, 1], qd)) expect(v).toBeNaN();
  });

  it('off that relation (the spin 10 % larger) the lean changes: the check can fail', () => {
    const [theta, Omega] = [0.3, 4];
    const out = accelerations(...steadyState(theta, Omega, 1.1 * steadySpin(theta, Omega)));
    expect(Math.abs(out[3]!)).toBeGreaterThan(1e-2);
  });

  it('keeps T + V and its constraints along a 5 s run from its default state, at every output point', () => {
    const { q0, qd0 } = mod.model.initial;
    const run = simulate(mod, { q0, qd0, t1: 5, ...TIGHT });
    expect(run.t.at(-1)).toBe(5);
    const e0 = run.energy![0]!;
    run.energy!.forEach((e, k) => expectClose(e, e0, 1e-8, 0, `E at t = ${run.t[k]}`));
    run.qd.forEach((qd, k) => {
      const [psi] = [run.q[k]![2]!];
      expect(Math.abs(qd[0]! - a * qd[4]! * Math.cos(psi))).toBeLessThan(1e-8);
      expect(Math.abs(qd[1]! - a * qd[4]! * Math.sin(psi))).toBeLessThan(1e-8);
    });
    // The run is not trivial: the disk turns and its lean changes.
    expect(Math.max(...run.q.map((q) => Math.abs(q[3]! - q0[3]!)))).toBeGreaterThan(0.05);
  });
});

describe('a homogeneous sphere rolling on a horizontal plane (derivations/rolling-sphere.ts)', () => {
  const [m, a, g] = [1, 0.2, 9.81];
  let mod: LoadedModule;
  beforeAll(async () => {
    mod = await loadGenerated(derived(rollingSphere));
  });

  /** The spin about the vertical, ω_z = ψ′ + φ′ cos θ (Euler's angles zxz). */
  const verticalSpin = (q: readonly number[], qd: readonly number[]): number => qd[3]! + qd[5]! * Math.cos(q[4]!);

  it('moves its centre at a constant velocity and spins about the vertical at a constant rate, at every output point', () => {
    const { q0, qd0 } = mod.model.initial;
    const run = simulate(mod, { q0, qd0, t1: 5, ...TIGHT });
    expect(run.t.at(-1)).toBe(5);
    const w0 = verticalSpin(q0, qd0);
    expect(w0).toBeCloseTo(0.6, 12);
    run.qd.forEach((qd, k) => {
      const at = `t = ${run.t[k]}`;
      expectClose(qd[0]!, qd0[0]!, 1e-8, 1, `x′ at ${at}`);
      expectClose(qd[1]!, qd0[1]!, 1e-8, 1, `y′ at ${at}`);
      expectClose(run.q[k]![2]!, a, 1e-8, 1, `z at ${at}`);
      expectClose(verticalSpin(run.q[k]!, qd), w0, 1e-8, 1, `ω_z at ${at}`);
    });
    // The Euler angles themselves keep changing: the constancy is the sphere's, not a frozen state.
    expect(Math.max(...run.q.map((q) => Math.abs(q[4]! - q0[4]!)))).toBeGreaterThan(0.1);
  });

  it('at rest the plane bears m g along the normal and no friction (λ = [N, F_x, F_y] = [m g, 0, 0])', () => {
    const out = mod.constraintAccelerations!(0, [0.3, -0.4, a, 0.2, 1.1, -0.7], [0, 0, 0, 0, 0, 0], {});
    const lambda = [...out.slice(6)];
    expect(lambda).toHaveLength(3);
    expectClose(lambda[0]!, m * g, 1e-12, 0, 'N');
    expect(Math.abs(lambda[1]!)).toBeLessThan(1e-12);
    expect(Math.abs(lambda[2]!)).toBeLessThan(1e-12);
  });

  it('down a plane inclined at α it accelerates at 5/7 g sin α, held by the friction −2/7 m g sin α (the plane a turned frame)', async () => {
    // The plane's frame S turned about y by α: its x points down the slope; the centre a above it along S's z.
    const incline: ModelSpec = mutate(rollingSphere, {
      name: 'rolling-sphere-incline',
      coordinates: ['x', 'y', 'psi', 'theta', 'phi'],
      parameters: { ...rollingSphere.parameters, alpha: 0.4 },
      geometry: {
        ...sphereGeometry,
        frames: [...sphereGeometry.frames, { name: 'S', axes: 'y', angles: ['alpha'] }],
        points: [{ name: 'G', frame: 'S', position: ['x', 'y', 'a'] }],
        rolling: [{ ...sphereGeometry.rolling[0], plane: 'S' }],
      },
      initial: { q: { theta: 'pi/2' } },
      drawing: undefined,
    });
    const sys = derived(incline);
    expect(sys.model.holonomic).toEqual([]);
    const inclined = await loadGenerated(sys);
    const alpha = 0.4;
    const out = inclined.constraintAccelerations!(0, [0.1, 0.2, 0.3, 1.2, 0.4], [0, 0, 0, 0, 0], {});
    expectClose(out[0]!, (5 / 7) * g * Math.sin(alpha), 1e-12, 0, 'x″');
    expect(Math.abs(out[1]!)).toBeLessThan(1e-12);
    expectClose(out[5]!, -(2 / 7) * m * g * Math.sin(alpha), 1e-12, 0, 'F_x');
    expect(Math.abs(out[6]!)).toBeLessThan(1e-12);
  });
});

// A rim's contact point against the rim's lowest point found numerically:
// the height of c + a(cos t e₁ + sin t e₂) (e₁, e₂ the body's axes across
// its symmetry axis) minimized over t, a grid and then golden sections.
describe("a disk's contact point is its rim's lowest point on the model's side of lying flat, and undefined past it", () => {
  type Vec = readonly [number, number, number];
  const AXES_AT = { x: 0, y: 1, z: 2 } as const;
  const evalVec = (v: readonly Expr[], env: Env): Vec => [evaluate(v[0]!, env), evaluate(v[1]!, env), evaluate(v[2]!, env)];
  const column = (R: Mat3, env: Env, k: number): Vec => evalVec([R[0][k], R[1][k], R[2][k]], env);

  /** argmin over t of the height of rim(t), and the rim's highest point likewise. */
  const extremes = (rim: (t: number) => Vec): { lowest: Vec; highest: Vec } => {
    const along = (sign: number): Vec => {
      const h = (t: number): number => sign * rim(t)[2];
      const grid = Array.from({ length: 720 }, (_, i) => (2 * Math.PI * i) / 720);
      const best = grid.reduce((b, t) => (h(t) < h(b) ? t : b));
      let [lo, hi] = [best - (2 * Math.PI) / 720, best + (2 * Math.PI) / 720];
      const r = (Math.sqrt(5) - 1) / 2;
      for (let k = 0; k < 80; k++) {
        const [t1, t2] = [hi - r * (hi - lo), lo + r * (hi - lo)];
        if (h(t1) < h(t2)) hi = t2;
        else lo = t1;
      }
      return rim((lo + hi) / 2);
    };
    return { lowest: along(1), highest: along(-1) };
  };

  /**
   * For each rolling contact of the model at env: P − c as generated code
   * evaluates it (its offset of the axis times its guard), as the rows keep
   * it (the model's contact point less the centre), and the rim's lowest and
   * highest points less the centre.
   */
  function contacts(model: Model, radii: Readonly<Record<string, string>>, env: Env) {
    const g = model.geometry!;
    return model.rolling!.map((c) => {
      const body = g.bodies.find((b) => b.name === c.body)!;
      const R = g.frames.find((f) => f.name === body.rotation!.frame)!.R;
      const centre = evalVec(g.points.find((p) => p.name === body.centre)!.position, env);
      const radius = model.parameters.find((p) => p.name === radii[c.name])!.default;
      const axis = AXES_AT[c.shape.axis!];
      const k = column(R, env, axis);
      const [e1, e2] = [column(R, env, (axis + 1) % 3), column(R, env, (axis + 2) % 3)];
      const { lowest, highest } = extremes((t) => [0, 1, 2].map((i) => radius * (Math.cos(t) * e1[i]! + Math.sin(t) * e2[i]!)) as unknown as Vec);
      const guard = c.shape.guard ? evaluate(c.shape.guard, env) : 1;
      const byAxis = evalVec(c.shape.offset, { ...env, ...Object.fromEntries(AXIS_SYMBOLS.map((s, i) => [s.name, k[i]!])) }).map((x) => guard * x);
      const point = evalVec(g.rolling.find((r) => r.name === c.name)!.contact, env);
      return { name: c.name, guarded: c.shape.guard !== undefined, byAxis, rows: point.map((x, i) => x - centre[i]!), lowest, highest };
    });
  }

  /** The model's parameters at their defaults and its coordinates at `q` (zero where not given). */
  const envOf = (model: Model, q: Readonly<Record<string, number>>): Env => ({
    ...Object.fromEntries(model.parameters.map((p) => [p.symbol.name, p.default])),
    ...Object.fromEntries(model.coordinates.map((c) => [c.q.name, q[c.name] ?? 0])),
  });
  // A minimum's place is found to about √ε of the height's scale: 1e-6 of the radius, where the lowest and highest points lie 2 radii apart.
  const close = (a: readonly number[], b: readonly number[], what: string): void => a.forEach((x, i) => expectClose(x, b[i]!, 1e-6, 1, `${what}[${i}]`));
  // Leans across (−π, π), off ±π/2 (lying flat) by at least 0.06.
  const LEANS = Array.from({ length: 24 }, (_, i) => -Math.PI + ((i + 0.5) * 2 * Math.PI) / 24);

  it.each([
    ['the rolling disk', rollingDisk, 'theta', { psi: 0.7, phi: -1.3, x: 0.2, y: -0.4 }],
    ['the bicycle', bicycle, 'phi', { psi: -0.4, theta: 0.1, delta: 0.5, thR: 0.9, thF: -2.1, x: 0.3 }],
  ] as const)('%s: at leans across (−π, π), each wheel touches with its lowest point or its contact is NaN past lying flat', (_, spec, lean, others) => {
    const model = buildModel(spec);
    // Each wheel's radius, a parameter's name in the model file.
    const radii = Object.fromEntries((spec.geometry as Required<GeometrySpec>).rolling.map((r) => [r.name, String(r.radius)]));
    let [kept, refused] = [0, 0];
    for (const value of LEANS) {
      for (const c of contacts(model, radii, envOf(model, { ...others, [lean]: value }))) {
        const what = `${c.name} at ${lean} = ${value}`;
        if (Math.abs(value) < Math.PI / 2 || !c.guarded) {
          // The model's side of lying flat (the front wheel's |u| is the root itself: every lean is).
          close(c.byAxis, c.lowest, `${what}: generated`);
          if (c.guarded) close(c.rows, c.lowest, `${what}: rows`);
          kept++;
        } else {
          // Past it the rows' point is the rim's highest (the wheel through the ground): generated code says NaN.
          close(c.rows, c.highest, `${what}: rows`);
          for (const x of c.byAxis) expect(x, what).toBeNaN();
          refused++;
        }
      }
    }
    expect(kept).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
