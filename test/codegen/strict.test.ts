// Every committed generated module compiles under the strictest flags a
// user's project may set and uses nothing but the
// ECMAScript library: no Node.js types are loaded, so a `process`, `Buffer`
// or `require` in generated code fails here (browser-safe).
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';
import { strictTypeErrors } from '../helpers/native-tsc.js';

const generated = readdirSync(join(ROOT, 'generated'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join(ROOT, 'generated', f));

describe('generated/ under strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, noImplicitOverride', () => {
  it('has modules to check', () => {
    expect(generated.length).toBeGreaterThanOrEqual(12);
  });

  it('every module type-checks with the ES2022 library alone (no Node.js API)', () => {
    expect(strictTypeErrors(generated)).toEqual([]);
  });

  it('the check can fail: an unchecked index read and a Node.js global are reported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mechanics-strict-'));
    const file = join(dir, 'bad.ts');
    writeFileSync(file, 'export function f(a: Float64Array): number {\n  const x: number = a[0];\n  return x + process.hrtime()[0];\n}\n');
    const errors = strictTypeErrors([file]);
    expect(errors.some((e) => /undefined/.test(e))).toBe(true);
    expect(errors.some((e) => /process/.test(e))).toBe(true);
  });
});
