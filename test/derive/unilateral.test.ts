import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/index.js';
import { deriveSystem } from '../../src/derive/system.js';
import { parseExpr } from '../../src/core/parse.js';
import { subs } from '../../src/core/subs.js';
import { sym } from '../../src/core/expr.js';
import { preImpactName } from '../../src/model/names.js';
import bouncingBall from '../../derivations/bouncing-ball.js';
import kozlov from '../../derivations/kozlov-release.js';
import pendulumWall from '../../derivations/pendulum-wall.js';

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
  it('gets no expanded closed-form map (the report prints the general formula (1.4) instead)', () => {
    expect(deriveSystem(buildModel(pendulumWall)).unilateral!.impactMaps).toEqual([]);
  });
});
