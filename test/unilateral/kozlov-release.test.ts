// Kozlov 1988, §2, (2.3)–(2.4) (derivations/kozlov-release.ts): a unit mass
// point under the force (0, −g) for x ≤ 0, pressing onto the line y = 0, and
// (0, g) for x > 0, pulling off it, with y ≥ 0. From x = −1, ẋ = 1 on the
// line it slides until x = 0 (t = 1), then leaves: y = g(t − 1)²/2.
// On the contact phase ÿ = 0 = Q_y + σ̇, so σ̇ = −Q_y: +g (pressing) up to
// x = 0, −g after, which is the release condition σ̇ < 0 of §9.
import { describe, expect, it } from 'vitest';
import * as kozlov from '../../generated/kozlov-release.js';
import spec from '../../derivations/kozlov-release.js';
import { evaluate } from '../../src/core/evaluate.js';
import { buildModel } from '../../src/model/index.js';
import { deriveSystem } from '../../src/derive/system.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { rng, uniform } from '../helpers/random.js';

describe('Kozlov release: contact-phase multiplier σ̇', () => {
  const sys = deriveSystem(buildModel(spec));
  const phase = sys.unilateral!.phases.find((ph) => ph.active.length === 1 && ph.active[0] === 0)!;

  it('the derivation gives ẍ = ÿ = 0 and σ̇ = g up to x = 0, −g after, in closed form', () => {
    expect(phase.explicit).toBeDefined();
    expect(phase.explicit!.qdd.map((e) => evaluate(e, { x: 0.3, y: 0, g: 2 }))).toEqual([0, 0]);
    expect(phase.explicit!.multipliers).toHaveLength(1);
    // At x = 0 itself the force is still (0, −g), as §2 has it: the point is pressed there, not free.
    const sigma = (x: number): number => evaluate(phase.explicit!.multipliers[0]!, { x, y: 0, g: 2 });
    expect([sigma(-0.3), sigma(0), sigma(0.4)]).toEqual([2, 2, -2]);
  });

  it('σ̇ > 0 before x = 0 and < 0 after, from the derivation and from the generated contactAccelerations, at 50 random states', () => {
    const r = rng(24);
    for (let i = 0; i < 50; i++) {
      const x = uniform(r, -3, 3),
        xd = uniform(r, -2, 2),
        g = uniform(r, 0.1, 20);
      const symbolic = evaluate(phase.explicit!.multipliers[0]!, { x, y: 0, g, "x'": xd, "y'": 0 });
      const out = kozlov.contactAccelerations(0, [x, 0], [xd, 0], { g }, [true]);
      expect(out).toHaveLength(3);
      expect(Array.from(out.subarray(0, 2)).map(Math.abs)).toEqual([0, 0]);
      expect(out[2]).toBe(symbolic);
      expect(out[2]).toBe(x < 0 ? g : -g);
      // Free flight (nothing held): ÿ = g sign x.
      expect(kozlov.accelerations(0, [x, 0.5], [xd, 0], { g })[1]).toBe(x < 0 ? -g : g);
    }
  });
});

describe('Kozlov release: event-driven simulation', () => {
  const cases = [
    { x0: -1, xd0: 1, g: 1, tRelease: 1 },
    { x0: -1, xd0: 1, g: 9.81, tRelease: 1 },
    { x0: -2, xd0: 0.5, g: 3, tRelease: 4 },
  ];

  it.each(cases)('from x = $x0, ẋ = $xd0 (g = $g) it leaves the line at t = $tRelease to 1e-9, then y = g(t − t_r)²/2', ({ x0, xd0, g, tRelease }) => {
    const t1 = tRelease + 1.5;
    const run = simulate(kozlov, { q0: [x0, 0], qd0: [xd0, 0], t1, params: { g }, samples: 601 });
    // Held from the start ('contact'), released once, no impact.
    expect(run.events.map((ev) => ev.type)).toEqual(['contact', 'release']);
    expect(run.events[0]!.t).toBe(0);
    const release = run.events[1]!;
    expect(release.contacts).toEqual([0]);
    expect(Math.abs(release.t - tRelease)).toBeLessThan(1e-9);
    let worst = 0;
    run.t.forEach((t, i) => {
      const [x, y] = run.q[i]!;
      const [xd, yd] = run.qd[i]!;
      expect(Math.abs(x! - (x0 + xd0 * t))).toBeLessThan(1e-12 * (1 + Math.abs(x0) + t));
      expect(xd).toBeCloseTo(xd0, 12);
      const s = Math.max(0, t - tRelease);
      worst = Math.max(worst, Math.abs(y! - (g * s * s) / 2) / (g * 1.5 ** 2), Math.abs(yd! - g * s) / (g * 1.5));
      if (t < tRelease) expect(y).toBe(0);
    });
    expect(worst).toBeLessThan(1e-10);
  });

  it('σ̇ along the computed motion: +g while on the line, −g after x = 0 (where it would have to pull)', () => {
    const run = simulate(kozlov, { q0: [-1, 0], qd0: [1, 0], t1: 2, params: { g: 2 }, samples: 201 });
    run.t.forEach((t, i) => {
      if (Math.abs(t - 1) < 1e-9) return;
      const sigma = kozlov.contactAccelerations(t, run.q[i]!, run.qd[i]!, { g: 2 }, [true])[2];
      expect(sigma).toBe(t < 1 ? 2 : -2);
    });
  });
});
