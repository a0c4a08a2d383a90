// Tests mirror the source tree (STYLE.md): every module under src/ has a
// test file at the mirrored path (src/a/b.ts → test/a/b.test.ts), or its
// header comment names the tests that cover it (a "Tests:" line with paths
// under test/, each of which must exist).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** The leading comment block of a file (a shebang line skipped). */
function header(text: string): string {
  const lines = text.split('\n');
  const start = lines[0]?.startsWith('#!') ? 1 : 0;
  const block: string[] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith('//')) break;
    block.push(line);
  }
  return block.join('\n');
}

const modules = sources(join(ROOT, 'src'))
  .map((p) => relative(ROOT, p))
  .sort();

describe('every source module has its tests', () => {
  it.each(modules)('%s', (module) => {
    const mirrored = module.replace(/^src\//, 'test/').replace(/\.ts$/, '.test.ts');
    if (existsSync(join(ROOT, mirrored))) return;
    const head = header(readFileSync(join(ROOT, module), 'utf8'));
    const named = [...head.matchAll(/\btest\/[\w./-]+/g)].map((m) => m[0].replace(/[.,;:)]+$/, ''));
    expect(named, `${module}: no ${mirrored} and no test named in its header`).not.toEqual([]);
    for (const path of named) expect(existsSync(join(ROOT, path)), `${module} names ${path}, which does not exist`).toBe(true);
  });
});
