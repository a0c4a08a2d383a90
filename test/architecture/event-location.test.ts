// One event locator (src/runtime/hybrid/events.ts): every event-driven
// driver states its guards (src/runtime/hybrid/guards.ts) and calls
// `firstCrossing`; none brackets or refines a root itself, and the crossing
// type is declared once.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';

const LOCATOR = 'src/runtime/hybrid/events.ts';
const GUARDS = 'src/runtime/hybrid/guards.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });
}

const files = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'playground'))].map((path) => ({
  path: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));
/** The locator's internals: bracketing a sign change, refining it on a step's dense output. */
const INTERNALS = /\b(locateOnInterval|locateEvent)\b|\bcrosses\(/;
/** What a driver may take from the locator: the one entry point, the activation conditions, and types. */
const ALLOWED = new Set(['firstCrossing', 'ContactActivity', 'EventFunction', 'CrossingDirection', 'DenseInterval']);

describe('exactly one module does event location', () => {
  it('the locator exists and defines its entry point and internals', () => {
    const locator = files.find((f) => f.path === LOCATOR)!;
    expect(locator.text).toMatch(/export function firstCrossing\(/);
    expect(locator.text).toMatch(/function locateOnInterval\(/);
  });

  it.each(files.filter((f) => f.path !== LOCATOR).map((f) => [f.path, f.text] as const))('%s neither brackets nor refines a crossing itself', (_path, text) => {
    expect(text).not.toMatch(INTERNALS);
    for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[./]*(?:hybrid\/)?events\.js'/g)) {
      const names = m[1]!
        .split(',')
        .map(
          (s) =>
            s
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!,
        )
        .filter(Boolean);
      expect(names.filter((n) => !ALLOWED.has(n))).toEqual([]);
    }
  });

  it('declares the crossing and guard types once, in guards.ts', () => {
    const declaring = files.filter((f) => /\b(interface|type)\s+(Crossing|Guard)\b/.test(f.text)).map((f) => f.path);
    expect(declaring).toEqual([GUARDS]);
  });
});
