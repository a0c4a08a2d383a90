// The rigid-limit study (src/studies/limit.ts): the elastic realization of
// Kozlov's release against the rigid model the caller loads (the plastic
// line, released at t = 1), the added mass's gaps against (2.4)–(2.5), and
// rigidSpec, the spec of that rigid model (a realized rod held rigidly);
// the Kelvin–Voigt line's drop against kozlov1988 Theorem 3's restitution.
import { describe, expect, it } from 'vitest';
import elastic from '../../derivations/kozlov-release-elastic.js';
import release from '../../derivations/kozlov-release.js';
import pendulum from '../../derivations/kozlov-realized-pendulum.js';
import { MechanicsError } from '../../src/errors.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { dropStudyOf, limitIsRigid, limitStudyOf, rigidSpec, theoremLimits } from '../../src/studies/limit.js';
import kelvinVoigt from '../../derivations/kozlov-release-kelvin-voigt.js';
import * as kelvinVoigtModule from '../../generated/kozlov-release-kelvin-voigt.js';
import { buildModel } from '../../src/model/index.js';
import { deriveSystem } from '../../src/derive/system.js';
import { thrown } from '../helpers/thrown.js';
import * as elasticModule from '../../generated/kozlov-release-elastic.js';
import * as releaseModule from '../../generated/kozlov-release.js';
import addedMass from '../../derivations/kozlov-release-added-mass.js';
import * as addedMassModule from '../../generated/kozlov-release-added-mass.js';

const realized = elasticModule as unknown as LoadedModule;
const rigid = releaseModule as unknown as LoadedModule;

describe('rigidSpec', () => {
  it('puts the study’s rigid law in place of the realized one, under its own name and without the study', () => {
    const rigid = rigidSpec(elastic, elastic.limitStudy!.rigid!)!;
    expect(rigid.name).toBe('kozlov-release-elastic-rigid');
    expect(rigid.unilateral!.map((u) => u.law)).toEqual([{ plastic: true }]);
    expect(rigid.limitStudy).toBeUndefined();
    expect(rigidSpec(elastic, {})).toBeUndefined();
  });

  it('holds a realized retaining constraint rigidly, its other fields kept (kozlov1988 Theorem 1: the reference is (1.1))', () => {
    const rigid = rigidSpec(pendulum, {})!;
    expect(rigid.name).toBe('kozlov-realized-pendulum-rigid');
    expect(rigid.holonomic).toEqual([{ name: 'rod', expr: 'u' }]);
    expect(rigid.limitStudy).toBeUndefined();
  });

  it('refuses a contact the model does not have, by name', () => {
    const err = thrown(() => rigidSpec(elastic, { floor: { plastic: true } }), MechanicsError);
    expect([err.code, err.where.field]).toEqual(['unknown-contact', 'limitStudy.rigid']);
  });
});

describe('limitStudyOf', () => {
  it('runs the declared study against the given rigid module: releases towards the rigid model’s t = 1, distances shrinking', () => {
    const study = limitStudyOf(elastic, realized, rigid, { values: [100, 1e4] })!;
    expect(study.parameter).toBe('N');
    expect(study.rows.map((r) => r.value)).toEqual([100, 1e4]);
    expect(study.reference!.release).toBeCloseTo(1, 6);
    expect(Math.abs(study.rows[1]!.release - 1)).toBeLessThan(Math.abs(study.rows[0]!.release - 1));
    expect(study.rows[1]!.distance).toBeLessThan(study.rows[0]!.distance);
    // The declared limits, release and duration at t = 1 (kozlov1988 (2.4)), are the rigid model's: the limit is its motion.
    expect(study.rigidInTheLimit).toBe(true);
  });

  it('leaves the gaps above a declared cut out of the figure (kozlov1988 Fig. 1’s band), the rigid one’s flight (2.4) too', () => {
    const cut = 0.005;
    const study = limitStudyOf({ ...elastic, limitStudy: { ...elastic.limitStudy!, cut } }, realized, rigid, { values: [100] })!;
    const { t, rows, reference, cut: drawn } = study.gaps;
    expect(drawn).toBe(cut);
    // After the release at 1 the rigid point flies, y = g(t − 1)²/2 with g = 1: above the cut from 1 + √(2 cut) = 1.1.
    t.forEach((x, k) => expect(Number.isNaN(reference![k]!)).toBe(x > 1 + Math.sqrt(2 * cut) + 1e-9 && (x - 1) ** 2 / 2 > cut));
    expect(rows[0]!.every((f) => Number.isNaN(f) || f <= cut)).toBe(true);
  });

  it('keeps each run’s gap: the added mass’s y = −gt²/(2(N + 1)) (2.5) until t = 1 and the rigid line’s 0, then its g(t − 1)²/2 (2.4)', () => {
    const study = limitStudyOf(addedMass, addedMassModule as unknown as LoadedModule, rigid, { values: [10, 100] })!;
    const { t, rows, reference } = study.gaps;
    const g = 1;
    [10, 100].forEach((N, r) =>
      t.forEach((s, k) => {
        if (s <= 1) expect(rows[r]![k]!).toBeCloseTo((-g * s * s) / (2 * (N + 1)), 9);
      }),
    );
    // Above the band the model draws (its cut, g/(N + 1) below the line and a little above) a gap is left out: NaN.
    const cut = addedMass.limitStudy!.cut!;
    t.forEach((s, k) => {
      const rigidGap = s <= 1 ? 0 : (g * (s - 1) ** 2) / 2;
      if (rigidGap <= cut) expect(reference![k]!).toBeCloseTo(rigidGap, 8);
      else expect(reference![k]!).toBeNaN();
    });
    expect(study.gaps.contact).toBe('line');
    // Its declared release 2 + √2 (kozlov1988 (2.6)) is not the rigid model's 1: the limit is another motion.
    expect(study.rigidInTheLimit).toBe(false);
  });

  it('takes the limit for the rigid motion only where every limit the theory gives is the rigid model’s value', () => {
    const reference = { release: 1, duration: 1, restitution: NaN, contacts: [0], releases: [1], jump: [] };
    expect(limitIsRigid({ limits: { release: 1, duration: 1 + 1e-9 }, reference })).toBe(true);
    expect(limitIsRigid({ limits: { release: 1, duration: 2 + Math.SQRT2 }, reference })).toBe(false);
    // A restitution the rigid line has none of (a touchdown), no limit at all, or no rigid model: not its motion.
    expect(limitIsRigid({ limits: { release: 1, restitution: 0 }, reference })).toBe(false);
    expect(limitIsRigid({ limits: {}, reference })).toBe(false);
    expect(limitIsRigid({ limits: { release: 1 } })).toBe(false);
  });

  it('is undefined for a model that declares no study, and refuses a parameter without values', () => {
    const mod = rigid;
    expect(limitStudyOf(release, mod, undefined)).toBeUndefined();
    const err = thrown(() => limitStudyOf(release, mod, undefined, { parameter: 'g' }), MechanicsError);
    expect([err.code, err.where.field]).toEqual(['bad-argument', 'values']);
  });
});

