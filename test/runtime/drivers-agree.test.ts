// One model, one answer: every driver that resolves impacts (event-driven
// `simulate`, `simulateMoreauJean`, the LCP impacts of impact-lcp.ts and
// friction-impact.ts, the orbit machinery's variational flow) gives the
// same post-impact state from the same pre-impact state, on every example
// with rigid contacts, and Routh's classical answer for a disk striking a
// rough floor.
import { describe, expect, it } from 'vitest';
import type { LoadedModule, Params } from '../../src/runtime/contract.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { flowSensitivity } from '../../src/runtime/analysis/variational.js';
import { frictionalImpact } from '../../src/runtime/contact/friction-impact.js';
import { impactByLcp } from '../../src/runtime/contact/impact-lcp.js';
import type { SimulationEvent } from '../../src/runtime/hybrid/trajectory.js';
import { committedModule, loadExamples } from '../helpers/examples.js';

const examples = (await Promise.all((await loadExamples()).map(async (ex) => (await committedModule(ex.spec.name))!))).filter(
  (mod) => mod.model.unilateral.length > 0,
);

const hasSlipRows = (mod: LoadedModule): boolean => mod.model.unilateral.some((u) => (u.slip ?? 0) > 0);
const hasCoulomb = (mod: LoadedModule): boolean => mod.model.unilateral.some((u) => u.friction !== undefined);
const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>): number => Array.from(a).reduce((w, v, i) => Math.max(w, Math.abs(v - b[i]!)), 0);
const scaleOf = (v: ArrayLike<number>): number => Math.max(1, ...Array.from(v, Math.abs));

/** One Moreau–Jean step of length h from (q, q̇⁻): its velocity tends to the impact's q̇⁺ as h → 0 (the forces' part is O(h)). */
function moreauJeanStep(mod: LoadedModule, params: Params, t: number, q: ArrayLike<number>, qd: ArrayLike<number>, h: number): number[] {
  const run = simulateMoreauJean(mod, { q0: q, qd0: qd, t0: t, t1: t + h * (1 + 1e-9), h, params, samples: 2 });
  return run.qd.at(-1)!;
}

describe("a disk striking a rough floor (e = ½, μ = 0.3, r = 0.1, I = m r²/2) sticks: Routh's answer in every driver", async () => {
  // q̇⁻ = (ẋ, ẏ, θ̇) = (1, −2, 0). Newton's e on the normal: ẏ⁺ = −e ẏ⁻ = 1,
  // P_N = m(1 + e)·2 = 3m. Sticking: ẋ⁺ + r θ̇⁺ = 0 with m(ẋ⁺ − 1) = P_T and
  // (m r²/2) θ̇⁺ = r P_T, so P_T = −m/3, ẋ⁺ = 2/3, θ̇⁺ = −(2/3)/r = −20/3;
  // |P_T| = m/3 ≤ μ P_N = 0.9m, so the contact does stick.
  const disk = (await committedModule('rough-disk'))!;
  const params = { g: 0, e: 0.5, mu: 0.3, r: 0.1, m: 1 };
  const q = [0, 0.1, 0],
    qd = [1, -2, 0];
  const routh = [2 / 3, 1, -20 / 3];

  it('the frictional impact (LCP)', () => {
    const res = frictionalImpact(disk, params, 0, q, qd, [true]);
    expect(res.status).toBe('ok');
    expect(maxDiff(res.qdPlus, routh)).toBeLessThan(1e-12);
    expect(res.impulses[0]).toBeCloseTo(3, 12);
    expect(res.tangentialImpulses[0]).toBeCloseTo(-1 / 3, 12);
  });

  it('event-driven simulate (no gravity: the impact at y = r with q̇⁻ exactly as given)', () => {
    const run = simulate(disk, { q0: [0, 0.2, 0], qd0: qd, t1: 0.06, params });
    const impact = run.events.find((e) => e.type === 'impact')!;
    expect(impact.t).toBeCloseTo(0.05, 12);
    expect(maxDiff(impact.qd, qd)).toBeLessThan(1e-12);
    expect(maxDiff(impact.qdPlus!, routh)).toBeLessThan(1e-10);
  });

  it('Moreau–Jean (one step through the impact; without forces it is the impact law exactly)', () => {
    expect(maxDiff(moreauJeanStep(disk, params, 0, q, qd, 1e-3), routh)).toBeLessThan(1e-12);
  });

  it("the orbit machinery (the variational flow's impact)", () => {
    const flow = flowSensitivity(disk, { q0: [0, 0.2, 0], qd0: qd, t1: 0.06, params });
    const impact = flow.events.find((e) => e.type === 'impact')!;
    expect(maxDiff(impact.xPlus!.slice(3), routh)).toBeLessThan(1e-9);
  });
});

