// rhsJacobian of every example (src/codegen/jacobian.ts) against central
// finite differences of the module's own rhs at random states: the
// derivative of what the module integrates, retaining constraints included.
import { describe, expect, it } from 'vitest';
import { derived, loadExamples, paramsOf, qdOf, qOf, randomEnv, STATE_OPTIONS } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { rng } from '../helpers/random.js';

const examples = await loadExamples();

describe.each(examples.map((e) => [e.spec.name, e] as const))('%s', (name, example) => {
  it('rhsJacobian equals the central difference of rhs at 10 random states', async () => {
    const sys = derived(example.spec);
    const mod = await loadGenerated(sys);
    const { model } = sys;
    const n = model.coordinates.length;
    const r = rng(31);
    let worst = 0;
    for (let trial = 0; trial < 10; trial++) {
      // Polar angles off the poles (the spherical pendulum's M is singular there); the bicycle and the rolling disk on their side of lying flat (STATE_OPTIONS).
      const onSide = name === 'bicycle' || name === 'rolling-disk';
      const env = randomEnv(model, r, { q: { theta: [0.3, 2.8], ...(onSide ? STATE_OPTIONS[name]!.q : {}) } });
      const x = Float64Array.from([...qOf(model, env), ...qdOf(model, env)]);
      const p = paramsOf(model, env);
      const J = mod.rhsJacobian!(env.t!, x, p);
      const fp = new Float64Array(2 * n),
        fm = new Float64Array(2 * n);
      for (let k = 0; k < 2 * n; k++) {
        const h = 1e-6 * Math.max(1, Math.abs(x[k]!));
        const xp = Float64Array.from(x),
          xm = Float64Array.from(x);
        xp[k] += h;
        xm[k] -= h;
        mod.rhs(env.t!, xp, p, fp);
        mod.rhs(env.t!, xm, p, fm);
        for (let i = 0; i < 2 * n; i++) {
          const fd = (fp[i]! - fm[i]!) / (2 * h);
          const Jik = J[i * 2 * n + k]!;
          worst = Math.max(worst, Math.abs(fd - Jik) / (1 + Math.abs(fd) + Math.abs(Jik)));
        }
      }
    }
    expect(worst).toBeLessThan(1e-5);
  });
});
