// The distributed contact law of Kuleshov, Treschev, Ivanova, Naimushina,
// "A rigid cylinder on a viscoelastic plane" (kuleshov2011 §3) derived by
// src/derive/compliant/patch.ts from the author's data: the disk's penetration
// r(cos ϑ − cos ϑ₀), the Kelvin–Voigt density (kY + νẎ)dx without adhesion,
// Coulomb's law |dT| ≤ λ|dN| in the resultant weights (4.6). Checked against
// the paper's formulas (4.1)–(4.7), (5.3)–(5.4), (11.2), (12.2)–(12.5), and
// against a quadrature of the hand-written density (4.3) with the patch end
// found by bisection.
import { describe, expect, it } from 'vitest';
import { add, mul, neg, ZERO, type Expr } from '../../../src/core/expr.js';
import { diff } from '../../../src/core/diff.js';
import { evaluate, type Env } from '../../../src/core/evaluate.js';
import { parseExpr } from '../../../src/core/parse.js';
import { toText } from '../../../src/core/print.js';
import { subs } from '../../../src/core/subs.js';
import { simplify } from '../../../src/core/trig.js';
import { balance, derivePatchLaw, truncateSmall, type PatchLaw, type PatchRegime, type PatchSpec } from '../../../src/derive/compliant/patch.js';
import { pullPositive } from '../../../src/derive/compliant/positive.js';
import { expectClose } from '../../helpers/numeric.js';
import { thrown } from '../../helpers/thrown.js';
import { MechanicsError } from '../../../src/errors.js';
import { buildModel } from '../../../src/model/model.js';
import { deriveSystem } from '../../../src/derive/system.js';
import disk from '../../../derivations/viscoelastic-disk.js';
import { rng, uniform } from '../../helpers/random.js';

const p = (s: string): Expr => parseExpr(s);
const POSITIVE = ['k', 'r', 'nu', 'q', 'lambda', 'm', 'g', 'theta0'];
const tidy = (e: Expr): Expr => pullPositive(simplify(e), new Set(POSITIVE));
const at = (e: Expr, env: Env): number => evaluate(e, env);
const put = (e: Expr, values: Record<string, string>): Expr => subs(e, new Map(Object.entries(values).map(([k, v]) => [k, p(v)])));

// The disk of §4: x = r sin ϑ along the line (dx = r cos ϑ dϑ), depth q of
// the lowest point (cos ϑ₀ = 1 − q), Y = r(cos ϑ₀ − cos ϑ) ≤ 0 (4.1), and
// Ẏ = u_y − uₓ tan ϑ (4.2) with u_y = −r q̇ (5.2). The density is the
// vertical force per dϑ, −(kY + νẎ)·r cos ϑ; ϑ ~ ε, q, q̇ ~ ε², uₓ ~ ε.
const DENSITY = '(k*r*(cos(theta) - 1 + q) + nu*(r*qd + ux*tan(theta)))*r*cos(theta)';
function diskSpec(velocities: Record<string, string> = {}, extra: Partial<PatchSpec> = {}): PatchSpec {
  return {
    variable: 'theta',
    geometry: { penetration: p('r*(cos(theta) - 1 + q)') },
    density: put(p(DENSITY), velocities),
    // (4.6): F_y = ∫dF_y, F_x = −∫(σλ + ϑ)dF_y, M = −σλr∫dF_y.
    resultants: { Fy: p('1'), Fx: p('-(sigma*lambda + theta)'), M: p('-sigma*lambda*r') },
    expansion: { orders: { theta: 1, q: 2, qd: 2, ux: 1 }, keep: 2 },
    positive: POSITIVE,
    ...extra,
  };
}

function law(spec: PatchSpec): PatchLaw {
  const l = derivePatchLaw(spec);
  if (l.kind !== 'patch-law') throw new Error(l.reason);
  return l;
}
function regime(l: PatchLaw, name: PatchRegime['name']): PatchRegime {
  const r = l.regimes.find((g) => g.name === name);
  expect(r, `regime ${name}`).toBeDefined();
  return r!;
}
const conditions = (r: PatchRegime): string[] => r.conditions.map((c) => `${toText(c.expr)} ${c.relation} 0`);

