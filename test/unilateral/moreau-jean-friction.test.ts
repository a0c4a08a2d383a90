// Moreau–Jean with friction and 'stick' on the generated examples, against
// the event-driven runs (the compass and the rimless wheel, whose feet
// stick) and against closed forms (the stick–slip oscillator on a belt, the
// disk bouncing with spin, the block landing on a rough incline): agreement
// within the scheme's O(h), shrinking with h.
import { describe, expect, it } from 'vitest';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { SimulationError } from '../../src/runtime/errors.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import type { SimulationEvent, Trajectory } from '../../src/runtime/hybrid/trajectory.js';
import * as beltModule from '../../generated/belt-oscillator.js';
import * as blockModule from '../../generated/block-on-incline.js';
import * as compassModule from '../../generated/compass.js';
import * as walkerModule from '../../generated/compass-walker.js';
import * as diskModule from '../../generated/rough-disk.js';
import * as wheelModule from '../../generated/rimless-wheel.js';

const compass = compassModule as unknown as LoadedModule;
const walker = walkerModule as unknown as LoadedModule;
const wheel = wheelModule as unknown as LoadedModule;
const belt = beltModule as unknown as LoadedModule;
const disk = diskModule as unknown as LoadedModule;
const block = blockModule as unknown as LoadedModule;
const g = 9.81;

interface Strike {
  readonly t: number;
  readonly contact: number;
  readonly q: number[];
}

/**
 * The strikes of a walker: impacts of a contact other than the one it stands
 * on (it starts on contact `start`). Moreau–Jean also reports the stance foot
 * re-landing after the O(h²) lifts its linear position update gives a body
 * rotating about a stuck foot; those are not strikes.
 */
function strikes(events: readonly SimulationEvent[], start = 0): Strike[] {
  let stance = start;
  const out: Strike[] = [];
  for (const e of events) {
    const j = e.type === 'impact' ? e.contacts.find((c) => c !== stance) : undefined;
    if (j === undefined) continue;
    stance = j;
    out.push({ t: e.t, contact: j, q: e.q });
  }
  return out;
}

function runs(mod: LoadedModule, hs: readonly number[], t1 = mod.model.initial.t1): { ed: Trajectory; mj: Map<number, Trajectory> } {
  const { q0, qd0 } = mod.model.initial;
  const ed = simulate(mod, { q0, qd0, t1, samples: 11 });
  return { ed, mj: new Map(hs.map((h) => [h, simulateMoreauJean(mod, { q0, qd0, t1, h, samples: 11 })])) };
}

describe('the compass (α = 0.3, feet sticking): Moreau–Jean against the event-driven run', () => {
  const hs = [1e-3, 1e-4];
  const { ed, mj } = runs(compass, hs);
  // It stands on B (contact 2 of R–F §1) and D strikes first.
  const D = compass.model.unilateral.findIndex((c) => c.name === 'footD');
  const B = compass.model.unilateral.findIndex((c) => c.name === 'footB');
  const reference = strikes(ed.events, B);
  const l = 1,
    alpha = 0.3;
  /** Horizontal position of each foot: x_c − (l/2) cos α sin ψ + l sin(ψ ± α), + for D. */
  const foot = (q: readonly number[], j: number): number =>
    q[0]! - (l / 2) * Math.cos(alpha) * Math.sin(q[2]!) + l * Math.sin(q[2]! + (j === D ? alpha : -alpha));

  it('has the event-driven strikes: 0.043770, 0.273187, 0.403100 s, alternating feet, 2 l sin α apart', () => {
    expect(reference.slice(0, 3).map((s) => +s.t.toFixed(6))).toEqual([0.04377, 0.273187, 0.4031]);
    expect(reference.slice(0, 4).map((s) => s.contact)).toEqual([D, B, D, B]);
    for (const s of reference.slice(0, 3)) expect(Math.abs(foot(s.q, D) - foot(s.q, B))).toBeCloseTo(2 * l * Math.sin(alpha), 9);
  });

  for (const h of hs) {
    it(`strikes within 3h of them, the striking foot within h of where it lands (h = ${h})`, () => {
      const ours = strikes(mj.get(h)!.events, B);
      reference.slice(0, 3).forEach((s, k) => {
        expect(ours[k]!.contact).toBe(s.contact);
        expect(Math.abs(ours[k]!.t - s.t)).toBeLessThan(3 * h);
        expect(Math.abs(foot(ours[k]!.q, s.contact) - foot(s.q, s.contact))).toBeLessThan(h);
      });
    });

    it(`comes to rest on both feet within 0.1 h of the event-driven state (h = ${h}), every contact problem solved to 1e-12`, () => {
      const run = mj.get(h)!;
      run.q.at(-1)!.forEach((v, i) => expect(Math.abs(v - ed.q.at(-1)![i]!)).toBeLessThan(0.1 * h));
      expect(run.stats.lcp!.worstResidual).toBeLessThan(1e-12);
    });
  }

  it('shrinks the strike-time error with h: ≥ 5 times smaller at h = 1e-4 than at 1e-3 for the first two strikes', () => {
    const error = (h: number, k: number) => Math.abs(strikes(mj.get(h)!.events, B)[k]!.t - reference[k]!.t);
    for (const k of [0, 1]) expect(error(1e-3, k)).toBeGreaterThan(5 * error(1e-4, k));
  });
});

