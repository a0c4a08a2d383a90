// The falling rod (derivations/falling-rod.ts) from its declared state: end A
// strikes first, the rod tips over onto end B and comes to rest lying on the
// floor (y = 0, θ = 0), both ends at heights y ∓ l sin θ ≥ 0 throughout; with
// only end A held it would fall through the floor and hang below it.
import { describe, expect, it } from 'vitest';
import rod from '../../derivations/falling-rod.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

const mod = await loadGenerated(derived(rod));
const params = Object.fromEntries(mod.model.parameters.map((p) => [p.name, p.default]));
const { q0, qd0, t1 } = mod.model.initial;
const run = simulate(mod, { q0, qd0, t1, params, samples: 3001 });

describe('the falling rod from its initial state', () => {
  it('keeps both ends above the floor: y − l sin θ ≥ 0 and y + l sin θ ≥ 0 at every sample', () => {
    const l = params.l!;
    const lowest = Math.min(...run.q.map(([, y, th]) => Math.min(y! - l * Math.sin(th!), y! + l * Math.sin(th!))));
    expect(lowest).toBeGreaterThan(-1e-9);
  });

  it('lands on A, then on B, and rests lying on the floor', () => {
    const struck = new Set(run.events.filter((e) => e.type === 'impact').flatMap((e) => e.contacts));
    expect([...struck].sort()).toEqual([0, 1]);
    expect(run.events.some((e) => e.type === 'rest')).toBe(true);
    const [, y, th] = run.q.at(-1)!;
    expect(y).toBeCloseTo(0, 9);
    expect(Math.sin(th!)).toBeCloseTo(0, 9);
  });
});
