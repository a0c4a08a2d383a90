import { describe, expect, it } from 'vitest';
import { buildModel } from '../../../src/model/index.js';
import { deriveSystem } from '../../../src/derive/system.js';
import { parseExpr } from '../../../src/core/parse.js';
import { subs } from '../../../src/core/subs.js';
import { sym, ZERO } from '../../../src/core/expr.js';
import { preImpactName } from '../../../src/model/names.js';
import bouncingBall from '../../../derivations/bouncing-ball.js';
import fallingRod from '../../../derivations/falling-rod.js';
import kozlov from '../../../derivations/kozlov-release.js';
import pendulumWall from '../../../derivations/pendulum-wall.js';
import { rimlessWheel, rimlessWheelStance } from '../../../derivations/rimless-wheel.js';
import compassWalker from '../../../derivations/compass-walker.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { rng } from '../../helpers/random.js';

const withMinus = (src: string, names: string[]) => subs(parseExpr(src), new Map(names.map((x) => [`${x}m`, sym(preImpactName(x))])));

describe('bouncing ball: the single-impact map derived without a declared scenario', () => {
  const im = deriveSystem(buildModel(bouncingBall)).unilateral!.impactMaps;
  it('is Newton’s law ẏ⁺ = −e ẏ⁻ with impulse −m(1 + e)ẏ⁻', () => {
    expect(im).toHaveLength(1);
    const [mode] = im[0]!.modes;
    expect(mode!.qdPlus[0]).toBe(withMinus('-e*ym', ['y']));
    expect(mode!.impulses.get('floor.n')).toBe(withMinus('-m*(1 + e)*ym', ['y']));
  });
});

describe('Kozlov’s point on a line: plastic single impact', () => {
  it('stops the normal velocity and keeps the tangential one', () => {
    const [mode] = deriveSystem(buildModel(kozlov)).unilateral!.impactMaps[0]!.modes;
    expect(mode!.qdPlus).toEqual([sym(preImpactName('x')), parseExpr('0')]);
  });
});

describe('double pendulum at a wall: configuration-dependent M', () => {
  // Its scenario keeps the configuration general (at: {}), as Kugushev–Sorokina's (1.4) does.
  it('gets the impact map at a general configuration: Newton’s law reverses the wall’s normal velocity with e, at random states', () => {
    const u = deriveSystem(buildModel(pendulumWall)).unilateral!;
    const [map] = u.impactMaps;
    expect(map!.modes).toHaveLength(1);
    const row = u.contacts[0]!.normal.row;
    const r = rng(7);
    for (let k = 0; k < 20; k++) {
      const env: Record<string, number> = {
        m1: 1 + r(),
        m2: 1 + r(),
        l1: 0.5 + r(),
        l2: 0.5 + r(),
        d: 1,
        g: 9.81,
        e: r(),
        q1: 2 * r() - 1,
        q2: 2 * r() - 1,
        "q1'-": 2 * r() - 1,
        "q2'-": 2 * r() - 1,
      };
      const at = { ...env, "q1'": env["q1'-"]!, "q2'": env["q2'-"]! };
      const rate = (qd: readonly number[]) => row.reduce((s, c, i) => s + evaluate(c, at) * qd[i]!, 0);
      const before = [env["q1'-"]!, env["q2'-"]!];
      const after = map!.modes[0]!.qdPlus.map((e) => evaluate(e, env));
      expect(rate(after)).toBeCloseTo(-env.e! * rate(before), 12);
    }
  });
});

