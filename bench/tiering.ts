// Whether V8 has optimized the generated code a figure times, asked of V8
// itself (%GetOptimizationStatus), so that a per-call time measured in the
// interpreter is flagged instead of printed as the code's speed: a large
// module is optimized only after thousands of calls (the 60-link
// pendulum's after about 2 000), which no fixed warm-up guarantees.
import v8 from 'node:v8';
import type { GeneratedModule } from './generate.js';

/** V8's status bits (src/runtime/runtime-test.cc, OptimizationStatus). */
const TURBOFANNED = 1 << 6;
const LAZY = 1 << 18;

/**
 * Functions of at least this much source are too large for V8 to inline
 * (460 bytes of bytecode; a generated statement takes about one byte per
 * two characters): each runs as a call of its own, so each must be
 * optimized itself. A smaller one inlined into its optimized caller keeps
 * its own unoptimized status for good (the pendulum's qdd$), and one that
 * is not inlined is cheap and optimized after a few calls.
 */
const INLINE_CHARS = 2000;

/**
 * Natives syntax switched on around `f`: V8 parses the wrapper below when
 * it is made, compiles its body when it first runs and again after flushing
 * its bytecode, so the flag must hold each time (an n = 100 run that
 * switched it off after making the wrapper failed with a SyntaxError).
 */
function withNatives<T>(f: () => T): T {
  v8.setFlagsFromString('--allow-natives-syntax');
  try {
    return f();
  } finally {
    if (!process.execArgv.includes('--allow-natives-syntax')) v8.setFlagsFromString('--no-allow-natives-syntax');
  }
}

const getStatus = withNatives(() => new Function('f', 'return %GetOptimizationStatus(f)') as (f: unknown) => number);
const status = (f: unknown): number => withNatives(() => getStatus(f));

/**
 * Taken before a module's first call: `optimized()` then says whether every
 * function the calls since have compiled and that V8 cannot inline runs
 * optimized by TurboFan.
 */
export function tiering(mod: GeneratedModule): { optimized: () => boolean } {
  const large = mod.bench$functions.filter((f) => status(f) & LAZY && f.toString().length >= INLINE_CHARS);
  return { optimized: () => large.every((f) => status(f) & LAZY || status(f) & TURBOFANNED) };
}