describe('the rimless wheel (6 spokes, sticking): Moreau–Jean against the event-driven run', () => {
  const hs = [1e-3, 1e-4];
  // To t = 4: three strikes rolling on (the model's own run goes on to where the wheel falls back, t = 5.64).
  const { ed, mj } = runs(wheel, hs, 4);
  const reference = strikes(ed.events);

  it('has the event-driven strikes at 0.602062, 1.806656, 3.497064 s, each a stride of 2 l sin(π/6) = 1 further', () => {
    expect(reference.map((s) => +s.t.toFixed(6))).toEqual([0.602062, 1.806656, 3.497064]);
    for (let k = 1; k < 3; k++) expect(reference[k]!.q[0]! - reference[k - 1]!.q[0]!).toBeCloseTo(1, 8);
  });

  // The stance spoke's O(h²) lift (header of moreau-jean.ts) has it start each step with
  // U_k = O(hω²l) on its rows: the energy-consistent law (impact-law.ts, the midpoint rung) ends the
  // step with U⁺ = −U_k there rather than at rest, an O(h) change of the stance: the strikes are
  // (1.9e-3, 2.7e-3, 7.5e-2) s off at h = 1e-3 and (1.4e-4, 7.4e-4, 4.6e-3) s at 1e-4 (third strike
  // 0.030 and 1.4e-4 s with the plastic law, which gained energy on those steps), strides 2.7h off.
  for (const [h, within] of [
    [1e-3, 80],
    [1e-4, 50],
  ] as const) {
    it(`strikes the same spokes within ${within}h, strides of 1 within 3h (h = ${h})`, () => {
      const ours = strikes(mj.get(h)!.events);
      expect(ours.map((s) => s.contact)).toEqual([1, 2, 3]);
      ours.forEach((s, k) => expect(Math.abs(s.t - reference[k]!.t)).toBeLessThan(within * h));
      for (let k = 1; k < 3; k++) expect(Math.abs(ours[k]!.q[0]! - ours[k - 1]!.q[0]! - 1)).toBeLessThan(3 * h);
    });
  }

  it('shrinks the strike-time error with h: ≥ 3 times smaller at h = 1e-4 for every strike (3.6 to 16 measured)', () => {
    const error = (h: number, k: number) => Math.abs(strikes(mj.get(h)!.events)[k]!.t - reference[k]!.t);
    for (const k of [0, 1, 2]) expect(error(1e-3, k)).toBeGreaterThan(3 * error(1e-4, k));
  });
});

