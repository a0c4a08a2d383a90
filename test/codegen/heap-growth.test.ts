// A long-lived process (the playground's worker, `derive --watch`, a sweep
// worker) derives model after model with names of their own: it must not
// grow. Measured in a child `node --expose-gc` (test/helpers/heap-growth.ts)
// over n-link pendulums named after the run, after a warm-up (JIT code, the
// modules' own caches), so that what is asserted is the growth per model.
import { describe, expect, it } from 'vitest';
import { heapGrowth } from '../helpers/heap-growth.js';

const MB = 1024 * 1024;

describe('a process deriving many models with fresh names', () => {
  it('grows the heap by at most 5 MB over 200 derivations with their generated modules', () => {
    const { bytes, retained } = heapGrowth({ from: 100, until: 300, nMin: 2, nMax: 3, stages: ['codegen'] });
    console.log(`heap growth over 200 derivations and modules: ${(bytes / MB).toFixed(2)} MB`);
    expect(bytes).toBeLessThan(5 * MB);
    expect(retained).toEqual([]);
  });

  it('keeps no model once derived, generated and reported, the largest ones included', () => {
    // Each size is new in its first run: more placeholders (share.ts) than any block before.
    const { retained } = heapGrowth({ from: 1, until: 12, nMin: 2, nMax: 5, stages: ['codegen', 'report'] });
    expect(retained).toEqual([]);
  });
});
