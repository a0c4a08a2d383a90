// The order of a paper's numbered items: "(1.7)" before "(1.20)", "§2"
// before "(3.1)", by the numbers they carry, left to right.
// Tests: test/report/papers-page.test.ts.

const numbers = (e: string): number[] => (e.match(/\d+/g) ?? []).map(Number);

/** Negative when equation number a comes before b (a sort comparator). */
export function equationOrder(a: string, b: string): number {
  const [x, y] = [numbers(a), numbers(b)];
  const k = x.findIndex((v, i) => v !== y[i]);
  return k < 0 ? x.length - y.length : x[k]! - (y[k] ?? -Infinity);
}
