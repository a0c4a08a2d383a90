// Hinges from a model (src/derive/friction/hinges.ts): the rough-hinge pendulum's
// data of (★), built from its Lagrangian and pin constraints, against
// Smirnov's pendulum written by hand in journal.ts (pendulumHinge), the
// n-gon table converging to the iteration (2.6), and the self-locking
// threshold √(1 + f²) I/(r m l) of (2.5).
import { describe, expect, it } from 'vitest';
import pendulum from '../../../derivations/rough-hinge-pendulum.js';
import { journalConvergence } from '../../../src/derive/friction/journal.js';
import { derived } from '../../helpers/examples.js';
import { expectClose } from '../../helpers/numeric.js';

describe('rough-hinge pendulum', () => {
  const sys = derived(pendulum);
  const [h] = sys.hinges;
  const m = 1,
    l = 0.5,
    I = 0.05 + m * l * l,
    g = 9.81,
    r = 0.05,
    f = 0.3,
    fr = 0.35;
  it('one hinge with its data at the initial state (φ = 1, φ̇ = 2)', () => {
    expect(sys.hinges.length).toBe(1);
    expect(h!.atInitial).toBeDefined();
    expect(h!.atInitial!.journal).toEqual({ radius: r, friction: f, reduced: fr });
  });
  it("the model-derived table equals the hand-written pendulum's, row by row", () => {
    const ref = journalConvergence({ mass: m, length: l, inertia: I, gravity: g }, { radius: r, friction: f, reduced: fr }, 1, 2);
    const at = h!.atInitial!;
    expectClose(at.limit.acceleration, ref.limit.phiddot, 1e-12);
    expect(at.table.map((row) => row.n)).toEqual(ref.rows.map((row) => row.n));
    at.table.forEach((row, k) => {
      expectClose(row.acceleration, ref.rows[k]!.phiddot, 1e-12);
      expectClose(row.critical, ref.rows[k]!.critical, 1e-12);
    });
    expectClose(at.critical, ref.critical, 1e-12);
  });
  it('the n-gon converges to the iteration: error at n = 96 below 1e-3 of |θ̈|, decreasing from n = 6 on', () => {
    const { table, limit } = h!.atInitial!;
    expect(table.at(-1)!.error).toBeLessThan(1e-3 * Math.abs(limit.acceleration));
    const tail = table.filter((row) => row.n >= 6).map((row) => row.error);
    for (let k = 1; k < tail.length; k++) expect(tail[k]).toBeLessThan(tail[k - 1]!);
    expect(limit.status).toBe('converged');
  });
  it("self-locking threshold f_r* = √(1 + f²) I/(r m l) (2.5), above the model's f_r", () => {
    expectClose(h!.atInitial!.critical, (Math.sqrt(1 + f * f) * I) / (r * m * l), 1e-12);
    expect(fr).toBeLessThan(h!.atInitial!.critical);
  });
});