// ---------------------------------------------------------------- an independent quadrature
/** The paper's density (4.3) times r, written by hand: r[½kr(ϑ₀² − ϑ²) + ν(ϑuₓ − u_y)], u_y = −r q̇, ϑ₀² = 2q. */
const handDensity = (e: Env, t: number): number => e.r! * (0.5 * e.k! * e.r! * (2 * e.q! - t * t) + e.nu! * (t * e.ux! + e.r! * e.qd!));
/** A sign change of f on [a, b] by bisection. */
function bisect(f: (t: number) => number, a: number, b: number): number {
  let fa = f(a);
  for (let i = 0; i < 200 && b - a > 1e-16 * Math.max(1, Math.abs(a)); i++) {
    const m = 0.5 * (a + b);
    const fm = f(m);
    if (Math.sign(fm) === Math.sign(fa)) [a, fa] = [m, fm];
    else b = m;
  }
  return 0.5 * (a + b);
}
const GAUSS5: readonly [number, number][] = [
  [0, 128 / 225],
  [Math.sqrt(5 - 2 * Math.sqrt(10 / 7)) / 3, (322 + 13 * Math.sqrt(70)) / 900],
  [-Math.sqrt(5 - 2 * Math.sqrt(10 / 7)) / 3, (322 + 13 * Math.sqrt(70)) / 900],
  [Math.sqrt(5 + 2 * Math.sqrt(10 / 7)) / 3, (322 - 13 * Math.sqrt(70)) / 900],
  [-Math.sqrt(5 + 2 * Math.sqrt(10 / 7)) / 3, (322 - 13 * Math.sqrt(70)) / 900],
];
/** ∫ w·max(0, density) over (−ϑ₀, ϑ₀): the patch ends by bisection, Gauss–Legendre (exact for these polynomials) between. */
function quadrature(e: Env, w: (t: number) => number): number {
  const t0 = Math.sqrt(2 * e.q!);
  const f = (t: number): number => handDensity(e, t);
  const lo = f(-t0) >= 0 ? -t0 : bisect(f, -t0, (e.nu! * e.ux!) / (e.k! * e.r!));
  const hi = f(t0) >= 0 ? t0 : bisect(f, (e.nu! * e.ux!) / (e.k! * e.r!), t0);
  if (!(lo < hi)) return 0;
  const half = 0.5 * (hi - lo);
  const mid = 0.5 * (hi + lo);
  return GAUSS5.reduce((s, [x, wt]) => s + wt * half * w(mid + half * x) * f(mid + half * x), 0);
}

describe('the small-penetration expansion (4.1)–(4.3)', () => {
  it('r(cos ϑ₀ − cos ϑ) → r(ϑ² − ϑ₀²)/2 and Ẏ = u_y − uₓ tan ϑ → u_y − ϑuₓ', () => {
    const orders = { theta: 1, theta0: 1, ux: 1, uy: 2 };
    expect(truncateSmall(p('r*(cos(theta0) - cos(theta))'), { orders, keep: 2 })).toBe(simplify(p('r*(theta^2 - theta0^2)/2')));
    expect(truncateSmall(p('uy - ux*tan(theta)'), { orders, keep: 2 })).toBe(simplify(p('uy - theta*ux')));
  });
  it('the disk’s density becomes r[kr(q − ϑ²/2) + νr q̇ + νuₓϑ] and its penetration r(q − ϑ²/2), zero at ϑ = ±√(2q)', () => {
    const l = law(diskSpec());
    expect(l.density).toBe(simplify(p('r*(k*r*(q - theta^2/2) + nu*r*qd + nu*ux*theta)')));
    expect(l.penetration).toBe(simplify(p('r*(q - theta^2/2)')));
    expect(l.to).toBe(tidy(p('sqrt(2*q)')));
    expect(l.from).toBe(neg(l.to));
  });
});

