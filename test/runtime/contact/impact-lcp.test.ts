import { describe, expect, it } from 'vitest';
import { impactByLcp } from '../../../src/runtime/contact/impact-lcp.js';
import { particleInCorner } from '../../fixtures/particle-in-corner.js';

describe('particle hitting a corner: Newton impact law as an LCP (Lemke)', () => {
  const params = { m: 2, eFloor: 0.3, eWall: 0.6 };
  it('reverses each normal velocity with its own restitution (orthogonal walls decouple)', () => {
    const r = impactByLcp(particleInCorner as never, params, 0, [0, 0], [-1.5, -2], [true, true]);
    expect(r.status).toBe('ok');
    expect(r.qdPlus[0]).toBeCloseTo(0.6 * 1.5, 14);
    expect(r.qdPlus[1]).toBeCloseTo(0.3 * 2, 14);
    // Impulse = m (1 + e) |U⁻| on each contact (floor is contact 0, wall 1).
    expect(r.impulses[0]).toBeCloseTo(2 * 1.3 * 2, 12);
    expect(r.impulses[1]).toBeCloseTo(2 * 1.6 * 1.5, 12);
  });
  it('leaves a separating closed contact without impulse (complementarity)', () => {
    const r = impactByLcp(particleInCorner as never, params, 0, [0, 0], [-1, 0.5], [true, true]);
    expect(r.status).toBe('ok');
    expect(r.impulses[0]).toBe(0);
    expect(r.qdPlus[1]).toBe(0.5);
    expect(r.qdPlus[0]).toBeCloseTo(0.6, 14);
    expect(r.residual).toBeLessThan(1e-12);
  });
});
