// `mechanics sweep`: the bouncing ball over its drop height and restitution
// as JSON and as CSV (which reads back to the same values), a heat map
// written with --plot, the rimless wheel's gait over the slope, a cell whose
// start penetrates kept with its error, a one-sided range swept between
// given ends (the hinge's I > m l²), and usage errors.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAxis } from '../../src/cli/sweep.js';
import { cli } from './run-cli.js';

type Cell = Record<string, number | boolean | string | null>;
interface SweepJson {
  model: string;
  axes: { name: string; from: number; to: number; count: number }[];
  cells: Cell[];
}

async function sweepOut(...argv: string[]): Promise<string> {
  const r = await cli('sweep', ...argv);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

/** RFC 4180 fields, then each read as the JSON value it prints: '' null, true/false, a number, else text. */
function readCsv(text: string): Cell[] {
  const rows: string[][] = [];
  let row: string[] = [],
    field = '',
    quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\n') row.push(field), rows.push(row), (row = []), (field = '');
    else field += ch;
  }
  const [header, ...body] = rows;
  const value = (s: string): Cell[string] =>
    s === '' ? null : s === 'true' ? true : s === 'false' ? false : /^-?\d/.test(s) && Number.isFinite(Number(s)) ? Number(s) : s;
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, value(r[i]!)])));
}

const BALL_AXES = ['--axis', 'y=0.2:2:3', '--axis', 'e=0.3:0.9:3', '--t', '2', '--classify', 'impacts'];

describe('mechanics sweep', () => {
  it('prints { model, axes, cells } with every column in every cell, and CSV that reads back to the same values', async () => {
    const json = JSON.parse(await sweepOut('bouncing-ball', ...BALL_AXES, '--workers', '2')) as SweepJson;
    expect(json.model).toBe('bouncing-ball');
    expect(json.axes).toEqual([
      { name: 'y', from: 0.2, to: 2, count: 3 },
      { name: 'e', from: 0.3, to: 0.9, count: 3 },
    ]);
    expect(json.cells.length).toBe(9);
    expect(Object.keys(json.cells[0]!)).toEqual(['y', 'e', 'impacts', 'impacts floor', 'rest', 'rest t', 'last impact t', 'error']);
    // Dropped from 2 m with e = 0.3: the impacts accumulate at √(2h/g)(1 + 2e/(1 − e)) ≈ 1.18 s, before t = 2.
    const last = json.cells[2]!;
    expect([last.y, last.e, last.rest, last.error]).toEqual([0.2, 0.9, false, null]);
    const rest = json.cells[6]!;
    expect(rest.rest).toBe(true);
    expect(rest['rest t'] as number).toBeCloseTo(Math.sqrt(4 / 9.81) * (1 + 0.6 / 0.7), 6);
    const csv = await sweepOut('bouncing-ball', ...BALL_AXES, '--format', 'csv', '--workers', '1');
    expect(csv.split('\n')[0]).toBe('y,e,impacts,impacts floor,rest,rest t,last impact t,error');
    expect(readCsv(csv)).toEqual(json.cells);
  });

  it('writes the output and a heat map of the chosen value', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sweep-cli-'));
    const out = join(dir, 'ball.json'),
      plot = join(dir, 'ball.svg');
    expect(await sweepOut('bouncing-ball', ...BALL_AXES, '--out', out, '--plot', plot, '--value', 'rest')).toBe('');
    const json = JSON.parse(readFileSync(out, 'utf8')) as SweepJson;
    const svg = readFileSync(plot, 'utf8');
    expect(svg.startsWith('<svg class="plot sweep" id="sweep"')).toBe(true);
    expect(svg).toContain('<title id="sweep-title">Bouncing ball: rest over y and e</title>');
    expect(svg.match(/<title>y = /g)?.length).toBe(9);
    expect(json.cells.filter((c) => c.rest === true).length).toBe((svg.match(/: true<\/title>/g) ?? []).length);
  });

  it('keeps a cell whose start the model does not allow, with the model’s error', async () => {
    const json = JSON.parse(await sweepOut('bouncing-ball', '--axis', 'y=-1:1:3', '--t', '0.1')) as SweepJson;
    expect(json.cells.map((c) => c.error === null)).toEqual([false, true, true]);
    expect(json.cells[0]!.error).toMatch(/^initial-penetration: .*floor/);
    expect(json.cells[0]!['y(t)']).toBeNull();
    // From rest at y = 1, 0.1 s of free fall.
    expect(json.cells[2]!['y(t)'] as number).toBeCloseTo(1 - 9.81 * 0.005, 9);
  });

  it('sweeps a one-sided range between the ends it is given: a cell at I ≤ m l² keeps the named error, the others run', async () => {
    const json = JSON.parse(await sweepOut('rough-hinge-pendulum', '--axis', 'I=0.1:0.5:3', '--t', '0.01', '--workers', '1')) as SweepJson;
    expect(json.cells.map((c) => c.error === null)).toEqual([false, true, true]);
    expect(json.cells[0]!.error).toBe("bad-range: [model 'rough-hinge-pendulum', field 'params'] parameter 'I' is 0.1; it must be > l^2*m");
    expect(json.cells[2]!['phi(t)'] as number).toBeGreaterThan(1);
  });

  it('finds the rimless wheel’s gait cell by cell over the slope (--classify orbit)', async () => {
    const json = JSON.parse(await sweepOut('rimless-wheel', '--axis', 'gamma=0.15:0.25:2', '--classify', 'orbit', '--section', 'contact:spoke2')) as SweepJson;
    // Rubanovich–Formalsky (2.6): after each impact ψ̇⁺ = −r ω⁻ with ω⁻² = 4g sin α sin γ/(l(1 + I*)(1 − r²)).
    const alpha = Math.PI / 6,
      r = (0.5 + Math.cos(2 * alpha)) / 1.5;
    for (const c of json.cells) {
      expect(c.found).toBe(true);
      expect(c.stable).toBe(true);
      const w = Math.sqrt((4 * 9.81 * Math.sin(alpha) * Math.sin(c.gamma as number)) / (1.5 * (1 - r * r)));
      expect(c["psi'*"] as number).toBeCloseTo(-r * w, 8);
    }
  });

  it('says what is wrong with the command line (exit 2)', async () => {
    for (const [argv, message] of [
      [['bouncing-ball'], /one or two --axis/],
      [['bouncing-ball', '--axis', 'y=0:1'], /--axis needs name=from:to:count/],
      [['bouncing-ball', '--axis', 'y=0:1:2', '--format', 'xml'], /--format must be one of json, csv/],
      [['bouncing-ball', '--axis', 'y=0:1:2', '--classify', 'orbit', '--t', '3'], /--t applies to --classify final and impacts/],
      [['bouncing-ball', '--axis', 'y=0:1:2', '--section', 'contact:floor'], /--section applies to --classify orbit only/],
      [['bouncing-ball', '--axis', 'y=0:1:2', '--max-time', '5'], /--max-time applies to --classify orbit only/],
      [['bouncing-ball', '--axis', 'y=0:1:2', '--workers', '1.5'], /--workers must be a positive integer/],
    ] as const) {
      const r = await cli('sweep', ...argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });

  it('reads an axis name=from:to:count, a velocity axis included', () => {
    expect(parseAxis("y'=0:pi/2:7")).toEqual({ name: "y'", from: '0', to: 'pi/2', count: 7 });
    expect(parseAxis('e=-1:1e-3:2')).toEqual({ name: 'e', from: '-1', to: '1e-3', count: 2 });
  });
});
