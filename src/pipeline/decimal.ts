// A number of the command line written as a plain decimal: read without the
// expression parser (run-values.ts parses anything else), so that a run
// given only such numbers never loads mathjs.
// Tests: test/pipeline/run-values.test.ts (any double).

/** A plain decimal, as a script passing doubles writes them (`-0.8414709848078965`, `1e-300`). */
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

/** The double a plain decimal names (`1e400` is Infinity), or undefined for any other text. */
export function decimalValue(text: string): number | undefined {
  return DECIMAL.test(text) ? Number(text) : undefined;
}
