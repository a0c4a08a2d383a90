// The command line under bad input: output paths checked before the run.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BALL, cli, projectWith } from './run-cli.js';

describe('output paths are checked before the run', () => {
  it('simulate --out in a missing folder, or naming a folder: bad-output (exit 2) before the model is even loaded', async () => {
    const dir = projectWith('ball.ts', BALL);
    // The model does not exist: an error about it would mean the run came first.
    for (const [out, cause] of [
      [join(dir, 'no', 'such', 'x.csv'), `there is no folder ${join(dir, 'no', 'such')}`],
      [dir, 'it is a folder; name a file in it'],
    ]) {
      const r = await cli('simulate', join(dir, 'nothing-here.ts'), '--out', out!);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`usage error [bad-output]: cannot write --out ${out}: ${cause}`);
      expect(r.stderr).not.toMatch(/internal|\n\s+at /);
    }
  });

  it('sweep --out and --plot, and derive --out under a file: bad-output (exit 2)', async () => {
    const dir = projectWith('ball.ts', BALL);
    for (const option of ['--out', '--plot']) {
      const r = await cli('sweep', join(dir, 'nothing-here.ts'), '--axis', 'y=1:2:2', option, join(dir, 'no', 'x'));
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`[bad-output]: cannot write ${option} ${join(dir, 'no', 'x')}: there is no folder`);
    }
    const r = await cli('derive', join(dir, 'nothing-here.ts'), '--out', join(dir, 'ball.ts', 'build'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`[bad-output]: cannot write --out ${join(dir, 'ball.ts', 'build')}: ${join(dir, 'ball.ts')} is a file, not a folder`);
  });
});