describe('dropStudyOf', () => {
  // Theorem 3 typed from the paper: e = exp(−πk/ω), ω = √(c²g₁₁ − k²), here g₁₁ = 1, k = 1/2, c = 2.
  const theorem = Math.exp((-Math.PI * 0.5) / Math.sqrt(4 - 0.25));

  it('Theorem 3’s restitution as the limit where the damping is of order √N, none where it is of order N', () => {
    const system = deriveSystem(buildModel(kelvinVoigt));
    expect(theoremLimits(system, 'N', [10, 1e4]).restitution).toBeCloseTo(theorem, 14);
    const viscous = deriveSystem(buildModel({ ...kelvinVoigt, parameters: { ...kelvinVoigt.parameters, nu: 1 } }));
    expect(theoremLimits(viscous, 'N', [10, 1e4])).toEqual({});
  });

  it('the drop’s first contact rebounds with Theorem 3’s e as N grows, the load’s share falling like N^{−1/2}; undefined without a drop', () => {
    const spec = { ...kelvinVoigt, limitStudy: { ...kelvinVoigt.limitStudy!, values: [1e4, 1e6] } };
    const study = dropStudyOf(spec, kelvinVoigtModule as unknown as LoadedModule)!;
    const [e4, e6] = study.rows.map((r) => r.restitution);
    expect(Math.abs(e6! - theorem)).toBeLessThan(Math.abs(e4! - theorem) / 5);
    expect(Math.abs(e6! - theorem)).toBeLessThan(1e-3);
    expect(dropStudyOf(elastic, realized)).toBeUndefined();
  });

  // Theorem 3 typed from the paper: δ_N = π g₁₁/(√N √(c²g₁₁ − k²)), so √N δ_N = π/√(4 − 1/4) here.
  const scaledLimit = Math.PI / Math.sqrt(4 - 0.25);

  it('the drop’s √N × duration tends to Theorem 3’s, from the side x < 0 where the load presses it on, with ẋ unchanged', () => {
    const spec = { ...kelvinVoigt, limitStudy: { ...kelvinVoigt.limitStudy!, values: [100, 1e4] } };
    const study = dropStudyOf(spec, kelvinVoigtModule as unknown as LoadedModule, {}, deriveSystem(buildModel(kelvinVoigt)))!;
    expect(study.scaledDuration!.power).toBe(0.5);
    expect(study.scaledDuration!.limit).toBeCloseTo(scaledLimit, 12);
    const [s2, s4] = study.scaledDuration!.values;
    expect(Math.abs(s4! - scaledLimit)).toBeLessThan(Math.abs(s2! - scaledLimit) / 5);
    expect(study.start.q[0]).toBeLessThan(0);
    expect(study.start.qd[0]).not.toBe(0);
    // h_y = g sgn x = −g at the start: the load presses the point onto the line.
    expect(study.start.forcing).toEqual([0, -1]);
    expect(study.tangential).toEqual([{ coordinate: 'x', jumps: [0, 0] }]);
  });
});