describe.each([0, 0.5, 1])('the same frictional impact in every driver at e = %s (g = 0: a Moreau–Jean step is then the impact law itself)', async (e) => {
  // Each driver from the event-driven run's pre-impact state: the frictional LCP impact, one Moreau–Jean step
  // of 1e-6 (no forces, so U_free = U_k and the step's law is the event's), and the orbit machinery's flow
  // (which holds no Coulomb contact; without gravity one left closed at e = 0 is not pressed, so it flies on).
  const cases = [
    {
      // Routh: ẏ⁺ = −e ẏ⁻, and sticking (|P_T| = m/3 ≤ μ(1 + e)·2m for every e here) gives ẋ⁺ = 2/3, θ̇⁺ = −20/3.
      name: 'rough-disk',
      params: { g: 0, e, mu: 0.3, r: 0.1, m: 1 },
      qAt: [0, 0.1, 0],
      qd: [1, -2, 0],
      expected: [2 / 3, 2 * e, -20 / 3] as number[] | undefined,
    },
    {
      // The rod's tip strikes at θ = 0.7: it sticks at e = 0, slides at e = ½, and at e = 1 Newton–Coulomb would
      // create energy (Kane's paradox), so Glocker's law with e* = 1 acts, which keeps T (its work ½ξᵀΛ is 0).
      name: 'falling-rod',
      params: { g: 0, e, mu: 0.3, m: 1, l: 1 },
      qAt: [0, Math.sin(0.7), 0.7],
      qd: [1, -2, 0],
      expected: undefined,
    },
  ];
  for (const c of cases) {
    const mod = (await committedModule(c.name))!;
    // The flight of 0.05 s to the contact state (no forces: q̇ stays q̇⁻).
    const q0 = c.qAt.map((x, i) => x - 0.05 * c.qd[i]!);
    const impact = simulate(mod, { q0, qd0: c.qd, t1: 0.06, params: c.params }).events.find((ev) => ev.type === 'impact')!;
    const lcp = frictionalImpact(mod, c.params, impact.t, impact.q, impact.qd, [true]);
    const kinetic = (qd: ArrayLike<number>): number => mod.energy!(0, impact.q, qd, c.params);

    it(`${c.name}: event-driven simulate, the LCP impact and one Moreau–Jean step agree to 1e-12`, () => {
      expect(impact.t).toBeCloseTo(0.05, 12);
      expect(maxDiff(impact.qd, c.qd)).toBeLessThan(1e-12);
      expect(lcp.status).toBe('ok');
      expect(maxDiff(impact.qdPlus!, lcp.qdPlus)).toBeLessThan(1e-12);
      expect(maxDiff(moreauJeanStep(mod, c.params, impact.t, impact.q, impact.qd, 1e-6), lcp.qdPlus)).toBeLessThan(1e-12);
      if (c.expected) expect(maxDiff(lcp.qdPlus, c.expected)).toBeLessThan(1e-12);
      // Never more energy than before (g = 0: the energy is T); at e = 1 the rod's Glocker law keeps it exactly.
      expect(kinetic(lcp.qdPlus)).toBeLessThanOrEqual(kinetic(impact.qd) * (1 + 1e-14));
      if (c.name === 'falling-rod' && e === 1) {
        expect(lcp.law).toBe('glocker');
        expect(kinetic(lcp.qdPlus)).toBeCloseTo(kinetic(impact.qd), 12);
      }
    });

    it(`${c.name}: the orbit machinery's flow has the same q̇⁺ to 1e-9`, () => {
      const flowImpact = flowSensitivity(mod, { q0, qd0: c.qd, t1: 0.06, params: c.params }).events.find((ev) => ev.type === 'impact')!;
      expect(maxDiff(flowImpact.xPlus!.slice(3), lcp.qdPlus)).toBeLessThan(1e-9);
    });
  }
});

/** The events of an example's default run (none where it fails). */
function defaultEvents(mod: LoadedModule): SimulationEvent[] {
  const { q0, qd0, t1 } = mod.model.initial;
  try {
    return simulate(mod, { q0, qd0, t1 }).events;
  } catch {
    return [];
  }
}