describe('vertical impact of a non-rotating disk (§5)', () => {
  const l = law(diskSpec({ ux: '0' }));
  it('has two regimes: compression on the whole arc while q̇ ≥ 0, restitution inside it while q̇ < 0 and q + νq̇/k > 0', () => {
    expect(l.regimes.map((r) => r.name)).toEqual(['whole', 'both-inner']);
    expect(conditions(regime(l, 'whole'))).toEqual(['qd >= 0']);
    expect(conditions(regime(l, 'both-inner'))).toEqual(['qd < 0', 'k*q + nu*qd > 0']);
    // Separation where the inner patch shrinks to a point: q + νq̇/k = 0 (§5).
    expect(l.separation).toBe(simplify(p('k*q + nu*qd')));
  });
  it('compression: F_y = (4√2/3)kr²q^{3/2} + 2√2νr²q^{1/2}q̇ (5.3)', () => {
    expect(regime(l, 'whole').resultants.Fy).toBe(simplify(p('(4*sqrt(2)/3)*k*r^2*q^(3/2) + 2*sqrt(2)*nu*r^2*q^(1/2)*qd')));
  });
  it('restitution: F_y = (4√2/3)kr²(q + νq̇/k)^{3/2} (5.4), on the arc |ϑ| < √(2(q + νq̇/k)) (5.1)', () => {
    const r = regime(l, 'both-inner');
    expect(r.resultants.Fy).toBe(tidy(p('(4*sqrt(2)/3)*k*r^2*(q + nu*qd/k)^(3/2)')));
    expect(r.upper.value).toBe(tidy(p('sqrt(2*(q + nu*qd/k))')));
    expect(r.lower.kind).toBe('density-zero');
    const g = rng(3);
    for (let i = 0; i < 20; i++) {
      const env = { k: uniform(g, 0.5, 3), r: uniform(g, 0.2, 2), nu: uniform(g, 0.1, 2), q: uniform(g, 1e-4, 1e-2) };
      const qd = (-uniform(g, 0, 0.999) * (env.k * env.q)) / env.nu;
      const e = { ...env, qd, ux: 0 };
      const paper = ((4 * Math.SQRT2) / 3) * env.k * env.r ** 2 * (env.q + (env.nu * qd) / env.k) ** 1.5;
      expectClose(at(r.resultants.Fy!, e), paper, 1e-12);
      expectClose(
        at(r.resultants.Fy!, e),
        quadrature(e, () => 1),
        1e-12,
      );
    }
  });
  it('the force is continuous: both laws agree at q̇ = 0 and restitution’s vanishes at separation', () => {
    const whole = regime(l, 'whole').resultants.Fy!;
    const inner = regime(l, 'both-inner').resultants.Fy!;
    expect(tidy(put(inner, { qd: '0' }))).toBe(tidy(put(whole, { qd: '0' })));
    expect(simplify(put(inner, { qd: '-k*q/nu' }))).toBe(ZERO);
  });
  it('Coulomb friction: F_x = −σλF_y and M = −σλrF_y in both regimes (the ϑ-moment vanishes by symmetry)', () => {
    for (const r of l.regimes) {
      expect(simplify(mul(r.resultants.Fx!, p('-1/(sigma*lambda)')))).toBe(simplify(r.resultants.Fy!));
      expect(simplify(mul(r.resultants.M!, p('-1/(sigma*lambda*r)')))).toBe(simplify(r.resultants.Fy!));
    }
  });
  it('states the contact itself (q > 0) when the depth is not declared positive', () => {
    const free = law(diskSpec({ ux: '0' }, { positive: POSITIVE.filter((s) => s !== 'q') }));
    expect(free.regimes.map(conditions)).toEqual([
      ['q > 0', 'qd >= 0'],
      ['q > 0', 'qd < 0', 'k*q + nu*qd > 0'],
    ]);
  });
  it('with adhesion the compression law holds for either sign of q̇', () => {
    const glued = law(diskSpec({ ux: '0' }, { adhesion: true }));
    expect(glued.regimes.map((r) => [r.name, r.conditions.length])).toEqual([['whole', 0]]);
    expect(glued.regimes[0]!.resultants.Fy).toBe(regime(l, 'whole').resultants.Fy);
  });
});

