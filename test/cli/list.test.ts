// `mechanics list`: one line per model (name, title, file), from a file or
// a folder; a name that is neither is the named error.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BALL, cli, projectWith } from './run-cli.js';

describe('mechanics list', () => {
  it("prints each model's name and file, from a folder in file order", async () => {
    const dir = projectWith('b.ts', BALL);
    writeFileSync(join(dir, 'a.ts'), BALL.replace("name: 'ball'", "name: 'first', title: 'The first'"));
    const r = await cli('list', dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [header, ...lines] = r.stdout.trimEnd().split('\n');
    expect(header).toBe(`2 models in ${dir} (model files are code: each file was run to read its model)`);
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(['first', 'ball']);
    expect(lines[0]).toContain('The first');
    expect(lines[0]!.endsWith('a.ts')).toBe(true);
  });

  it('a path that is neither a model file nor a model name is unknown-model, exit 1', async () => {
    const r = await cli('list', join(projectWith('b.ts', BALL), 'nowhere.ts'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error [unknown-model]');
  });
});
