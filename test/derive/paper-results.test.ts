// Facts in the papers' form: the hinged compass's kinetic matrix in the feet's
// coordinates (Rubanovich–Formalsky (3.4)) and Carnot's loss (3.14), Smirnov's
// support variants, and Kozlov's release motions in closed form (each piece
// put back into its own equation of motion, joined to the next one), the
// circle billiard's map on its circle and its chords, the viscoelastic disk's
// patch ends (kuleshov2011 Prop. 10), computed from the derived system and
// checked against independent computations.
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
import release from '../../derivations/kozlov-release.js';
import addedMass from '../../derivations/kozlov-release-added-mass.js';
import elastic from '../../derivations/kozlov-release-elastic.js';
import viscous from '../../derivations/kozlov-release-viscous.js';
import kelvinVoigt from '../../derivations/kozlov-release-kelvin-voigt.js';
import circleBilliard from '../../derivations/circle-billiard.js';
import doublePendulum from '../../derivations/double-pendulum.js';
import bouncingBall from '../../derivations/bouncing-ball.js';
import parabolic from '../../derivations/parabolic-billiard.js';
import block from '../../derivations/block-on-incline.js';
import corner from '../../derivations/particle-in-corner.js';
import disk from '../../derivations/viscoelastic-disk.js';
import { diff } from '../../src/core/diff.js';
import { subs } from '../../src/core/subs.js';
import { simplify } from '../../src/core/trig.js';
import { sub, ZERO, type Expr } from '../../src/core/expr.js';
import { piecewiseMotion } from '../../src/derive/motion/piecewise.js';