describe('equilibrium (4.7)', () => {
  /** The static disk with its geometry given by the half-angle ϑ₀ of the arc. */
  const staticArc = (extra: Partial<PatchSpec>): PatchSpec => ({
    variable: 'theta',
    geometry: { from: p('-theta0'), to: p('theta0') },
    density: p('k*r*(cos(theta) - cos(theta0))*r*cos(theta)'),
    resultants: { Fy: p('1') },
    ...extra,
  });
  it('the static arc balances mg at ϑ₀ = (3/2)^{1/3}ε, ε = (mg/(kr²))^{1/3}', () => {
    // F_y = (2/3)kr²ϑ₀³ and ϑ₀ = (3mg/(2kr²))^{1/3}.
    const halfAngle = law(staticArc({ expansion: { orders: { theta: 1, theta0: 1 }, keep: 2 }, positive: POSITIVE }));
    const Fy = regime(halfAngle, 'whole').resultants.Fy!;
    expect(Fy).toBe(simplify(p('(2/3)*k*r^2*theta0^3')));
    expect(balance(Fy, 'theta0', p('m*g'), POSITIVE)).toBe(tidy(p('(3/2)^(1/3)*(m*g/(k*r^2))^(1/3)')));
  });
  it('by the depth: q balancing mg gives the same half-angle √(2q)', () => {
    const l = law(diskSpec({ ux: '0', qd: '0' }));
    const q = balance(regime(l, 'whole').resultants.Fy!, 'q', p('m*g'), POSITIVE)!;
    const theta0 = subs(l.to, new Map([['q', q]]));
    const g = rng(5);
    for (let i = 0; i < 10; i++) {
      const env = { m: uniform(g, 0.1, 5), g: 9.81, k: uniform(g, 1e3, 1e6), r: uniform(g, 0.05, 1) };
      expectClose(at(theta0, env), ((1.5 * env.m * env.g) / (env.k * env.r ** 2)) ** (1 / 3), 1e-13);
    }
  });
  it('the exact arc r²(ϑ₀ − sin ϑ₀ cos ϑ₀) has the leading order (2/3)r²ϑ₀³ with relative correction −ϑ₀²/5', () => {
    // No expansion; adhesion, since the static density is ≥ 0 on the arc anyway.
    const exact = law(staticArc({ adhesion: true })).regimes[0]!.resultants.Fy!;
    for (const t0 of [0.3, 0.1, 0.03, 0.01]) {
      const env = { k: 2, r: 0.7, theta0: t0 };
      // ϑ₀ − sin ϑ₀ cos ϑ₀ cancels to ϑ₀³: both sides carry rounding of the size of kr²ϑ₀.
      expectClose(at(exact, env), 2 * 0.49 * (t0 - Math.sin(t0) * Math.cos(t0)), 1e-13, 2 * 0.49 * t0);
      const ratio = at(exact, env) / ((2 / 3) * 2 * 0.49 * t0 ** 3);
      expect(Math.abs(ratio - (1 - (t0 * t0) / 5))).toBeLessThan(t0 ** 4);
    }
  });
});

