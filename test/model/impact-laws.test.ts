// The model's impact-law registry: every law's key is a field of a model
// file's law, each reads into its own kind, and only 'stick' pins a tangent.
import { describe, expect, it } from 'vitest';
import { sym } from '../../src/core/expr.js';
import { IMPACT_LAW_LIST, IMPACT_LAWS, pinnedTangent } from '../../src/model/impact-laws.js';
import { IMPACT_LAW_FIELDS } from '../../src/model/spec.js';
import { ball, builds, mutate } from './spec-cases.js';

const lawOf = (law: Record<string, unknown>) =>
  builds(
    mutate(ball, {
      coordinates: ['x', 'y'],
      parameters: { m: 1, g: 9.81, e: 0.5 },
      kinetic: "m*(x'^2 + y'^2)/2",
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law }],
    }),
  ).unilateral[0]!.law;

describe('impact laws in the model', () => {
  it('each law has its own key among the fields of a law, in the order messages list them', () => {
    expect(IMPACT_LAW_LIST.map((l) => l.key)).toEqual(['newton', 'plastic', 'wLaw', 'stick']);
    for (const l of IMPACT_LAW_LIST) expect(Object.hasOwn(IMPACT_LAW_FIELDS, l.key), l.key).toBe(true);
  });

  it('reads {newton: e}, {plastic: true}, {wLaw: e}, {stick: x} into their kinds', () => {
    expect(lawOf({ newton: 'e' })).toEqual({ kind: 'newton', e: sym('e'), superelastic: false });
    expect(lawOf({ newton: 'e', allowSuperelastic: true })).toEqual({ kind: 'newton', e: sym('e'), superelastic: true });
    expect(lawOf({ plastic: true })).toEqual({ kind: 'plastic' });
    expect(lawOf({ wLaw: 'e' })).toEqual({ kind: 'w-law', W: sym('e'), superelastic: false });
    expect(lawOf({ stick: 'x' })).toEqual({ kind: 'stick', tangent: sym('x') });
  });

  it('only a sticking law pins its tangent, and allowSuperelastic belongs to the laws with a coefficient', () => {
    expect(pinnedTangent(lawOf({ stick: 'x' }))).toBe(sym('x'));
    for (const law of [{ newton: 'e' }, { plastic: true }, { wLaw: 'e' }]) expect(pinnedTangent(lawOf(law))).toBeUndefined();
    expect(Object.entries(IMPACT_LAWS).flatMap(([kind, l]) => (l.superelastic ? [kind] : []))).toEqual(['newton', 'w-law']);
  });
});