describe('the stick–slip oscillator on a belt (μs = 0.5, μk = 0.3): the limit cycle in closed form', () => {
  // Stuck, the block rides the belt (x = v t) until the spring's pull k x
  // reaches μs m g; it then slides with ẍ = −(k/m)(x − x_k), x_k = μk m g/k,
  // until ẋ = v again: ω t_slip = 2π − 2δ with tan δ = ω(x_s − x_k)/v; it
  // sticks again at x_e = x_k + (x_s − x_k) cos ωt + (v/ω) sin ωt and rides
  // the belt for (x_s − x_e)/v.
  const m = 1,
    k = 10,
    v = 0.2,
    mus = 0.5,
    muk = 0.3;
  const xs = (mus * m * g) / k,
    xk = (muk * m * g) / k,
    w = Math.sqrt(k / m);
  const delta = Math.atan((w * (xs - xk)) / v);
  const tSlip = (2 * Math.PI - 2 * delta) / w;
  const xe = xk + (xs - xk) * Math.cos(w * tSlip) + (v / w) * Math.sin(w * tSlip);
  const tStick = (xs - xe) / v;
  const first = xs / v;
  const expected = [first, first + tSlip, first + tSlip + tStick, first + 2 * tSlip + tStick, first + 2 * tSlip + 2 * tStick, first + 3 * tSlip + 2 * tStick];

  it(`breaks away at ${first.toFixed(4)} s and cycles with slip ${tSlip.toFixed(4)} s, stick ${tStick.toFixed(4)} s`, () => {
    expect(expected.at(-1)!).toBeLessThan(10);
    expect(tSlip).toBeCloseTo(1.1907, 4);
    expect(tStick).toBeCloseTo(1.962, 4);
  });

  for (const h of [1e-3, 5e-4]) {
    it(`reports slip and stick events within 3h of the cycle, the belt never left (h = ${h})`, () => {
      const { q0, qd0 } = belt.model.initial;
      const run = simulateMoreauJean(belt, { q0, qd0, t1: 10, h, samples: 11 });
      const transitions = run.events.filter((e) => e.type === 'slip' || e.type === 'stick');
      expect(transitions.map((e) => e.type)).toEqual(['slip', 'stick', 'slip', 'stick', 'slip', 'stick']);
      transitions.forEach((e, i) => expect(Math.abs(e.t - expected[i]!)).toBeLessThan(3 * h));
      expect(run.events.filter((e) => e.type === 'release' || e.type === 'impact')).toEqual([]);
      expect(run.stats.lcp!.worstResidual).toBeLessThan(1e-12);
    });
  }
});

describe('the disk bouncing with spin on a rough floor', () => {
  // Contact impulses act at the bottom point: m Δẋ = P_T, I Δθ̇ = r P_T, so
  // Q = m r ẋ − I θ̇ never changes (gravity is vertical), and the disk ends
  // rolling (ẋ = −r θ̇) at ẋ = Q/(m r + I/r) = (2ẋ₀ − r θ̇₀)/3. With W_NT = 0
  // the normal motion is the bouncing ball's: impacts at t₁(1 + 2e + … ).
  const r = 0.1,
    e = 0.5,
    m = 1,
    I = (m * r * r) / 2,
    h = 1e-3;
  const q0 = disk.model.initial.q0;
  const qd0 = [1, 0, 5];
  const run = simulateMoreauJean(disk, { q0, qd0, t1: 2, h, samples: 201 });
  const t1 = Math.sqrt((2 * (q0[1]! - r)) / g);

  it('conserves m r ẋ − I θ̇ to rounding through bounces, sliding and rolling', () => {
    const Q0 = m * r * qd0[0]! - I * qd0[2]!;
    for (const qd of run.qd) expect(Math.abs(m * r * qd[0]! - I * qd[2]! - Q0)).toBeLessThan(1e-14);
  });

  it("bounces at the ball's times within 3h and rests at t₁(1 + e)/(1 − e) within 15h", () => {
    const impacts = run.events.filter((ev) => ev.type === 'impact').map((ev) => ev.t);
    [t1, t1 * (1 + 2 * e), t1 * (1 + 2 * e + 2 * e * e)].forEach((t, k) => expect(Math.abs(impacts[k]! - t)).toBeLessThan(3 * h));
    const rest = run.events.find((ev) => ev.type === 'rest')!;
    expect(Math.abs(rest.t - (t1 * (1 + e)) / (1 - e))).toBeLessThan(15 * h);
  });

  it('ends rolling at ẋ = (2ẋ₀ − rθ̇₀)/3 = 0.5', () => {
    const end = run.qd.at(-1)!;
    expect(end[0]).toBeCloseTo((2 * qd0[0]! - r * qd0[2]!) / 3, 13);
    expect(Math.abs(end[0]! + r * end[2]!)).toBeLessThan(1e-13);
  });
});