describe('rolling: the resistance from viscosity (3.1)–(3.2), (12.2)–(12.5)', () => {
  // Steady rolling at the depth q: q̇ = 0, uₓ ≠ 0. The front of the arc is
  // being pressed, the back released: for uₓ > 0 the patch is [ϑ₋, ϑ₀] with
  // ϑ₋ of (4.5).
  const l = law(diskSpec({ qd: '0' }));
  const forward = regime(l, 'lower-inner');
  it('regimes by the direction of motion: [ϑ₋, ϑ₀] for uₓ > 0, [−ϑ₀, ϑ₊] for uₓ < 0, the whole arc at rest', () => {
    expect(l.regimes.map((r) => [r.name, conditions(r)])).toEqual([
      ['whole', ['ux = 0']],
      ['lower-inner', ['ux > 0']],
      ['upper-inner', ['ux < 0']],
    ]);
  });
  it('ϑ₋ = νuₓ/(kr) − √(ν²uₓ²/(k²r²) + ϑ₀²) (4.5), and F_x, F_y, M equal a quadrature of the hand-written density', () => {
    const g = rng(11);
    for (let i = 0; i < 20; i++) {
      const e = {
        k: uniform(g, 0.5, 3),
        r: uniform(g, 0.2, 2),
        nu: uniform(g, 0.1, 2),
        q: uniform(g, 1e-4, 1e-2),
        ux: uniform(g, 1e-3, 1),
        qd: 0,
        sigma: g() < 0.5 ? -1 : 1,
        lambda: uniform(g, 0, 1),
      };
      const c = (e.nu * e.ux) / (e.k * e.r);
      expectClose(at(forward.lower.value, e), c - Math.sqrt(c * c + 2 * e.q), 1e-12);
      expectClose(
        at(forward.resultants.Fy!, e),
        quadrature(e, () => 1),
        1e-11,
      );
      expectClose(
        at(forward.resultants.Fx!, e),
        quadrature(e, (t) => -(e.sigma * e.lambda + t)),
        1e-11,
        at(forward.resultants.Fy!, e) * 1e-3,
      );
      expectClose(
        at(forward.resultants.M!, e),
        quadrature(e, () => -e.sigma * e.lambda * e.r),
        1e-11,
      );
    }
  });
  it('the resistance −∫ϑ dF_y is −P·c(1 − (3/4)c/ϑ₀ + O(c²)), c = νuₓ/(kr), P = (2/3)kr²ϑ₀³ the load: proportional to load and speed', () => {
    const resistance = subs(forward.resultants.Fx!, new Map([['sigma', ZERO]]));
    const P = regime(law(diskSpec({ ux: '0', qd: '0' })), 'whole').resultants.Fy!;
    const expected = subs(
      p('-P*c*(1 - (3/4)*c/t0)'),
      new Map([
        ['P', P],
        ['c', p('nu*ux/(k*r)')],
        ['t0', l.to],
      ]),
    );
    expect(tidy(truncateSmall(resistance, { orders: { ux: 1 }, keep: 2 }))).toBe(tidy(expected));
  });
  it('no slip: M = −r(F_res + mg sin α)/3 and u̇ₓ = (2/3)(F_res/m + g sin α) (12.2), so M ≈ (r/3)·P·c on the level', () => {
    // mu̇ₓ = F_x + mg sin α, (mr²/2)ω̇ = M, u̇ₓ + rω̇ = 0, with F_x and M
    // linear in σ (the friction that keeps the slip zero).
    const dFx = diff(forward.resultants.Fx!, 'sigma');
    const dM = diff(forward.resultants.M!, 'sigma');
    const Fres = subs(forward.resultants.Fx!, new Map([['sigma', ZERO]]));
    const g = rng(13);
    for (let i = 0; i < 10; i++) {
      const e = {
        k: uniform(g, 0.5, 3),
        r: uniform(g, 0.2, 2),
        nu: uniform(g, 0.1, 2),
        q: uniform(g, 1e-4, 1e-2),
        ux: uniform(g, 1e-3, 1),
        qd: 0,
        lambda: 0.5,
        m: uniform(g, 0.5, 2),
        g: 9.81,
        alpha: uniform(g, 0, 0.2),
      };
      const [a, b, cM, weight] = [at(dFx, e), at(Fres, e), at(dM, e), e.m * e.g * Math.sin(e.alpha)];
      // Zero slip acceleration: (σa + b + mg sin α)/m + 2σcM/(mr) = 0.
      const sigma = -(b + weight) / (a + (2 * cM) / e.r);
      expectClose(sigma * cM, (-e.r * (b + weight)) / 3, 1e-12);
      expectClose((sigma * a + b + weight) / e.m, (2 / 3) * ((b + weight) / e.m), 1e-12);
    }
    const P = regime(law(diskSpec({ ux: '0', qd: '0' })), 'whole').resultants.Fy!;
    expect(tidy(truncateSmall(mul(p('-r/3'), Fres), { orders: { ux: 1 }, keep: 1 }))).toBe(tidy(mul(p('r/3*nu*ux/(k*r)'), P)));
  });
  it('on an incline the disk rolls at the steady speed kr·tan α/ν (12.5), to (1 + (3/4)tan α/ϑ₀)', () => {
    const Fres = subs(forward.resultants.Fx!, new Map([['sigma', ZERO]]));
    const P = regime(law(diskSpec({ ux: '0', qd: '0' })), 'whole').resultants.Fy!;
    const depth = balance(P, 'q', p('m*g*cos(alpha)'), POSITIVE)!;
    for (const [alpha, k] of [
      [1e-4, 1e4],
      [3e-4, 1e5],
      [1e-5, 1e3],
    ] as const) {
      const e = { k, r: 0.3, nu: 20, m: 1.5, g: 9.81, alpha, qd: 0 };
      const q = at(depth, e);
      const force = (u: number): number => at(Fres, { ...e, q, ux: u }) + e.m * e.g * Math.sin(alpha);
      const steady = bisect(force, 1e-12, (10 * (k * e.r * Math.tan(alpha))) / e.nu);
      const ratio = steady / ((k * e.r * Math.tan(alpha)) / e.nu);
      const c0 = Math.tan(alpha) / Math.sqrt(2 * q);
      expect(Math.abs(ratio - 1 - 0.75 * c0)).toBeLessThan(3 * c0 * c0);
    }
  });
});

