// Validation of contact patches (src/model/validate/patch.ts): the disk of
// Kuleshov et al. as written in derivations/viscoelastic-disk.ts is accepted
// with every expression parsed against its names; every mistake is a
// 'bad-patch' problem with the model, the field and its cause, all reported
// at once.
import { describe, expect, it } from 'vitest';
import { MechanicsError } from '../../../src/errors.js';
import { buildModel } from '../../../src/model/model.js';
import type { ModelSpec, PatchContactSpec } from '../../../src/model/spec.js';
import { toText } from '../../../src/core/print.js';
import disk from '../../../derivations/viscoelastic-disk.js';
import { thrown } from '../../helpers/thrown.js';

const patch = disk.patches![0]!;
const withPatch = (changes: Partial<Record<keyof PatchContactSpec, unknown>>, extra: Partial<ModelSpec> = {}): ModelSpec =>
  ({ ...disk, ...extra, patches: [{ ...patch, ...changes }] }) as ModelSpec;
/** [field, start of the message] of every problem. */
const problems = (spec: ModelSpec): [string | undefined, string, string][] => {
  const e = thrown(() => buildModel(spec), MechanicsError);
  return (e.problems.length ? e.problems : [e]).map((p) => [p.where.field, p.code, p.detail]);
};

describe('the disk of derivations/viscoelastic-disk.ts', () => {
  const model = buildModel(disk);
  const p = model.patches![0]!;
  it('keeps the law in its own symbols and the state symbols as expressions of the coordinates', () => {
    expect(p.variable).toBe('vartheta');
    expect([...p.state].map(([s, e]) => `${s} = ${toText(e)}`)).toEqual(['zeta = 1 - r^(-1)*y', "zetadot = -r^(-1)*y'", "ux = x'"]);
    expect(p.depth).toBe('zeta');
    expect(p.normal).toBe('Fy');
    expect(p.forces.map(toText)).toEqual(['Fx', 'Fy', 'M']);
    expect(p.friction && [p.friction.sign, toText(p.friction.slip), toText(p.friction.relaxation)]).toEqual(['sigma', "x' + phi'*r", 't_r']);
    expect(p.adhesion).toBe(false);
  });
});

describe('every mistake is bad-patch, located, with its cause', () => {
  it('an unknown symbol in the density', () => {
    expect(problems(withPatch({ density: 'k*r*(zeta - vartheta^2/2) + w*zetadot' }))).toEqual([
      ['patches[0].density', 'bad-patch', expect.stringMatching(/^the density: .*'w'/)],
    ]);
  });
  it('a missing patch variable, and the fields that then name an unknown vartheta', () => {
    const found = problems(withPatch({ variable: undefined }));
    expect(found.map(([f, c]) => [f, c])).toEqual([
      ['patches[0].variable', 'bad-patch'],
      ['patches[0].penetration', 'bad-patch'],
      ['patches[0].density', 'bad-patch'],
      ['patches[0].expansion.orders.vartheta', 'bad-patch'],
      ['patches[0].resultants.Fx', 'bad-patch'],
    ]);
    expect(found[0]![2]).toMatch(/patch variable .* is missing/);
  });
  it('a patch variable or state symbol that shadows a coordinate or a parameter', () => {
    expect(problems(withPatch({ variable: 'phi' }))[0]).toEqual(['patches[0].variable', 'bad-patch', expect.stringContaining("'phi' is already a coordinate")]);
    expect(problems(withPatch({ state: { zeta: '1 - y/r', zetadot: "-y'/r", k: "x'" } }))[0]).toEqual([
      'patches[0].state.k',
      'bad-patch',
      expect.stringContaining("'k' is already"),
    ]);
  });
  it('a depth, a normal or a force that names nothing declared', () => {
    expect(problems(withPatch({ depth: 'h', normal: 'N', forces: { z: 'Fy' } }))).toEqual([
      ['patches[0].depth', 'bad-patch', expect.stringContaining("'h', not one of the state symbols [zeta, zetadot, ux]")],
      ['patches[0].normal', 'bad-patch', expect.stringContaining("'N', not one of [Fy, Fx, M]")],
      ['patches[0].forces.z', 'bad-patch', expect.stringContaining("'z' is not a coordinate")],
    ]);
  });
  it("an expansion order that is not an integer, of a symbol that is not the law's", () => {
    expect(problems(withPatch({ expansion: { orders: { vartheta: 1.5, y: 1 }, keep: 2 } }))).toEqual([
      ['patches[0].expansion.orders.vartheta', 'bad-patch', expect.stringContaining('integer')],
      ['patches[0].expansion.orders.y', 'bad-patch', expect.stringContaining("'y' is not the patch variable or a state symbol")],
    ]);
  });
  it('expansion orders beyond 8 (each is one more derivative of the density), a relaxation time that is not positive', () => {
    expect(problems(withPatch({ expansion: { orders: { vartheta: 1 }, keep: 1e300 } }))).toEqual([
      ['patches[0].expansion.keep', 'bad-patch', expect.stringContaining('from 0 to 8')],
    ]);
    expect(problems(withPatch({ friction: { sign: 'sigma', slip: "x' + r*phi'", relaxation: '-t_r' } }))).toEqual([
      ['patches[0].friction.relaxation', 'bad-patch', expect.stringContaining('must be > 0')],
    ]);
  });
  it('a normal resultant that depends on the friction sign', () => {
    expect(problems(withPatch({ normal: 'M' }))).toEqual([
      ['patches[0].resultants.M', 'bad-patch', expect.stringContaining('may not depend on the friction sign sigma')],
    ]);
  });
  it('a velocity in the relaxation time, an unknown key in friction', () => {
    expect(problems(withPatch({ friction: { sign: 'sigma', slip: "x' + r*phi'", relaxation: "x'", stick: true } })).map(([f, c]) => [f, c])).toEqual([
      ['patches[0].friction.stick', 'unknown-field'],
      ['patches[0].friction.relaxation', 'bad-patch'],
    ]);
  });
  it('patches beside a compliant contact', () => {
    const extra = { unilateral: [{ name: 'wall', constraint: 'x >= -1', law: { compliant: { stiffness: 'k' } } }] };
    expect(problems(withPatch({}, extra))).toEqual([['patches', 'bad-patch', expect.stringContaining('cannot also have compliant contacts')]]);
  });
});
