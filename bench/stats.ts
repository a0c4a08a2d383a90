// Robust summaries of repeated timings: this 2-core machine is shared and
// noisy, so every figure of the bench is a median of runs, and every line
// the median of several processes with their spread (merged below).

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * The median's 95 % confidence interval, free of any assumption on the
 * values' distribution: the order statistics x₍ⱼ₊₁₎ and x₍ₙ₋ⱼ₎ with j the
 * largest count for which P(Binomial(n, ½) ≤ j) ≤ 2.5 % (each side of the
 * true median holds a value with probability ½). Below 6 values no j
 * qualifies and the interval is the whole range, which then covers less.
 */
export function medianInterval(xs: readonly number[]): [number, number] {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  let j = 0;
  // P(B = i) = C(n, i) / 2ⁿ, summed while the tail stays within 2.5 %.
  for (let term = 2 ** -n, cdf = term; j + 1 < n / 2; ) {
    term = (term * (n - j)) / (j + 1);
    if (cdf + term > 0.025) break;
    cdf += term;
    j++;
  }
  return [s[j]!, s[n - 1 - j]!];
}

/** Milliseconds of one call of f, and its result. */
export function timed<T>(f: () => T): [T, number] {
  const s = performance.now();
  const r = f();
  return [r, performance.now() - s];
}

/** Round to `digits` decimals (JSON lines stay short). */
export const round = (x: number, digits = 1): number => +x.toFixed(digits);

type Line = Record<string, unknown>;

/**
 * One line from the same figure measured in several processes: a number
 * that differs between them becomes their median, with [min, max] under
 * `spread`; a flag (the pendulum's `optimized`) holds only if it holds in
 * every process; everything else (sizes, counts, q̈, impact times) is the
 * same in every process and kept as it is. `processes` says how many there were.
 */
export function merge(lines: readonly Line[]): Line {
  const first = lines[0]!;
  if (lines.length === 1) return first;
  const out: Line = {};
  const spread: Record<string, [number, number]> = {};
  for (const [key, value] of Object.entries(first)) {
    const values = lines.map((l) => l[key]);
    if (typeof value === 'boolean') out[key] = values.every((v) => v === true);
    else if (typeof value === 'number' && values.every((v) => typeof v === 'number') && values.some((v) => v !== value)) {
      const xs = values as number[];
      out[key] = median(xs);
      spread[key] = [Math.min(...xs), Math.max(...xs)];
    } else out[key] = value;
  }
  return { ...out, processes: lines.length, ...(Object.keys(spread).length ? { spread } : {}) };
}

/** What tells one figure's lines from another's in a run (the kind, peer, size, model, command, sweep route and workers). */
const identity = (l: Line): string => JSON.stringify([l.bench, l.peer, l.n, l.model, l.command, l.from, l.to, l.route, l.workers]);

/** The lines of `times` runs of `run` (each in processes of its own), merged figure by figure in first-seen order. */
export function repeated(times: number, run: () => readonly Line[]): Line[] {
  const groups = new Map<string, Line[]>();
  for (let r = 0; r < times; r++) for (const line of run()) groups.set(identity(line), [...(groups.get(identity(line)) ?? []), line]);
  return [...groups.values()].map(merge);
}