describe('sliding (11.2): the slip decelerates iff tan α < 3λ', () => {
  it('u̇ₓ + rω̇ = g(sin α − 3σλ cos α) with F_x = −σλF_y, M = −σλrF_y and F_y = mg cos α', () => {
    const r = regime(law(diskSpec({ ux: '0', qd: '0' })), 'whole');
    const Fy = r.resultants.Fy!;
    // (F_x + mg sin α)/m + 2M/(mr) per g, with the load F_y = mg cos α.
    const slip = p('sin(alpha) + (Fx + 2*M/r)*cos(alpha)/Fy');
    const perG = subs(
      slip,
      new Map([
        ['Fx', r.resultants.Fx!],
        ['M', r.resultants.M!],
        ['Fy', Fy],
      ]),
    );
    expect(simplify(perG)).toBe(simplify(p('sin(alpha) - 3*sigma*lambda*cos(alpha)')));
    // Forward slip (σ = 1) decelerates iff tan α < 3λ.
    for (const [alpha, lambda] of [
      [0.5, 0.2],
      [0.6, 0.2],
      [0.1, 0.03],
      [0.09, 0.03],
    ] as const) {
      expect(at(perG, { alpha, lambda, sigma: 1 }) < 0).toBe(Math.tan(alpha) < 3 * lambda);
    }
  });
});

describe('what the engine refuses', () => {
  const base = { variable: 'theta', geometry: { from: p('-1'), to: p('1') }, resultants: { F: p('1') } } as const;
  it('a clamped density that is not a concave quadratic (cubic, convex)', () => {
    for (const density of ['1 - theta^3', 'theta^2 - 1/4']) {
      const out = derivePatchLaw({ ...base, density: p(density) });
      expect(out.kind).toBe('unsupported');
    }
  });
  it('a resultant outside the integrable class', () => {
    const out = derivePatchLaw({ ...base, density: p('1 - theta^2'), resultants: { F: p('exp(theta)') } });
    expect(out).toEqual({ kind: 'unsupported', reason: expect.stringContaining("resultant 'F'") });
  });
});

