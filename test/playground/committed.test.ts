// docs/playground/ is committed build output (like docs/): it must be what
// `npm run build:playground` makes from the sources now, file for file and
// byte for byte (the run's one build, test/helpers/playground.ts). That the
// build gives the same bytes every time is this check too: the committed
// files were built in another process, from the same sources.
// Tests: playground/build.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUT } from '../../playground/build.js';
import { ROOT } from '../helpers/examples.js';
import { builtPlayground } from '../helpers/playground.js';

const SITE = join(ROOT, OUT);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [relative(SITE, join(dir, f)).split(sep).join('/')],
  );
}

describe('the committed playground', () => {
  let built: Map<string, string | Uint8Array>;
  beforeAll(async () => {
    built = await builtPlayground();
  });

  it('is the build of the current sources (run npm run build:playground when this fails)', async () => {
    expect(existsSync(join(SITE, 'index.html')), `${OUT} is not built`).toBe(true);
    expect(filesUnder(SITE).sort()).toEqual([...built.keys()].sort());
    for (const [rel, contents] of built) {
      const bytes = typeof contents === 'string' ? Buffer.from(contents, 'utf8') : Buffer.from(contents);
      expect(readFileSync(join(SITE, rel)).equals(bytes), `${OUT}/${rel} is stale`).toBe(true);
    }
  });

  it('ships every example of derivations/ in its menu, as source text', () => {
    const page = built.get('playground.js') as string;
    for (const f of readdirSync(join(ROOT, 'derivations')).filter((f) => f.endsWith('.ts'))) expect(page, f).toContain(JSON.stringify(`derivations/${f}`));
  });
});
