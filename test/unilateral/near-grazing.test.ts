// Near-grazing impacts (no silent wrong answers): states on
// the contact surfaces of every example whose closed contacts arrive with
// normal velocities from 1e-12 to 1e-3 of the state's speed — the slow
// arrivals a relative cut-off used to ignore. Over 3·10⁴ states per example:
//   - no contact is left penetrating: every closed contact ends with a
//     normal velocity ≥ 0 (to rounding of its own terms);
//   - no repeated-impact loop: where a closed contact still approaches
//     faster than the driver's rest velocity after the impact (so the driver
//     would impact again at the same instant), the second impact changes
//     nothing;
//   - a status other than 'ok' only where the sticking law (no friction
//     limit) can make every mode fail, or two contacts arrive at once in a
//     model that declares such a corner an error.
import { beforeAll, describe, expect, it } from 'vitest';
import { committedModule, derived, hasContacts, loadExamples } from '../helpers/examples.js';
import { contactRows, dot, norm, onSurfaces, randomParams, type Example } from '../helpers/contact-states.js';
import { solve } from '../helpers/numeric.js';
import { rng, uniform } from '../helpers/random.js';

const STATES_PER_EXAMPLE = 30_000;
/** Surface points per contact set; each gets many velocities (finding a point is the costly part). */
const POINTS = 40;
/** The event-driven driver's default threshold between a touchdown and an impact (contact.restVelocity). */
const REST_VELOCITY = 1e-6;

/** The contact sets that can be closed together: each contact alone and every declared scenario's. */
function contactSets(ex: Example): number[][] {
  const m = ex.sys.model.unilateral.length;
  return [...[...Array(m).keys()].map((j) => [j]), ...ex.sys.model.impactScenarios.map((sc) => [sc.arriving, ...sc.closed])];
}

describe('near-grazing impacts on every example with unilateral constraints', () => {
  const examples: Example[] = [];
  beforeAll(async () => {
    for (const { spec } of await loadExamples()) {
      if (!hasContacts(spec)) continue;
      examples.push({ spec, sys: derived(spec), mod: (await committedModule(spec.name))! });
    }
  });

  it('leave no contact penetrating and no impact to repeat (3·10⁴ states per example)', () => {
    const r = rng(2026);
    const lines: string[] = [];
    for (const ex of examples) {
      const { mod } = ex;
      const n = ex.sys.model.coordinates.length;
      const sets = contactSets(ex);
      const perPoint = Math.ceil(STATES_PER_EXAMPLE / (sets.length * POINTS));
      const sticks = ex.sys.model.unilateral.some((u) => u.law.kind === 'stick');
      let states = 0,
        penetrations = 0,
        loops = 0;
      const statuses: Record<string, number> = {};
      for (const S of sets) {
        for (let point = 0, attempts = 0; point < POINTS && attempts < 200 * POINTS; attempts++) {
          const params = randomParams(ex, r);
          const q = onSurfaces(ex, S, params, r);
          if (!q) continue;
          point++;
          const rows = S.map((j) => contactRows(ex, j, q, params)[0]!.row);
          for (let k = 0; k < perPoint; k++) {
            // A random velocity, shifted along the contact normals so that each closed contact j
            // arrives at U_j = −10^(−u)·|q̇|·|∂f_j/∂q|, u ∈ [3, 12] (Gram system of the normals).
            const qd = Array.from({ length: n }, () => uniform(r, -3, 3));
            const speed = norm(qd);
            const residual = rows.map((row) => -(10 ** -uniform(r, 3, 12)) * speed * norm(row) - dot(row, qd));
            const shift = solve(
              rows.map((a) => rows.map((b) => dot(a, b))),
              residual,
            );
            rows.forEach((row, a) => row.forEach((x, i) => (qd[i]! += shift[a]! * x)));
            states++;
            const res = mod.impact!(0, q, qd, params);
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            if (res.status !== 'ok') continue;
            for (let a = 0; a < S.length; a++) {
              const row = rows[a]!;
              // The rounding of the contact's own terms, before and after (as the impact map judges it).
              const terms = row.reduce((s, x, i) => s + Math.abs(x) * (Math.abs(qd[i]!) + Math.abs(res.qdPlus[i]!)), 0);
              if (dot(row, res.qdPlus) < -1e-9 * terms) penetrations++;
            }
            // The driver impacts again at the same instant only if a closed contact still
            // approaches faster than its rest velocity; that second impact must change nothing.
            if (!rows.some((row) => dot(row, res.qdPlus) < -REST_VELOCITY)) continue;
            const again = mod.impact!(0, q, res.qdPlus, params);
            if (again.status !== 'ok' || again.qdPlus.some((v, i) => Math.abs(v - res.qdPlus[i]!) > 1e-9 * Math.max(1, speed))) loops++;
          }
        }
      }
      lines.push(`${ex.spec.name}: ${states} states, ${penetrations} penetrating, ${loops} repeated, statuses ${JSON.stringify(statuses)}`);
      expect(states, ex.spec.name).toBeGreaterThanOrEqual(STATES_PER_EXAMPLE);
      expect(penetrations, `${ex.spec.name}: penetrating contacts`).toBe(0);
      expect(loops, `${ex.spec.name}: impacts that repeat`).toBe(0);
      // Named outcomes other than 'ok': a sticking contact (no friction limit) may have no
      // admissible mode, and two contacts arriving at once are a corner where the model asks for it.
      const allowed = [
        'ok',
        ...(sticks ? ['no-admissible-mode', 'several-admissible-modes'] : []),
        ...(ex.sys.model.multipleImpacts === 'error' ? ['corner-without-rule'] : []),
      ];
      for (const s of Object.keys(statuses)) expect(allowed, `${ex.spec.name}: status ${s}`).toContain(s);
    }
    if (process.env.UNILATERAL_REPORT) console.log(lines.join('\n'));
  });
});