describe('the block landing on a rough incline (plastic, μk = 0.4 < tan α < μs = 0.6)', () => {
  // Dropped from y = 0.2 with ẋ = 1 down the slope: it lands at
  // t_l = √(2·0.2/(g cos α)) sliding, the landing's friction impulse takes
  // μk m v_n off ẋ, and it slides on at g(sin α − μk cos α).
  const alpha = 0.5,
    muk = 0.4,
    h = 1e-3;
  const tl = Math.sqrt((2 * 0.2) / (g * Math.cos(alpha)));
  const vn = g * Math.cos(alpha) * tl;
  const after = 1 + g * Math.sin(alpha) * tl - muk * vn;
  const a = g * (Math.sin(alpha) - muk * Math.cos(alpha));
  const { q0, qd0, t1 } = block.model.initial;
  const run = simulateMoreauJean(block, { q0, qd0, t1, h, samples: 31 });

  it('lands within 2h of t_l and stays on the slope, sliding (mode +1)', () => {
    const landing = run.events.find((ev) => ev.type === 'impact')!;
    expect(Math.abs(landing.t - tl)).toBeLessThan(2 * h);
    expect(landing.modes).toEqual([1]);
    expect(run.events.filter((ev) => ev.type === 'release' || ev.type === 'stick')).toEqual([]);
  });

  it('slides at ẋ = ẋ⁺ + g(sin α − μk cos α)(t − t_l) within 2 g h', () => {
    run.t.forEach((t, i) => {
      if (t > tl + 2 * h) expect(Math.abs(run.qd[i]![0]! - (after + a * (t - tl)))).toBeLessThan(2 * g * h);
    });
  });
});

describe('a step whose contact outcome the implicit update cannot settle: named as the contact’s', () => {
  // A fallen compass walker (a seeded state of test/unilateral/moreau-jean-impulse-work.test.ts: random parameters,
  // its run's hip 33 m below the slope, legs spun round, velocities perturbed), at h = 0.01, e = 1. In the step from
  // t = 3.522 the iterates alternate: foot 1's impulse 52 N s (with a sticking one) and 0, its free normal velocity
  // −2.51 and −2.15 m/s on either side of −e U_k,N = −2.27 m/s, while the smooth map contracts (spectral radius of
  // ∂v_free/∂v⁺ 0.07–0.17 there, measured by finite differences): no stiff force, a switching contact.
  const params = {
    mH: 16.259908139472827,
    m: 8.274847741122358,
    l: 0.5916685534175485,
    b: 0.5593576233368367,
    g: 7.180801483854885,
    gamma: 0.08042805243845277,
  };
  const q0 = [6.7166390726352425, -33.37660441797305, 3.9070014682147467, -10.348049895069899];
  const qd0 = [-0.3321245068656551, -21.25942492997761, 1.1529421390279926, -1.168487408590252];
  const run = (h: number) => () => simulateMoreauJean(walker, { q0, qd0, t0: 3.472, t1: 3.572, h, params, restitution: [1, 1], samples: 11 });

  it('h = 0.01: contact-inconsistent at t = 3.522, foot1 pressing and idle in turn, not "reduce h (stiff force)"', () => {
    let thrown: unknown;
    try {
      run(0.01)();
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(SimulationError);
    const err = thrown as SimulationError;
    expect(err.code).toBe('contact-inconsistent');
    expect(err.message).toContain('alternated for 50 iterations between foot1 pressing and staying idle');
    expect(err.message).toContain('(at t = 3.522)');
    expect(err.message).not.toContain('stiff force');
  });

  it('h = 0.001: the same state jams the foot (no solution of its contact problem), the outcome the coarse step could not settle', () => {
    expect(run(0.001)).toThrow(/foot1 has no solution \(stick-inconsistent\)/);
  });
});