describe('a point-mass rimless wheel (I* = 0): M = diag(2m, 2m, 2ml²I*) singular, the contact phase and impact map regular', () => {
  // constrainedSolve eliminates the held rows (y = p + N y_F) and solves
  // NᵀMN, so it needs M positive definite only on the rows' null space: the
  // closed forms stay finite at I* = 0, where M⁻¹ does not exist.
  const u = deriveSystem(buildModel(rimlessWheel(3))).unilateral!;
  const env = { m: 1, l: 1, g: 9.81, gamma: 0.1, Istar: 0, x: 0, y: Math.cos(0.3), psi: 0.3, "x'": -0.5, "y'": 0.2, "psi'": -1 };

  it('standing on spoke 0 it is an inverted pendulum on the slope: ψ̈ = (g/l) sin(ψ − γ)', () => {
    const phase = u.phases.find((p) => p.active.length === 1 && p.active[0] === 0)!;
    expect(evaluate(phase.explicit!.qdd[2]!, env)).toBeCloseTo(9.81 * Math.sin(0.3 - 0.1), 12);
  });

  it('spoke 1 striking with spoke 0 lifting gives ψ̇⁺ = ψ̇⁻ cos 2α, (2.6) at I* = 0', () => {
    const [map] = u.impactMaps;
    const lifts = map!.modes.find((mode) => mode.stays.length === 0)!;
    const at = { ...env, [preImpactName('psi')]: -1.3 };
    expect(evaluate(lifts.qdPlus[2]!, at)).toBeCloseTo(-1.3 * Math.cos((2 * Math.PI) / 3), 12);
  });
});

describe('the falling rod’s end A striking alone: Newton on the normal, Coulomb on the slip', () => {
  // By hand: N = ∂(y − l sin θ)/∂q = (0, 1, −l cos θ), S = ∂(x − l cos θ)/∂q = (1, 0, l sin θ),
  // M = diag(m, m, m l²/3).
  const map = deriveSystem(buildModel(fallingRod)).unilateral!.impactMaps[0]!;
  const [stick, slide] = map.modes;
  const r = rng(7);
  const states = Array.from({ length: 20 }, () => {
    const th = 0.1 + 1.3 * r(),
      d = r() < 0.5 ? -1 : 1;
    return { m: 0.5 + r(), l: 0.3 + r(), e: r(), mu: 2 * r(), theta: th, "x'-": 2 * r() - 1, "y'-": -1 - r(), "theta'-": 4 * r() - 2, 'sgn_s[endA]': d };
  });
  const check = (mode: typeof stick, env: Record<string, number>, impulse: (n: number) => number[]) => {
    const { m, l, e, theta } = env as Record<string, number>;
    const N = [0, 1, -l * Math.cos(theta)],
      S = [1, 0, l * Math.sin(theta)],
      M = [m, m, (m * l * l) / 3];
    const before = [env["x'-"]!, env["y'-"]!, env["theta'-"]!];
    const after = mode!.qdPlus.map((x) => evaluate(x, env));
    const dot = (a: number[], v: number[]) => a.reduce((s, ai, i) => s + ai * v[i]!, 0);
    expect(dot(N, after)).toBeCloseTo(-e * dot(N, before), 10);
    const dn = evaluate(mode!.impulses.get('endA.n')!, env),
      dt = evaluate(mode!.impulses.get('endA.s')!, env);
    const force = impulse(dn);
    for (let i = 0; i < 3; i++) expect(M[i]! * (after[i]! - before[i]!)).toBeCloseTo(N[i]! * dn + S[i]! * dt, 10);
    expect(force[1]).toBeCloseTo(dt, 10);
    return { after, S, dot };
  };

  it('sticking: the end stops sliding, ṡ⁺ = 0, the impulse N Δμ + S Δν', () => {
    expect(stick!.friction).toBe('stick');
    for (const env of states) {
      const dt = evaluate(stick!.impulses.get('endA.s')!, env);
      const { after, S, dot } = check(stick, env, () => [0, dt]);
      expect(dot(S, after)).toBeCloseTo(0, 10);
    }
  });

  it('sliding in the direction d: the tangential impulse is −μ d Δμ', () => {
    expect(slide!.friction).toBe('slide');
    for (const env of states) check(slide, env, (dn) => [dn, -env.mu! * env['sgn_s[endA]']! * dn]);
  });
});