describe.each(examples.map((mod) => ({ name: mod.model.name, mod })))("$name: the post-impact state of the first impact is every driver's", ({ mod }) => {
  const events = defaultEvents(mod);
  const impact = events.find((e) => e.type === 'impact');
  // The variational flow holds no contact with Coulomb friction: such a model is compared on a first impact from
  // free flight that bounces (every contact separating after it); where the impact leaves one held, the flow refuses.
  const fromFlight = events[0]?.type === 'impact';
  const bounces =
    impact !== undefined && Array.from(mod.gapRates!(impact.t, impact.q, impact.qdPlus!, {})).every((v, j) => !impact.contacts.includes(j) || v > 1e-6);
  const closed = (e: SimulationEvent): boolean[] => {
    const g = mod.gaps!(e.t, e.q, {});
    return Array.from(g, (v, j) => v <= 1e-9 || e.contacts.includes(j));
  };

  it.runIf(impact !== undefined && mod.model.constraintCount === 0)('Moreau–Jean: one step of h from q̇⁻ ends at the event-driven q̇⁺ to O(h)', () => {
    const e = impact!;
    const scale = scaleOf(e.qd);
    const h1 = moreauJeanStep(mod, {}, e.t, e.q, e.qd, 1e-6),
      h2 = moreauJeanStep(mod, {}, e.t, e.q, e.qd, 5e-7);
    const d1 = maxDiff(h1, e.qdPlus!) / scale,
      d2 = maxDiff(h2, e.qdPlus!) / scale;
    // O(h): the forces of one step (and the gap's drift over it); halving h halves it.
    expect(d1).toBeLessThan(1e-4);
    expect(d2).toBeLessThan(0.75 * d1 + 1e-12);
  });

  it.runIf(impact !== undefined && hasSlipRows(mod))('the frictional LCP impact at the same state is the event-driven one', () => {
    const e = impact!;
    const res = frictionalImpact(mod, {}, e.t, e.q, e.qd, closed(e));
    expect(res.status).toBe('ok');
    expect(maxDiff(res.qdPlus, e.qdPlus!) / scaleOf(e.qd)).toBeLessThan(1e-12);
  });

  it.runIf(impact !== undefined && !hasSlipRows(mod))('the LCP impact for many contacts at the same state is the event-driven one', () => {
    const e = impact!;
    const res = impactByLcp(mod as Parameters<typeof impactByLcp>[0], {}, e.t, e.q, e.qd, closed(e));
    expect(res.status).toBe('ok');
    expect(maxDiff(res.qdPlus, e.qdPlus!) / scaleOf(e.qd)).toBeLessThan(1e-12);
  });

  it.runIf(impact !== undefined && hasCoulomb(mod) && fromFlight && !bounces)(
    'the variational flow refuses to hold a Coulomb contact after the first impact (friction-unsupported)',
    () => {
      const { q0, qd0 } = mod.model.initial;
      expect(() => flowSensitivity(mod, { q0, qd0, t1: impact!.t + 1e-3 })).toThrow(expect.objectContaining({ code: 'friction-unsupported' }));
    },
  );

  it.runIf(impact !== undefined && (!hasCoulomb(mod) || (fromFlight && bounces)))(
    'the variational flow through the first impact has the event-driven q̇⁺',
    () => {
      const e = impact!;
      const { q0, qd0 } = mod.model.initial;
      const flow = flowSensitivity(mod, { q0, qd0, t1: e.t + 1e-3 });
      const first = flow.events.find((f) => f.type === 'impact')!;
      const n = e.q.length;
      expect(first.t).toBeCloseTo(e.t, 6);
      expect(maxDiff(first.xPlus!.slice(n), e.qdPlus!) / scaleOf(e.qd)).toBeLessThan(1e-5);
    },
  );

  it.runIf(impact !== undefined && mod.model.constraintCount === 0)(
    "a short run through the first impact: Moreau–Jean ends where simulate does, within its step's accuracy",
    () => {
      const e = impact!;
      const { q0, qd0 } = mod.model.initial;
      const t1 = e.t + 0.02;
      const exact = simulate(mod, { q0, qd0, t1, samples: 2 });
      const mj = simulateMoreauJean(mod, { q0, qd0, t1, h: 2e-5, samples: 2 });
      const n = e.q.length;
      const scale = scaleOf(e.qd);
      expect(maxDiff(mj.q.at(-1)!, exact.q.at(-1)!) / scale, 'q').toBeLessThan(1e-3);
      expect(maxDiff(mj.qd.at(-1)!, exact.qd.at(-1)!) / scale, 'q̇').toBeLessThan(2e-2);
      expect(n).toBeGreaterThan(0);
    },
  );
});
