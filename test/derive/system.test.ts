// The derivation as a whole (src/derive/system.ts): which parts a
// DerivedSystem has for which model, and the facts it owns beyond its parts
// (T₀; `conservative` is tested in conservation.test.ts).
import { describe, expect, it } from 'vitest';
import compassSpec from '../../derivations/compass.js';
import doublePendulumSpec from '../../derivations/double-pendulum.js';
import knifeEdgeSpec from '../../derivations/knife-edge.js';
import { add, ZERO } from '../../src/core/expr.js';
import { simplify } from '../../src/core/trig.js';
import { nLinkPendulum } from '../../derivations/n-link-pendulum.js';
import { defineModel } from '../../src/model/index.js';
import { derived, loadExamples } from '../helpers/examples.js';
import { canonical } from '../helpers/hand.js';

describe('a derived system', () => {
  it('has retaining constraints and contacts only where the model declares them', () => {
    expect(derived(doublePendulumSpec).constraints).toBeUndefined();
    expect(derived(doublePendulumSpec).unilateral).toBeUndefined();
    expect(derived(knifeEdgeSpec).constraints?.names).toEqual(['blade']);
    expect(derived(compassSpec).unilateral?.contacts.map((c) => c.constraint.name)).toEqual(['footD', 'footB']);
  });

  it('gives T₀ = T at rest: ½ m r² ω² sin²θ for a bead on a hoop spinning at ω, 0 for a pendulum', () => {
    const hoop = defineModel({
      name: 'bead-on-hoop',
      title: 'Bead on a spinning hoop',
      coordinates: [{ name: 'theta' }],
      parameters: { m: { default: 1 }, r: { default: 1 }, w: { default: 2 }, g: { default: 9.81 } },
      kinetic: "m*r^2*(theta'^2 + w^2*sin(theta)^2)/2",
      potential: '-m*g*r*cos(theta)',
      initial: { q: { theta: 0.5 }, t1: 1 },
    });
    expect(derived(hoop).kineticAtRest).toBe(canonical('m*r^2*w^2*sin(theta)^2/2'));
    expect(derived(doublePendulumSpec).kineticAtRest).toBe(ZERO);
  });

  it('has no T₀ or energy when only L is given', () => {
    const free = defineModel({
      name: 'free',
      title: 'Free particle',
      coordinates: [{ name: 'x' }],
      parameters: { m: { default: 1 } },
      lagrangian: "m*x'^2/2",
      initial: { q: { x: 0 }, t1: 1 },
    });
    expect(derived(free).kineticAtRest).toBeUndefined();
    expect(derived(free).energy).toBeUndefined();
  });

  it("builds T + V from Lagrange II's compact L + 2V, multiplied out node for node what simplify(T + V) gives, on every example and the 12-link pendulum", async () => {
    const specs = [...(await loadExamples()).map((e) => e.spec), nLinkPendulum(12)];
    let compared = 0;
    for (const spec of specs) {
      const { model, energy } = derived(spec);
      if (!model.T || !model.V) continue;
      // The energy keeps M's mass sums as factors (keptSums): simplify multiplies them out.
      expect(simplify(energy!), model.name).toBe(simplify(add(model.T, model.V)));
      compared++;
    }
    expect(compared).toBe(specs.length);
  });
});
