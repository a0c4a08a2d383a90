// bench/tiering.ts against V8's own switches: a large function that has run
// only in the interpreter is reported unoptimized, the same one after V8 was
// told to optimize it is reported optimized, and one never called does not
// count. Nothing is timed.
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { loadGenerated } from '../../bench/generate.js';
import { merge } from '../../bench/stats.js';
import { tiering } from '../../bench/tiering.js';

/** A module with two straight-line functions far beyond V8's inlining size, as the generated kernels' chunks are. */
const SOURCE = ['hot', 'cold']
  .map((name) => {
    const steps = Array.from({ length: 150 }, (_, i) => `  s = s * 0.999 + Math.sin(x + ${i});`).join('\n');
    return `export function ${name}(x: number): number {\n  let s = x;\n${steps}\n  return s;\n}\n`;
  })
  .join('');

/** V8's %OptimizeFunctionOnNextCall for f, natives syntax on only to compile the call. */
function optimizeOnNextCall(f: unknown): void {
  v8.setFlagsFromString('--allow-natives-syntax');
  try {
    new Function('f', '%PrepareFunctionForOptimization(f); f(0.5); %OptimizeFunctionOnNextCall(f);')(f);
  } finally {
    if (!process.execArgv.includes('--allow-natives-syntax')) v8.setFlagsFromString('--no-allow-natives-syntax');
  }
}

describe('tiering', () => {
  it('flags a large function run in the interpreter, and no longer once V8 has optimized it', async () => {
    const mod = await loadGenerated(SOURCE);
    const hot = (mod as unknown as Record<string, (x: number) => number>).hot!;
    expect(mod.bench$functions.map((f) => f.name)).toEqual(['hot', 'cold']);
    const tier = tiering(mod);
    expect(tier.optimized()).toBe(true);
    hot(0.1);
    expect(tier.optimized()).toBe(false);
    optimizeOnNextCall(hot);
    hot(0.2);
    expect(tier.optimized()).toBe(true);
  });

  it('keeps a flag of merged processes only when every process has it', () => {
    const line = (optimized: boolean, ns: number) => ({ bench: 'pendulum', n: 40, rhsNs: ns, optimized });
    expect(merge([line(true, 3), line(false, 1), line(true, 2)])).toMatchObject({ optimized: false, rhsNs: 2, spread: { rhsNs: [1, 3] } });
    expect(merge([line(true, 3), line(true, 1)]).optimized).toBe(true);
  });
});
