// The command line under bad input: output paths checked before the run,
// sizes and step counts bounded by documented caps that name the option
// lifting them, a model file that never finishes loading named, a path
// without its extension answered with the file meant, the same exit code
// for the same missing folder, and `list` saying that it runs model files.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unsettledLoadError } from '../../src/pipeline/model-loads.js';
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

describe('work is bounded by caps that name their option', () => {
  it('simulate --samples above 10⁶ is over-limit (exit 2), before the run', async () => {
    const dir = projectWith('ball.ts', BALL);
    const r = await cli('simulate', join(dir, 'ball.ts'), '--samples', '20000000');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('usage error [over-limit]: --samples 20000000 is more than the 1000000 samples');
  });

  it('Moreau–Jean refuses more than --max-steps steps (t1 − t0)/h before the first, and --max-steps lifts the cap', async () => {
    const dir = projectWith('ball.ts', BALL);
    const file = join(dir, 'ball.ts');
    const tiny = await cli('simulate', file, '--method', 'moreau-jean', '--h', '1e-12', '--t1', '10');
    expect(tiny.code).toBe(1);
    expect(tiny.stderr).toContain(
      "error [max-steps]: [model 'ball', field '--max-steps'] h = 1e-12 over t1 − t0 = 10 takes 1.00e+13 steps, more than --max-steps = 10000000",
    );
    const capped = await cli('simulate', file, '--method', 'moreau-jean', '--h', '1e-3', '--t1', '1', '--max-steps', '999');
    expect(capped.code).toBe(1);
    expect(capped.stderr).toContain('takes 1.00e+3 steps, more than --max-steps = 999; take a larger h or raise --max-steps');
    const lifted = await cli('simulate', file, '--method', 'moreau-jean', '--h', '1e-3', '--t1', '1', '--max-steps', '1000', '--samples', '2');
    expect(lifted.stderr).toBe('');
    expect(lifted.code).toBe(0);
  });

  it('a sweep grid above --max-cells (default 10⁵) is over-limit before anything runs; --max-cells raises it', async () => {
    const big = await cli('sweep', 'nothing-here', '--axis', 'y=0:1:1000', '--axis', "y'=0:1:1000");
    expect(big.code).toBe(2);
    expect(big.stderr).toContain("[over-limit]: the grid has 1000 (y) × 1000 (y') = 1000000 cells, more than --max-cells 100000");
    const raised = await cli('sweep', 'nothing-here', '--axis', 'y=0:1:3', '--max-cells', '2');
    expect(raised.stderr).toContain('= 3 cells, more than --max-cells 2');
    // Within the cap the sweep goes on, to the model (which does not exist).
    const within = await cli('sweep', 'nothing-here', '--axis', 'y=0:1:3', '--max-cells', '3');
    expect(within.stderr).toContain("[unknown-model]: no model file or model named 'nothing-here'");
  });

  it('sweep --workers above 4 per core is over-limit', async () => {
    const r = await cli('sweep', 'bouncing-ball', '--axis', 'y=0:1:2', '--workers', '100000');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\[over-limit\]: --workers 100000 is more than 4 per core/);
  });
});

describe('model files that do not answer, or are not where they were named', () => {
  it('a model file whose top-level await never settles is named while it loads (what the executable prints at exit)', async () => {
    const dir = projectWith('hang.ts', `${BALL}\nawait new Promise(() => {});\n`);
    expect(unsettledLoadError()).toBeUndefined();
    // Never awaited: it never settles, which is the point.
    void cli('list', join(dir, 'hang.ts'));
    let err = unsettledLoadError();
    for (let i = 0; err === undefined && i < 10_000; i++) {
      await new Promise((r) => setTimeout(r, 5));
      err = unsettledLoadError();
    }
    expect(err?.code).toBe('bad-model-file');
    expect(err?.message).toMatch(/hang\.ts never finished loading: its top-level code awaits a promise that nothing is left to settle/);
  });

  it('a path without its extension: did you mean the file with it', async () => {
    const dir = projectWith('ball.ts', BALL);
    const r = await cli('simulate', join(dir, 'ball'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error [unknown-model]: no model file or folder '${join(dir, 'ball')}'; did you mean ${join(dir, 'ball')}.ts?`);
  });

  it('list and derive in a folder without derivations/: the same usage error (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mechanics-empty-'));
    const home = process.cwd();
    process.chdir(dir);
    try {
      const [list, derive] = [await cli('list'), await cli('derive')];
      for (const r of [list, derive]) {
        expect(r.code).toBe(2);
        expect(r.stderr).toContain(`usage error: name model files or folders (there is no derivations/ folder in ${dir} to default to)`);
      }
    } finally {
      process.chdir(home);
    }
  });
});

describe('list says that it runs model files', () => {
  it('in its help and in the header of its output', async () => {
    expect((await cli('list', '--help')).stdout).toContain('Model files are code: list runs each file');
    const dir = projectWith('ball.ts', BALL);
    const r = await cli('list', join(dir, 'ball.ts'));
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`1 model in ${join(dir, 'ball.ts')} (model files are code: each file was run to read its model)`);
    expect(r.stdout.split('\n')[1]).toMatch(/^ball +/);
  });
});