describe('the compass walker standing on foot 2: the compass-gait stance equations (Goswami et al. 1998) in closed form', () => {
  // Typed from the reduced Lagrangian, independently of the toolkit: foot 2 pinned at the origin, the hip at
  // l(−sin a2, cos a2), the swing leg's mass b below it along a1, the stance leg's at (l − b)(−sin a2, cos a2);
  // height along the slope's normal y cos γ − x sin γ. With c, s = cos, sin(a1 − a2):
  //   m b² ä1 − m b l c ä2 − m b l s ȧ2² + m b g sin(a1 − γ) = 0,
  //   −m b l c ä1 + (m_H l² + m l² + m (l − b)²) ä2 + m b l s ȧ1² − g (m_H l + m (2l − b)) sin(a2 − γ) = 0.
  const u = deriveSystem(buildModel(compassWalker)).unilateral!;
  const phase = u.phases.find((p) => p.active.length === 1 && p.active[0] === 1)!;

  it('is solved in closed form (it was skipped as "dependent or too large" with n = 4), and matches the 2×2 system at random states', () => {
    expect(phase.explicit).toBeDefined();
    const r = rng(11);
    for (let k = 0; k < 20; k++) {
      const p = { mH: 5 + 10 * r(), m: 1 + 5 * r(), l: 0.5 + r(), b: 0.1 + 0.4 * r(), g: 9.81, gamma: 0.1 * r() };
      const a1 = r() - 0.5,
        a2 = r() - 0.5,
        a1d = 4 * r() - 2,
        a2d = 4 * r() - 2;
      const env = {
        ...p,
        x: -p.l * Math.sin(a2),
        y: p.l * Math.cos(a2),
        a1,
        a2,
        "x'": -p.l * Math.cos(a2) * a2d,
        "y'": -p.l * Math.sin(a2) * a2d,
        "a1'": a1d,
        "a2'": a2d,
      };
      const c = Math.cos(a1 - a2),
        s = Math.sin(a1 - a2);
      const M = [
        [p.m * p.b ** 2, -p.m * p.b * p.l * c],
        [-p.m * p.b * p.l * c, p.mH * p.l ** 2 + p.m * p.l ** 2 + p.m * (p.l - p.b) ** 2],
      ];
      const rhs = [
        p.m * p.b * p.l * s * a2d ** 2 - p.m * p.b * p.g * Math.sin(a1 - p.gamma),
        -p.m * p.b * p.l * s * a1d ** 2 + p.g * (p.mH * p.l + p.m * (2 * p.l - p.b)) * Math.sin(a2 - p.gamma),
      ];
      const det = M[0]![0]! * M[1]![1]! - M[0]![1]! ** 2;
      // det = m b² (m (l − b)² + m_H l² + m l² sin²(a1 − a2)): the report's D.
      expect(det).toBeCloseTo(p.m * p.b ** 2 * (p.m * (p.l - p.b) ** 2 + p.mH * p.l ** 2 + p.m * p.l ** 2 * s ** 2), 9);
      const a1dd = (rhs[0]! * M[1]![1]! - M[0]![1]! * rhs[1]!) / det;
      const a2dd = (M[0]![0]! * rhs[1]! - M[1]![0]! * rhs[0]!) / det;
      expect(evaluate(phase.explicit!.qdd[2]!, env)).toBeCloseTo(a1dd, 9);
      expect(evaluate(phase.explicit!.qdd[3]!, env)).toBeCloseTo(a2dd, 9);
    }
  });

  it('is the mirror image of the stance on foot 1, a1 ↔ a2: printed in that phase’s forms, its densities too', () => {
    expect(phase.mirror).toEqual({ of: 0, swap: ['a1', 'a2'] });
    // σ̇2, ν̇2 standing on foot 2 at (a1, a2) are σ̇1, ν̇1 standing on foot 1 at (a2, a1), the rates exchanged alike.
    const stance1 = u.phases[0]!.explicit!;
    const env = { mH: 10, m: 5, l: 1, b: 0.5, g: 9.81, gamma: 0.05, x: 0.1, y: 0.9, a1: 0.3, a2: -0.2, "x'": 0.4, "y'": 0.1, "a1'": -1.1, "a2'": -0.4 };
    const mirrored = { ...env, a1: env.a2, a2: env.a1, "a1'": env["a2'"], "a2'": env["a1'"] };
    phase.explicit!.multipliers.forEach((e, k) => expect(evaluate(e, env)).toBeCloseTo(evaluate(stance1.multipliers[k]!, mirrored), 9));
    expect(u.phases[2]!.mirror).toBeUndefined();
  });
});