describe('hinged compass §3', () => {
  const system = derived(hinged);
  const facts = derivedFacts(system);
  const env = { m: 1.3, l: 0.9, beta: 0.4, g: 9.81, "a1'-": 0.7, "a2'-": -1.1 };
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
      // z = (x₁, y₁, x₂, y₂): D (foot 1) then B (foot 2), the paper's numbering.
      const jump = ['foot1.t', 'foot1.n', 'foot2.t', 'foot2.n'].map(
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
  it('the switched Φ (1.2), (2.2) is the realized variant’s by sgn F_z: f₂F_z pressed up, −f₁F_z pressed down, the mean of the two at F_z = 0', () => {
    const phi = derivedFacts(derived(planes)).get('supports.Φ')!;
    const at = (Fz: number): number => evaluate(phi, { f1: 0.2, f2: 0.5, Fz });
    expect(at(2)).toBeCloseTo(0.5 * 2, 12);
    expect(at(-3)).toBeCloseTo(0.2 * 3, 12);
    expect(at(0)).toBe(0);
  });
  it('the spatial prism: the loads of (2.1) along y, z, φ, θ, ψ are P_y, P_z, M_x, M_y, M_z; Δ, N and Φ of all 32 full variants; the counts in closed form', () => {
    const facts = derivedFacts(derived(spatialPrism));
    expect(['y', 'z', 'phi', 'theta', 'psi'].map((q) => facts.get(`supports.load.${q}`))).toEqual(['Py', 'Pz', 'Mx', 'My', 'Mz'].map((x) => parseExpr(x)));
    expect([...facts.keys()].filter((k) => /^supports\.\(.*\)\.Φ$/.test(k))).toHaveLength(32);
    expect(facts.has('supports.Φ')).toBe(true);
    expect(facts.has('supports.variants')).toBe(false);
    // smirnov1981 §3: s₀ = 2^{6t−n}, S = 3^{6t−n} (t = ν links, n degrees of freedom), at any ν, n.
    for (const [nu, n] of [
      [1, 1],
      [2, 3],
      [3, 0],
    ] as const) {
      expect(evaluate(facts.get('supports.count.full.closed')!, { nu, n })).toBe(2 ** (6 * nu - n));
      expect(evaluate(facts.get('supports.count.all.closed')!, { nu, n })).toBe(3 ** (6 * nu - n));
    }
  });
  it('the planar prism (three coordinates, not 6ν): no closed-form counts', () => {
    expect(derivedFacts(derived(planarPrism)).has('supports.count.all.closed')).toBe(false);
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
      // Pair 2 fixed on the guides, the prism advanced by x: its a₂ − x enters the columns (1.1) and the reactions alike.
      g1: 0,
      g2: 1,
      x: 0.1,
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

describe('Kozlov §2: the release motions in closed form', () => {
  const d2 = (e: Expr): Expr => diff(diff(e, 't'), 't');
  const at = (e: Expr, env: Record<string, number>, t: number): number => evaluate(e, { ...env, t });
  /** y(t) of a piece put back into ÿ = rhs(y, v = ẏ) at a few instants: the residual vanishes. */
  const solves = (y: Expr, rhs: string, env: Record<string, number>, ts: readonly number[]): void => {
    const residual = sub(
      d2(y),
      subs(
        parseExpr(rhs),
        new Map([
          ['y', y],
          ['v', diff(y, 't')],
        ]),
      ),
    );
    for (const t of ts) expect(at(residual, env, t)).toBeCloseTo(0, 9);
  };
  /** Consecutive pieces meet with equal y and ẏ at the end of the first. */
  const joined = (facts: ReturnType<typeof derivedFacts>, k: number, env: Record<string, number>): void => {
    const end = evaluate(facts.get(`trajectory${k}.end`)!, env);
    for (const q of ['x', 'y', "y'"])
      expect(at(facts.get(`trajectory${k}.${q}`)!, env, end)).toBeCloseTo(at(facts.get(`trajectory${k + 1}.${q}`)!, env, end), 12);
  };

  it('rigid line: held (y ≡ 0) until x = 0, then free flight ÿ = g from rest on the line', () => {
    const facts = derivedFacts(derived(release));
    const env = { g: 2.3 };
    expect(facts.get('trajectory1.y')).toBe(ZERO);
    expect(facts.get('trajectory1.end')).toBe(parseExpr('1'));
    expect(simplify(sub(d2(facts.get('trajectory2.y')!), parseExpr('g')))).toBe(ZERO);
    joined(facts, 1, env);
    expect(facts.has('trajectory2.end')).toBe(false);
  });
  it('added mass: (N + 1)ÿ = ∓g below the line, the release a root of y, then the flight ÿ = g', () => {
    const facts = derivedFacts(derived(addedMass));
    const env = { g: 2.3, N: 7 };
    expect(simplify(sub(d2(facts.get('trajectory1.y')!), parseExpr('-g/(N + 1)')))).toBe(ZERO);
    expect(simplify(sub(d2(facts.get('trajectory2.y')!), parseExpr('g/(N + 1)')))).toBe(ZERO);
    expect(simplify(sub(d2(facts.get('trajectory3.y')!), parseExpr('g')))).toBe(ZERO);
    expect(at(facts.get('trajectory1.y')!, env, 0)).toBeCloseTo(0, 15);
    expect(at(facts.get("trajectory1.y'")!, env, 0)).toBeCloseTo(0, 15);
    joined(facts, 1, env);
    joined(facts, 2, env);
    expect(simplify(subs(facts.get('trajectory2.y')!, new Map([['t', facts.get('trajectory2.end')!]])))).toBe(ZERO);
    // Leaving with ẏ = g(2t* − 4)/(2(N + 1)) = √2 g/(N + 1), which vanishes as N → ∞.
    expect(at(facts.get("trajectory3.y'")!, env, 2 + Math.SQRT2)).toBeCloseTo((Math.SQRT2 * 2.3) / 8, 12);
  });
  it('elastic: ÿ = ∓g − Ny below the line; its reopening, a swing from off the surface, in closed form, then the flight ÿ = g', () => {
    const system = derived(elastic);
    const facts = derivedFacts(system);
    const env = { g: 2.3, N: 40 };
    solves(facts.get('trajectory1.y')!, '-g - N*y', env, [0.1, 0.5, 0.9]);
    solves(facts.get('trajectory2.y')!, 'g - N*y', env, [1.1, 1.3]);
    joined(facts, 1, env);
    joined(facts, 2, env);
    const tau = evaluate(facts.get('trajectory2.end')!, env);
    expect(at(facts.get('trajectory2.y')!, env, tau)).toBeCloseTo(0, 12);
    // Released rising at 2g√(1 − cos √N)/√N: the energy ½ẏ² + ½Ny² − gy of the swing, at t = 1 and at y = 0.
    expect(at(facts.get("trajectory3.y'")!, env, tau)).toBeCloseTo((2 * 2.3 * Math.sqrt(1 - Math.cos(Math.sqrt(40)))) / Math.sqrt(40), 12);
    solves(facts.get('trajectory3.y')!, 'g', env, [tau + 0.1, tau + 0.5]);
    // The limit motion leaves the root pending (its limit taken first, limit-motion.ts).
    expect(piecewiseMotion(system).stop).toMatch(/^line reopening at t ≈ 1\.\d+: not a root in closed form/);
  });
  it('viscous and Kelvin–Voigt: the pressed motion solves its damped equation', () => {
    solves(derivedFacts(derived(viscous)).get('trajectory1.y')!, '-g - N*v', { g: 2.3, N: 40 }, [0.05, 0.5]);
    const kv = { g: 2.3, N: 40, c: 2, k: 1, nu: 0.1 };
    solves(derivedFacts(derived(kelvinVoigt)).get('trajectory2.y')!, 'g - (nu*N + 2*k*sqrt(N))*v - c^2*N*y', kv, [1.01, 1.05]);
  });
  it('the elastic strip −2g/N ≤ y ≤ 0: the pressed piece’s sampled y stays inside and reaches both edges', () => {
    const facts = derivedFacts(derived(elastic));
    const env = { g: 2.3, N: 400 };
    const [lo, hi] = ['min', 'max'].map((x) => evaluate(facts.get(`trajectory1.y.${x}`)!, env));
    const ys = Array.from({ length: 4001 }, (_, k) => at(facts.get('trajectory1.y')!, env, k / 4000));
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(lo! - 1e-15);
    expect(Math.max(...ys)).toBeLessThanOrEqual(hi! + 1e-15);
    expect(Math.min(...ys)).toBeCloseTo(lo!, 6);
    expect(Math.max(...ys)).toBeCloseTo(hi!, 12);
  });
  it('a limit N → ∞ of the oscillation in the spring, g(cos √N t − 1)/N → 0 at |cos| ≤ 1, and none in a non-parameter', () => {
    const system = derived(elastic);
    const facts = derivedFacts(system);
    expect(evaluate(fact(facts, system, 'trajectory1.y@N→∞')!, { g: 2.3, t: 0.4 })).toBe(0);
    expect(fact(facts, system, 'trajectory1.y@t→∞')).toBeUndefined();
  });
  it('the circle billiard on its circle: the map reduced there agrees with the general one on the circle only, Carnot’s loss (1 − e²)(q·q̇⁻)²/(2R²), the next strike after the reflected chord', () => {
    const system = derived(circleBilliard);
    const facts = derivedFacts(system);
    const [R, e, phi] = [1.3, 0.8, 0.7];
    const [vx, vy] = [0.9, 0.4];
    const on = { R, e, x: R * Math.cos(phi), y: R * Math.sin(phi), "x'-": vx, "y'-": vy };
    const off = { ...on, x: 0.5 * on.x };
    const reduced = fact(facts, system, "impact1.single.[x']@surface")!;
    expect(evaluate(reduced, on)).toBeCloseTo(evaluate(facts.get("impact1.single.[x']")!, on), 12);
    expect(Math.abs(evaluate(reduced, off) - evaluate(facts.get("impact1.single.[x']")!, off))).toBeGreaterThan(1e-3);
    const qv = on.x * vx + on.y * vy;
    expect(evaluate(fact(facts, system, 'impact1.single.ΔT@surface')!, on)).toBeCloseTo(((1 - e * e) * qv * qv) / (2 * R * R), 12);
    // Reflect by hand (the normal part reversed with e), then fly straight until |p + v⁺τ| = R again.
    const [nx, ny] = [on.x / R, on.y / R];
    const vn = vx * nx + vy * ny;
    const [px, py] = [vx - (1 + e) * vn * nx, vy - (1 + e) * vn * ny];
    const tau = (-2 * (on.x * px + on.y * py)) / (px * px + py * py);
    expect(evaluate(fact(facts, system, 'impact1.single.return@surface')!, on)).toBeCloseTo(tau, 12);
    expect(evaluate(fact(facts, system, 'impact1.single.return')!, on)).toBeCloseTo(tau, 12);
    // The speed before the impact and after it (the normal part reversed with e), and the tangential speed |xẏ⁻ − yẋ⁻|/R kept.
    const u = Math.abs(on.x * vy - on.y * vx) / R;
    expect(evaluate(fact(facts, system, 'impact1.speed-@surface')!, on)).toBeCloseTo(Math.hypot(vx, vy), 12);
    expect(evaluate(fact(facts, system, 'impact1.single.speed+@surface')!, on)).toBeCloseTo(Math.hypot(px, py), 12);
    expect(evaluate(fact(facts, system, 'impact1.tangential-@surface')!, on)).toBeCloseTo(u, 12);
  });
  it('a first-order Taylor polynomial at e = 1 takes the value and slope of the fact there', () => {
    const system = derived(circleBilliard);
    const facts = derivedFacts(system);
    const env = { R: 1.3, x: 0.9, y: 0.2, "x'-": 0.9, "y'-": 0.4 };
    const f = fact(facts, system, 'impact1.single.averaged')!;
    const taylor = fact(facts, system, 'impact1.single.averaged@e≈1')!;
    const h = 1e-6;
    const slope = (evaluate(f, { ...env, e: 1 + h }) - evaluate(f, { ...env, e: 1 - h })) / (2 * h);
    expect(evaluate(taylor, { ...env, e: 1 })).toBeCloseTo(evaluate(f, { ...env, e: 1 }), 12);
    expect(evaluate(taylor, { ...env, e: 0.5 }) - evaluate(taylor, { ...env, e: 1 })).toBeCloseTo(-0.5 * slope, 6);
  });
  it('the circle billiard: the first chord in closed form, R sin α₀/v₀ long in time; the impact ends the closed form', () => {
    const system = derived(circleBilliard);
    const facts = derivedFacts(system);
    const env = { R: 1.3, v0: 0.7, alpha0: 0.4, e: 0.9 };
    expect(evaluate(facts.get('trajectory1.end')!, env)).toBeCloseTo((1.3 * Math.sin(0.4)) / 0.7, 12);
    expect(piecewiseMotion(system).stop).toMatch(/^wall closing at t ≈ .*: the motion after an impact is not followed$/);
  });
  it('the bouncing ball falls from y = 1 (not held on a floor it does not touch) and strikes it at t = √(2/g)', () => {
    const facts = derivedFacts(derived(bouncingBall));
    expect(evaluate(facts.get('trajectory1.end')!, { g: 9.81, m: 1, e: 0.8 })).toBeCloseTo(Math.sqrt(2 / 9.81), 12);
  });
  it('friction is outside the class: the block on the incline gets no piece', () => {
    expect(piecewiseMotion(derived(block)).stop).toMatch(/^Coulomb friction at a contact/);
  });
  it('a coupled mass matrix is outside the class: no trajectory facts, and the reason', () => {
    const system = derived(doublePendulum);
    expect([...derivedFacts(system).keys()].filter((k) => k.startsWith('trajectory'))).toEqual([]);
    expect(piecewiseMotion(system).stop).toMatch(/not constant and diagonal|not linear/);
  });
});

describe('kozlov1988 §4: the parabolic billiard’s strike-to-strike map', () => {
  const [a, g, e] = [1.3, 9.81, 0.9];
  /** By hand: reflect on y = x²/(2a) (the normal part of v⁻ reversed with e), fly under −g until y = x²/(2a) again. */
  const strike = ([x, u, w]: readonly number[]): number[] => {
    const [nx, ny] = [-x! / a, 1].map((c) => c / Math.hypot(x! / a, 1));
    const vn = u! * nx! + w! * ny!;
    const [vx, vy] = [u! - (1 + e) * vn * nx!, w! - (1 + e) * vn * ny!];
    const tau = (vy - (x! * vx) / a) / (g / 2 + (vx * vx) / (2 * a));
    return [x! + vx * tau, vx, vy - g * tau];
  };
  it('its Jacobian in (x, ẋ⁻, ẏ⁻) is the derivative of the map written by hand, off the vertical orbit too', () => {
    const system = derived(parabolic);
    const facts = derivedFacts(system);
    const names = ['x', "x'-", "y'-"];
    const at = [0.1, 0.2, -2];
    const env = { a, g, e, x: at[0]!, "x'-": at[1]!, "y'-": at[2]! };
    const h = 1e-6;
    names.forEach((input, c) => {
      const up = strike(at.map((v, k) => (k === c ? v + h : v)));
      const down = strike(at.map((v, k) => (k === c ? v - h : v)));
      names.forEach((out, r) => expect(evaluate(facts.get(`impact1.single.next[${out},${input}]`)!, env)).toBeCloseTo((up[r]! - down[r]!) / (2 * h), 6));
    });
  });
  it('where and when it strikes next (.return, .return.x, .return.x′⁻, .return.y′⁻) is the map written by hand', () => {
    const system = derived(parabolic);
    const facts = derivedFacts(system);
    const env = { a, g, e, x: 0.1, "x'-": 0.2, "y'-": -2 };
    const [x, vx, vy] = strike([0.1, 0.2, -2]);
    const names = ['impact1.single.return.x', "impact1.single.return.x'-", "impact1.single.return.y'-"];
    names.forEach((name, k) => expect(evaluate(facts.get(name)!, env)).toBeCloseTo([x, vx, vy][k]!, 12));
    expect(evaluate(facts.get('impact1.single.return.y')!, env)).toBeCloseTo(x! ** 2 / (2 * a), 12);
  });
  it('a fact @s=(expression) sets s to that expression of the other symbols, not only to a number', () => {
    const system = derived(parabolic);
    const facts = derivedFacts(system);
    const set = fact(facts, system, "impact1.single.return@x'-=(2*x)@y'-=(-g/a)")!;
    const env = { a, g, e, x: 0.3 };
    expect(evaluate(set, env)).toBeCloseTo(evaluate(facts.get('impact1.single.return')!, { ...env, "x'-": 0.6, "y'-": -g / a }), 12);
  });
  it('at the vertical bouncing its (x, ẋ⁻) block has determinant 1 and trace 2 − 2e(1 + e)v²/(ag)', () => {
    const system = derived(parabolic);
    const facts = derivedFacts(system);
    const v = 2.5;
    const J = (out: string, input: string) => evaluate(fact(facts, system, `impact1.single.next[${out},${input}]@x=0@x'-=0`)!, { a, g, e, "y'-": -v });
    expect(J('x', 'x') * J("x'-", "x'-") - J('x', "x'-") * J("x'-", 'x')).toBeCloseTo(1, 12);
    expect(J('x', 'x') + J("x'-", "x'-")).toBeCloseTo(2 - (2 * e * (1 + e) * v * v) / (a * g), 12);
  });
});

describe('kugushev2002 §9: the contact phases as facts', () => {
  const facts = derivedFacts(derived(corner));
  const at = (name: string, env: Record<string, number>) => evaluate(facts.get(name)!, env);
  const env = { m: 2, g: 9.81, k: 0.4, d: 1, e: 0.5 };
  it('on the floor the particle slides with q̈ = 0 and σ̇ = mg', () => {
    expect([at("phase.floor.x''", env), at("phase.floor.y''", env), at('phase.floor.floor.n', env)]).toEqual([0, 0, expect.closeTo(2 * 9.81, 12)]);
  });
  it('held in the corner q̈ = 0, the floor bears mg and the wall nothing', () => {
    expect(at('phase.wall,floor.floor.n', env)).toBeCloseTo(2 * 9.81, 12);
    expect(at('phase.wall,floor.wall.n', env)).toBeCloseTo(0, 12);
  });
});

describe('kuleshov2011 Prop. 10: the density at the ends of the arc', () => {
  const system = derived(disk);
  const facts = derivedFacts(system);
  const [upper, lower] = [facts.get('patch.foundation.edge.upper')!, facts.get('patch.foundation.edge.lower')!];
  // (4.3) as printed, Φ per dx (the model's density is per dϑ, dx = r dϑ), and its larger zero ϑ₊ (4.5).
  const Phi = (k: number, nu: number, r: number, t0: number, ux: number, uy: number, t: number): number => (k * r * (t0 * t0 - t * t)) / 2 + nu * (t * ux - uy);
  const thetaPlus = (k: number, nu: number, r: number, t0: number, ux: number, uy: number): number =>
    (nu * ux + Math.sqrt(nu * nu * ux * ux + k * r * (k * r * t0 * t0 - 2 * nu * uy))) / (k * r);
  it('is rΦ(±ϑ₀) of (4.3), and ϑ₊ > ϑ₀ exactly where the upper one is positive: for uₓ > 0, where ϑ₀ > u_y/uₓ', () => {
    let [g, agreed, inside] = [0.37, 0, 0];
    const next = (): number => {
      g = (g * 9301 + 49297) % 233280;
      return g / 233280;
    };
    for (let i = 0; i < 200; i++) {
      const [k, nu, r] = [1e3 + 1e5 * next(), 1 + 100 * next(), 0.05 + next()];
      const [zeta, zetadot, ux] = [1e-4 + 1e-2 * next(), 2 * next() - 1, 4 * next() - 2];
      const [t0, uy] = [Math.sqrt(2 * zeta), -r * zetadot];
      const env = { k, nu, r, m: 1, g: 9.81, lambda: 0.2, alpha: 0, t_r: 1e-4, zeta, zetadot, ux };
      const [atUpper, atLower] = [evaluate(upper, env) / r, evaluate(lower, env) / r];
      expect(atUpper).toBeCloseTo(Phi(k, nu, r, t0, ux, uy, t0), 9);
      expect(atLower).toBeCloseTo(Phi(k, nu, r, t0, ux, uy, -t0), 9);
      // The sign of u_y misread: (4.3) with +νu_y.
      if (Math.abs(atUpper - (Phi(k, nu, r, t0, ux, uy, t0) + 2 * nu * uy)) > 1e-9 * (1 + Math.abs(atUpper))) agreed++;
      if (ux > 0 && t0 > uy / ux) {
        inside++;
        expect(thetaPlus(k, nu, r, t0, ux, uy)).toBeGreaterThan(t0);
        expect(atUpper).toBeGreaterThan(0);
      }
      expect(atUpper > 0).toBe(thetaPlus(k, nu, r, t0, ux, uy) > t0);
    }
    expect(agreed).toBe(200);
    expect(inside).toBeGreaterThan(20);
  });
});

// kugushev2002 (1.2) in the gap f = d − l₁ sin q₁ − l₂ sin q₂: v̄ = (∂₂f, −∂₁f) = (−l₂ cos q₂, l₁ cos q₁), so at q = 0
// p·v̄ = −l₂p₁ + l₁p₂ with p₁ = (m₁ + m₂)l₁²q̇₁ + m₂l₁l₂q̇₂, p₂ = m₂l₁l₂q̇₁ + m₂l₂²q̇₂: −m₁l₁²l₂q̇₁, the row's label and value alike.
describe('the pendulum at a wall: the momentum along the wall’s tangent', () => {
  it('P1*F2 − P2*F1 of the facts is p·v̄ with v̄ = (∂₂f, −∂₁f): −m₁l₁²l₂q̇₁⁻ at q = 0, before and after', async () => {
    const { default: wall } = await import('../../derivations/pendulum-wall.js');
    const facts = derivedFacts(derived(wall));
    const env = { m1: 1.3, m2: 0.7, l1: 0.9, l2: 1.1, g: 9.81, d: 0.5, e: 0.6, q1: 0, q2: 0, "q1'-": 0.8, "q2'-": -0.4 };
    const at = (name: string): number => evaluate(facts.get(name)!, env);
    const [F1, F2] = [at('impact1.wall.n.dq1'), at('impact1.wall.n.dq2')];
    expect([F1, F2]).toEqual([expect.closeTo(-0.9, 12), expect.closeTo(-1.1, 12)]);
    const tangent = (p1: number, p2: number): number => p1 * F2 - p2 * F1;
    expect(tangent(at('impact1.pq1-'), at('impact1.pq2-'))).toBeCloseTo(-1.3 * 0.81 * 1.1 * 0.8, 12);
    expect(tangent(at('impact1.single.pq1+'), at('impact1.single.pq2+'))).toBeCloseTo(-1.3 * 0.81 * 1.1 * 0.8, 12);
  });
});
