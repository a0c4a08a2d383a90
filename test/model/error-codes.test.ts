// The error codes: one typed union in src/errors.ts, one row each in
// docs/errors.md (code, kind, meaning, typical fix), and the simulation's
// codes a part of the union.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorKind } from '../../src/errors.js';
import { IMPACT_ERROR_CODE, SIMULATION_ERROR_CODES } from '../../src/runtime/errors.js';

const table = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
/** The rows of the table: | `code` | kinds | meaning | fix |. */
const rows = [...table.matchAll(/^\| `([^`]+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)].map((m) => ({
  code: m[1]!,
  kinds: m[2]!.split(',').map((k) => k.trim()),
  meaning: m[3]!.trim(),
  fix: m[4]!.trim(),
}));
const KINDS: readonly ErrorKind[] = ['input', 'model', 'derivation', 'numeric', 'internal'];

describe('error codes', () => {
  it('docs/errors.md has one row for every code of the union, and no other', () => {
    expect(rows.map((r) => r.code).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('no code is listed twice, in the union or in the table', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });

  it('every row names known kinds, a meaning and a fix', () => {
    for (const r of rows) {
      for (const k of r.kinds) expect(KINDS, `${r.code}: kind '${k}'`).toContain(k);
      expect(r.meaning.length, r.code).toBeGreaterThan(10);
      expect(r.fix.length, r.code).toBeGreaterThan(5);
    }
  });

  it('the simulation codes, and the impact failure codes, are codes of the union', () => {
    for (const c of [...SIMULATION_ERROR_CODES, ...Object.values(IMPACT_ERROR_CODE)]) expect(ERROR_CODES).toContain(c);
  });
});
