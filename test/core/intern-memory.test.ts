// The intern table must not make a long-lived process grow: nodes nothing
// references any more are collected, while every node that is alive stays
// the one node of its structure (=== is equality).
//
// Heap sizes are read after a forced full GC. `gc` is exposed in this worker
// with the V8 flag set at run time and read from a fresh context (the
// documented alternative is a child `node --expose-gc` process). Between
// derivations the test yields to the event loop: a WeakRef made or
// dereferenced in a job keeps its target alive until the job ends
// (ECMA-262 AddToKeptObjects), so one synchronous loop frees nothing.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { add, cos, mul, num, pow, sin, structuralHash, sym, type Expr } from '../../src/core/expr.js';
import { buildModel } from '../../src/model/index.js';
import { deriveSystem } from '../../src/derive/system.js';
import { nLinkPendulum } from '../../derivations/n-link-pendulum.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const nextTask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function heapAfterGc(): Promise<number> {
  // Two rounds: the first lets the atom table's deferred sweep run.
  for (let i = 0; i < 2; i++) {
    await nextTask();
    gc();
  }
  return process.memoryUsage().heapUsed;
}

/** A 2-, 3- or 4-link pendulum whose coordinates and parameters are named after k: a model no earlier k built. */
function deriveModel(k: number): void {
  deriveSystem(buildModel(nLinkPendulum(2 + (k % 3), { q: `q${k}_`, m: `m${k}_`, l: `l${k}_` })));
}

describe('the intern table in a long-lived process', () => {
  // The table's growth over many derivations is test/codegen/heap-growth.test.ts's: 200 models derived and
  // generated in a child process, at most 5 MB, a superset of deriving alone.
  it('keeps one node per structure for nodes that survive collections', async () => {
    const u = sym('u_kept');
    const v = sym('v_kept');
    const kept: Expr = add(mul(u, sin(v)), pow(cos(u), 2));
    // Garbage built over the same symbols, collected in between.
    for (let k = 0; k < 2000; k++) add(mul(u, sin(v), sym(`w${k}`)), pow(cos(u), k + 3));
    await heapAfterGc();
    for (let k = 0; k < 10; k++) deriveModel(1000 + k);
    await heapAfterGc();
    expect(add(pow(cos(sym('u_kept')), 2), mul(sin(sym('v_kept')), sym('u_kept')))).toBe(kept);
    expect(sym('u_kept')).toBe(u);
  });
});

describe('the parent lists of the intern table', () => {
  it('finds every node again under an anchor with thousands of parents, hash collisions included', () => {
    // k·b·a for k = 2, 3, … and 16 symbols b made before a: all registered
    // on a (their youngest child), whose parents become a hash table; run
    // until two of them share a hash (expected after ≈ 80,000 of 2³² values),
    // so that a probe passes a node of the same hash that is not the one asked.
    const bs = Array.from({ length: 16 }, (_, j) => sym(`b_of_many${j}`));
    const a = sym('anchor_of_many');
    const made: Expr[] = [];
    const byHash = new Map<number, Expr>();
    let pair: [Expr, Expr] | undefined;
    for (let i = 0; pair === undefined && i < 2_000_000; i++) {
      const e = mul(num(2 + (i >> 4)), bs[i & 15]!, a);
      made.push(e);
      const other = byHash.get(structuralHash(e));
      if (other) pair = [other, e];
      else byHash.set(structuralHash(e), e);
    }
    if (pair === undefined) throw new Error('no hash collision among 2·10⁶ products');
    expect(pair[0]).not.toBe(pair[1]);
    made.forEach((e, i) => {
      if (mul(a, bs[i & 15]!, num(2 + (i >> 4))) !== e) throw new Error(`product ${i} was made again`);
    });
  });

  it('a node costs its fields and exact-length lists: under 400 bytes per product of four factors, 450 per sum of three terms', async () => {
    const xs = Array.from({ length: 200 }, (_, i) => sym(`x_bytes${i}`));
    const count = 20_000;
    const held: Expr[] = [];
    const h0 = await heapAfterGc();
    for (let k = 0; k < count; k++) held.push(mul(xs[k % 200]!, pow(xs[(k * 7 + 3) % 200]!, 2), sin(xs[(k * 13 + 5) % 200]!), xs[Math.floor(k / 200) % 200]!));
    const h1 = await heapAfterGc();
    for (let k = 0; k < count; k++) held.push(add(held[k]!, mul(num(2), xs[(k * 3) % 200]!), xs[(k * 11 + 1) % 200]!));
    const h2 = await heapAfterGc();
    const perProduct = (h1 - h0) / count;
    const perSum = (h2 - h1) / count;
    console.log(`bytes per product ${perProduct.toFixed(0)}, per sum ${perSum.toFixed(0)}`);
    // Measured (V8 without pointer compression): 272 and 383; 591 and 495
    // with a Rational per coefficient, a factor object per factor and lists
    // kept at the capacity push left them.
    expect(perProduct).toBeLessThan(400);
    expect(perSum).toBeLessThan(450);
    expect(held.length).toBe(2 * count);
  });
});