describe('the compass walker on both feet: 4 rows fix its 4 coordinates, so it stands still under static reactions', () => {
  // Statics typed independently: foot i at hip + l(sin ai, −cos ai) takes (ν_i, σ_i) along the slope and its normal,
  // gravity is g(sin γ, −cos γ) per mass. The whole: ν1 + ν2 + (m_H + 2m) g sin γ = 0, σ1 + σ2 = (m_H + 2m) g cos γ;
  // each leg's moments about the hinge: l (σ_i sin ai + ν_i cos ai) = m g b sin(ai − γ).
  const u = deriveSystem(buildModel(compassWalker)).unilateral!;
  const phase = u.phases.find((p) => p.active.length === 2)!;
  it('has no motion: q̇ = 0 from the rows, q̈ = 0', () => {
    expect(phase.fixed!.qd.every((e) => e === ZERO)).toBe(true);
    expect(phase.fixed!.qdd.every((e) => e === ZERO)).toBe(true);
  });
  it('its densities balance gravity on the whole and on each leg, at random states', () => {
    const r = rng(5);
    for (let k = 0; k < 10; k++) {
      const p = { mH: 5 + 10 * r(), m: 1 + 5 * r(), l: 0.5 + r(), b: 0.1 + 0.4 * r(), g: 9.81, gamma: 0.1 * r() };
      const a1 = 0.2 + 0.3 * r(),
        a2 = -0.2 - 0.3 * r();
      const env = { ...p, x: -p.l * Math.sin(a2), y: p.l * Math.cos(a2), a1, a2 };
      const at = (label: string) => evaluate(phase.fixed!.multipliers[phase.rows.findIndex((row) => row.label === label)]!, env);
      const [s1, n1, s2, n2] = [at('foot1.n'), at('foot1.t'), at('foot2.n'), at('foot2.t')];
      const W = (p.mH + 2 * p.m) * p.g;
      expect(n1 + n2 + W * Math.sin(p.gamma)).toBeCloseTo(0, 9);
      expect(s1 + s2).toBeCloseTo(W * Math.cos(p.gamma), 9);
      for (const [s, n, a] of [
        [s1, n1, a1],
        [s2, n2, a2],
      ] as const)
        expect(p.l * (s * Math.sin(a) + n * Math.cos(a))).toBeCloseTo(p.m * p.g * p.b * Math.sin(a - p.gamma), 9);
    }
  });
  it('a phase with fewer rows than coordinates is not fixed (standing on foot 2)', () => {
    expect(u.phases.find((p) => p.active.length === 1)!.fixed).toBeUndefined();
  });
});

describe('the wheel with legs: spoke 1 approaches only for ψ̇⁻ < 0, so ψ̇⁻ > 0 has no impact (rubanovich1981 (1.6))', () => {
  const im = deriveSystem(buildModel(rimlessWheelStance())).unilateral!.impactMaps[0]!;
  it('its normal velocity before is 2l sin α ψ̇⁻ (spoke 0 pinned at ψ = −α: ẏ = l sin α ψ̇, and spoke 1 adds l sin α ψ̇)', () => {
    for (const [alpha, psi] of [
      [0.3, -1.2],
      [1.1, 0.4],
    ] as const)
      expect(evaluate(im.approach, { l: 0.7, alpha, [preImpactName('psi')]: psi })).toBeCloseTo(2 * 0.7 * Math.sin(alpha) * psi, 12);
  });
  it('approaches for every α ∈ (0, π/2) when ψ̇⁻ < 0, never when ψ̇⁻ > 0', () => {
    expect(im.approaching).toEqual({ velocity: preImpactName('psi'), negative: 'always', positive: 'never' });
  });
});