describe('a model’s patches: derivations/viscoelastic-disk.ts through derivePatches', () => {
  const system = deriveSystem(buildModel(disk));
  const t = system.patches!.terms[0]!;
  const P = Object.fromEntries(system.model.parameters.map((q) => [q.name, q.default])) as Record<string, number>;
  const state = (q: number, xd: number, yd: number, phid: number): Env => ({ ...P, x: 0, y: P.r! * (1 - q), phi: 0, "x'": xd, "y'": yd, "phi'": phid });
  it('ϑ₀ = (3/2)^{1/3}ε, ε = (mg/(kr²))^{1/3}, and the depth (9/32)^{1/3}ε² (4.7), (§8)', () => {
    const eps = ((P.m! * P.g!) / (P.k! * P.r! ** 2)) ** (1 / 3);
    expectClose(at(t.equilibrium!.halfWidth, P), 1.5 ** (1 / 3) * eps, 1e-14);
    expectClose(at(t.equilibrium!.depth, P), (9 / 32) ** (1 / 3) * eps * eps, 1e-14);
  });
  it('gap −q = y/r − 1, its rate ẏ/r; the regimes of the full law (uₓ and q̇ free)', () => {
    expect(toText(t.gap)).toBe('-1 + r^(-1)*y');
    expect(toText(t.gapRate)).toBe("r^(-1)*y'");
    expect(t.regimes.map((g) => g.name)).toEqual(['whole', 'lower-inner', 'upper-inner', 'both-inner']);
  });
  it('at zero slip the friction sign keeps the slip rate zero: u̇ₓ + rω̇ = (Q_x + mg sin α)/m + 2Q_φ/(mr) = 0 with |σ| < 1', () => {
    const g = rng(17);
    for (let i = 0; i < 10; i++) {
      const xd = uniform(g, -3, 3);
      const e = { ...state(uniform(g, 5e-4, 2e-3), xd, uniform(g, -0.05, 0), -xd / P.r!), alpha: uniform(g, 0, 0.3) };
      const regime = t.regimes.find((r) =>
        r.conditions.every((c) =>
          c.relation === '>' ? at(c.expr, e) > 0 : c.relation === '<' ? at(c.expr, e) < 0 : c.relation === '>=' ? at(c.expr, e) >= 0 : at(c.expr, e) <= 0,
        ),
      )!;
      expect(Math.abs(at(regime.sign!, e))).toBeLessThan(1);
      const [Qx, , Qphi] = regime.force.map((f) => at(f, e));
      expectClose((Qx! + P.m! * P.g! * Math.sin(e.alpha)) / P.m! + (2 * Qphi!) / (P.m! * P.r!), 0, 1e-9, Math.abs(Qx!) / P.m!);
    }
  });
  it('the switching function is the normal resultant in contact, 0 outside, −|separation| once the foundation has let go', () => {
    expectClose(at(t.normalEverywhere, state(1e-3, 0, -0.1, 0)), at(t.regimes[0]!.normal, state(1e-3, 0, -0.1, 0)), 1e-14);
    expect(at(t.normalEverywhere, state(-1e-3, 0, -0.1, 0))).toBe(0);
    expect(at(t.normalEverywhere, state(1e-3, 0, 1, 0))).toBeLessThan(0);
  });
  it('motion along the normal (uₓ = 0, the depth’s rate q̇ kept) is the vertical impact’s law of §5, (5.3)–(5.4)', () => {
    const along = t.normalMotion!;
    expect(along.zero).toEqual(['ux']);
    const vertical = law(diskSpec({ ux: '0' }));
    expect(along.law.regimes.map((g) => [g.name, conditions(g)])).toEqual([
      ['whole', ['zetadot >= 0']],
      ['both-inner', ['zetadot < 0', 'k*zeta + nu*zetadot > 0']],
    ]);
    // The model names the depth ζ (the paper's q), this test's law q.
    const renamed = (e: Expr): Expr =>
      subs(
        e,
        new Map([
          ['q', p('zeta')],
          ['qd', p('zetadot')],
        ]),
      );
    for (const name of ['whole', 'both-inner'] as const) expect(regime(along.law, name).resultants.Fy).toBe(renamed(regime(vertical, name).resultants.Fy));
    // The same separation k ζ + ν ζ̇ as the vertical law's, whatever order its terms are kept in.
    expect(simplify(add(along.law.separation!, neg(p('k*zeta + nu*zetadot'))))).toBe(ZERO);
  });
  it('a convex density is a bad-patch derivation error on the density field', () => {
    const convex = { ...disk, patches: [{ ...disk.patches![0]!, density: 'k*r*(zeta + vartheta^2)' }] };
    const err = thrown(() => deriveSystem(buildModel(convex)), MechanicsError);
    expect([err.code, err.kind, err.where.field]).toEqual(['bad-patch', 'derivation', 'patches[0].density']);
    expect(err.message).toContain('not concave in vartheta');
  });
});
