// The support pairs' constraints on the manifold they hold
// (src/derive/friction/support-manifold.ts): the planar prism with its pairs
// at a_s − g_s x along it (smirnov1981 §2, points fixed on the guides) has
// the gradients (−g_s θ, 1, a_s − g_s x) of y + (a_s − g_s x)θ, and on
// y = θ = 0 the rows (0, 1, a_s − g_s x), typed here; a model whose rows are
// already [T | 0] is left as it is.
import { describe, expect, it } from 'vitest';
import planes from '../../../derivations/point-between-planes.js';
import prism from '../../../derivations/prism-in-guides-planar.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { deriveConstraints } from '../../../src/derive/lagrange/lagrange1.js';
import { onSupportManifold } from '../../../src/derive/friction/support-manifold.js';
import { buildModel } from '../../../src/model/model.js';

describe('the support pairs on their manifold', () => {
  it('the prism with pairs fixed on the guides: −gθ leaves the x column, a − gx stays', () => {
    const model = buildModel(prism);
    const given = deriveConstraints(model)!;
    const env = { a1: -0.4, a2: 0.7, g1: 1, g2: 0, x: 0.3, y: 0.01, theta: 0.02, "x'": 1, "y'": 0.1, "theta'": 0.2 };
    const at = (rows: readonly (readonly Parameters<typeof evaluate>[0][])[]) => rows.map((r) => r.map((e) => evaluate(e, env)));
    // Off the manifold the x entries are −g θ: −0.02 for pair 1 (g1 = 1), 0 for pair 2.
    expect(at(given.A)[0]![0]).toBeCloseTo(-0.02, 12);
    const held = onSupportManifold(model, given);
    const rows = at(held.A);
    const expected = [
      [0, 1, -0.4 - 0.3],
      [0, 1, 0.7],
    ];
    rows.forEach((r, k) => r.forEach((v, j) => expect(v).toBeCloseTo(expected[k]![j]!, 12)));
    for (const b of held.bias) expect(evaluate(b, env)).toBe(0);
  });
  it('a pair whose rows are already [T | 0] (the point between planes) is left as it is', () => {
    const model = buildModel(planes);
    const given = deriveConstraints(model)!;
    expect(onSupportManifold(model, given)).toBe(given);
  });
});
