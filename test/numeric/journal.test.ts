// The round journal solved exactly (src/numeric/journal.ts) for Smirnov's
// pendulum (smirnov1981 §2, examples 3 and 4): it satisfies (★) with the
// moment f_r r |N| of its own N, agrees with the paper's iteration (2.6)
// (src/derive/friction/journal.ts), and has no consistent reaction for some
// state exactly from the threshold (2.5), f_r* = I√(1 + f²)/(r m l), typed
// from the paper.
import { describe, expect, it } from 'vitest';
import { axesJournal, pendulumHinge, type HingeState, type Journal } from '../../src/derive/friction/journal.js';
import { hingeReduce, roundJournal } from '../../src/numeric/journal.js';

const pendulum = { mass: 1, length: 0.5, inertia: 0.3, gravity: 9.81 };
const journal: Journal = { radius: 0.05, friction: 0.3, reduced: 0.35 };
const critical = (pendulum.inertia * Math.sqrt(1 + journal.friction ** 2)) / (journal.radius * pendulum.mass * pendulum.length);
const solve = (h: HingeState, j: Journal) =>
  roundJournal(hingeReduce(h.mass, h.force, h.rows, h.moment)!, h.bias, Math.sign(h.rate), j.radius, j.friction, j.reduced);

const states = Array.from({ length: 61 }, (_, i) => -3 + 0.1 * i).flatMap((phi) => [-3, -0.2, 0.2, 3].map((phidot) => [phi, phidot] as const));

describe('the round journal of the pendulum', () => {
  it('solves (★): M q̈ = Q + Jᵀ(N + f s J₉₀N) − f_r r s |N| w and J q̈ = bias', () => {
    for (const [phi, phidot] of states) {
      const h = pendulumHinge(pendulum, phi, phidot);
      const r = solve(h, journal);
      if (r.kind !== 'moving') throw new Error(`self-locking at ${phi}, ${phidot}`);
      const s = Math.sign(phidot);
      const [N, a] = [r.normal, r.accelerations];
      const force = [N[0] - journal.friction * s * N[1], N[1] + journal.friction * s * N[0]];
      const moment = -journal.reduced * journal.radius * s * Math.hypot(...N);
      expect(r.frictionMoment).toBeCloseTo(moment, 14);
      for (let c = 0; c < 3; c++) {
        const lhs = h.mass[c]!.reduce((x, m, k) => x + m * a[k]!, 0);
        const rhs = h.force[c]! + h.rows[0][c]! * force[0]! + h.rows[1][c]! * force[1]! + moment * h.moment[c]!;
        expect(Math.abs(lhs - rhs)).toBeLessThan(1e-12 * (1 + Math.abs(lhs)));
      }
      for (let i = 0; i < 2; i++) {
        const pin = h.rows[i]!.reduce((x, j, k) => x + j * a[k]!, 0);
        expect(Math.abs(pin - h.bias[i]!)).toBeLessThan(1e-12 * (1 + Math.abs(pin)));
      }
    }
  });

  it('is the limit of the iteration (2.6) from f_r = 0', () => {
    for (const [phi, phidot] of states.filter((_, i) => i % 7 === 0)) {
      const h = pendulumHinge(pendulum, phi, phidot);
      const exact = solve(h, journal);
      const iterated = axesJournal(h, journal);
      expect(iterated.status).toBe('converged');
      if (exact.kind !== 'moving') throw new Error('self-locking');
      expect(Math.abs(exact.accelerations[2]! - iterated.motion.accelerations[2]!)).toBeLessThan(1e-9 * (1 + Math.abs(exact.accelerations[2]!)));
    }
  });

  it('self-locks at some state exactly from f_r* of (2.5) on', () => {
    const locked = (reduced: number): number =>
      states.filter(([phi, phidot]) => solve(pendulumHinge(pendulum, phi, phidot), { ...journal, reduced }).kind === 'self-locking').length;
    expect(locked(0.99 * critical)).toBe(0);
    expect(locked(1.01 * critical)).toBeGreaterThan(0);
  });
});
