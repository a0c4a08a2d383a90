// npm run bench in its quick mode: what it prints is JSON lines with the
// fields other tools read, and the figures that are not timings
// are right. No timing is asserted. The peers' lines are checked when SymPy
// or Siconos are installed (bench/peers.ts finds them), and SymPy's q̈ must
// then agree with ours: two independent derivations of the same pendulum.
// The sweep through the queue runs when redis-server is installed (the bench
// starts its own) and must give the local pool's CSV.
import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../bench/run.js';
import { pythonWith } from '../../bench/peers.js';

type Line = Record<string, unknown>;

async function quickRun(): Promise<{ stdout: string; lines: Line[] }> {
  let stdout = '';
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void (stdout += `${a.join(' ')}\n`));
  try {
    await main(['--quick']);
  } finally {
    log.mockRestore();
  }
  return {
    stdout,
    lines: stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Line),
  };
}

const FIELDS: Record<string, string[]> = {
  pendulum: ['n', 'deriveMs', 'codegenMs', 'rhsNs', 'optimized', 'ops', 'acc'],
  'moreau-jean': ['model', 'contacts', 'h', 'steps', 'stepsPerSec'],
  'event-driven': ['model', 'tRest', 'wallMs'],
  machine: ['date', 'node', 'cpus', 'loadStart', 'loadEnd', 'processes'],
  'pendulum-routes': ['n', 'articulatedNs', 'optimized'],
  sweep: ['basin', 'route', 'workers', 'cells', 'chunk', 'cellsPerSec', 'wallMs', 'cpuMs', 'cpuUsPerCell', 'csvSha'],
  'sweep-overhead': ['basin', 'workers', 'chunk', 'rounds', 'overheadPct', 'cpuOverheadPct', 'targetPct', 'spread', 'ci95', 'load'],
  // The dense route's denseRhsNs and denseModuleKB: full runs only.
  bicycle: ['deriveMs', 'linearizeMs', 'simplifiedMs', 'codegenMs', 'rhsNs', 'moduleKB', 'eigenvalues'],
  'target-c': ['model', 'n', 'cNs', 'tsNs', 'maxDiff'],
  'target-python': ['model', 'n', 'pythonNs'],
};
/** A line of a tool that is missing: the queue's without redis-server (with its route), the C or Python module's without gcc or NumPy. */
const SKIPPED_FIELDS = (line: Line): string[] => (line.bench === 'sweep' ? ['route', 'skipped'] : ['skipped']);
const REDIS_SERVER = spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0;
const PEER_FIELDS: Record<string, string[]> = {
  pendulum: ['n', 'deriveMs', 'rhsNs', 'acc'],
  'moreau-jean': FIELDS['moreau-jean']!,
  bicycle: ['deriveMs', 'linearizeMs', 'eigenvalues'],
};

/** The double pendulum's q̈ in closed form (absolute angles, point masses, m = l = 1). */
function doublePendulum(q: readonly number[], qd: readonly number[], g: number): number[] {
  const [a, b] = q as [number, number];
  const [u, v] = qd as [number, number];
  const den = 3 - Math.cos(2 * a - 2 * b);
  return [
    (-3 * g * Math.sin(a) - g * Math.sin(a - 2 * b) - 2 * Math.sin(a - b) * (v * v + u * u * Math.cos(a - b))) / den,
    (2 * Math.sin(a - b) * (2 * u * u + 2 * g * Math.cos(a) + v * v * Math.cos(a - b))) / den,
  ];
}

describe('npm run bench --quick', () => {
  const run = quickRun();

  it('prints one JSON object per line, each with the fields of its kind', async () => {
    const { stdout, lines } = await run;
    expect(stdout.split('\n').filter((l) => l.trim()).length).toBe(lines.length);
    for (const line of lines) {
      const fields =
        line.skipped !== undefined ? SKIPPED_FIELDS(line) : line.peer === undefined ? FIELDS[line.bench as string] : PEER_FIELDS[line.bench as string];
      expect(fields, JSON.stringify(line)).toBeDefined();
      for (const f of fields!) expect(line, `${f} in ${JSON.stringify(line)}`).toHaveProperty(f);
    }
    expect(lines.filter((l) => l.bench === 'pendulum' && l.peer === undefined).map((l) => l.n)).toEqual([2, 3]);
    expect(lines.filter((l) => l.bench === 'moreau-jean' && l.peer === undefined).map((l) => [l.model, l.contacts])).toEqual([
      ['bouncing-ball', 1],
      ['ball-chain-5', 4],
      ['block-stack-3', 3],
    ]);
    expect(lines.filter((l) => l.bench === 'event-driven')).toHaveLength(1);
  });

  it('reports the double pendulum’s accelerations of the closed form, and q̈ of length n', async () => {
    const { lines } = await run;
    const ours = lines.filter((l) => l.bench === 'pendulum' && l.peer === undefined);
    for (const l of ours) expect((l.acc as number[]).length).toBe(l.n);
    const acc = ours.find((l) => l.n === 2)!.acc as number[];
    doublePendulum([0.1, 0.7], [-0.3, 0.4], 9.81).forEach((a, i) => expect(acc[i]).toBeCloseTo(a, 12));
  });

  it('linearizes the bicycle to the benchmark’s eigenvalues at 5 m/s (Meijaard et al. 2007, Table 2), without SymPy’s peer in the quick run', async () => {
    const { lines } = await run;
    const bicycle = lines.filter((l) => l.bench === 'bicycle');
    expect(bicycle.map((l) => l.peer)).toEqual([undefined]);
    const table = [
      [-14.07838969279822, 0],
      [-0.77534188219585, -4.46486771378823],
      [-0.77534188219585, 4.46486771378823],
      [-0.32286642900409, 0],
    ];
    (bicycle[0]!.eigenvalues as number[][]).forEach(([re, im], k) => {
      expect(re).toBeCloseTo(table[k]![0]!, 5);
      expect(im).toBeCloseTo(table[k]![1]!, 5);
    });
  });

  it('times the chain’s q̈ by both routes, whose q̈ agree', async () => {
    const { lines } = await run;
    const routes = lines.filter((l) => l.bench === 'pendulum-routes');
    expect(routes.map((l) => l.n)).toEqual([3]);
    expect(routes[0]!.maxDiff).toBeLessThanOrEqual(1e-10);
  });

  it('steps Moreau–Jean t1/h times and ends the event-driven cascade at the rest time t* of the closed form', async () => {
    const { lines } = await run;
    for (const l of lines.filter((x) => x.bench === 'moreau-jean' && x.peer === undefined))
      expect(l.steps).toBe(Math.round((l.t1 as number) / (l.h as number)));
    // The many-contact models are timed by the dense route too (bench/time-stepping.ts).
    for (const l of lines.filter((x) => x.bench === 'moreau-jean' && x.peer === undefined && x.model !== 'bouncing-ball'))
      for (const f of ['cpuUsPerStep', 'denseCpuUsPerStep', 'sparseSpeedup']) expect(l, f).toHaveProperty(f);
    const mj = lines.find((l) => l.model === 'bouncing-ball' && l.peer === undefined)!;
    // First impact at √(2/g) = 0.4515…, reported at the end of its step.
    expect((mj.impacts as number[])[0]).toBeCloseTo(0.453, 6);
    const ed = lines.find((l) => l.bench === 'event-driven')!;
    // t* = √(2y₀/g) + 2√(2gy₀)e/(g(1 − e)) = 4.06371… for y₀ = 1, e = 0.8.
    expect(ed.tRestExact).toBeCloseTo(4.063712768871579, 12);
    expect(Math.abs((ed.tRest as number) - (ed.tRestExact as number))).toBeLessThan(1e-9);
  });

  it('sweeps both basins on the local pool and through the queue with 1 and 2 workers, each to one CSV', async () => {
    const { lines } = await run;
    const sweeps = lines.filter((l) => l.bench === 'sweep' && l.skipped === undefined);
    const routes = REDIS_SERVER ? ['tinypool', 'queue'] : ['tinypool'];
    const basins = { ball: 20, walker: 4 };
    expect(sweeps.map((l) => [l.basin, l.route, l.workers])).toEqual(Object.keys(basins).flatMap((b) => [1, 2].flatMap((w) => routes.map((r) => [b, r, w]))));
    for (const [basin, cells] of Object.entries(basins)) {
      const of = sweeps.filter((l) => l.basin === basin);
      for (const l of of) expect([l.cells, l.csvSha]).toEqual([cells, of[0]!.csvSha]);
    }
    expect(new Set(sweeps.map((l) => l.csvSha)).size).toBe(2);
    const overhead = lines.filter((l) => l.bench === 'sweep-overhead');
    expect(overhead.map((l) => [l.basin, l.workers, l.rounds])).toEqual(REDIS_SERVER ? Object.keys(basins).flatMap((b) => [1, 2].map((w) => [b, w, 2])) : []);
    if (!REDIS_SERVER) expect(lines.find((l) => l.skipped !== undefined)?.skipped).toMatch(/^no redis-server/);
  });

  it.runIf(pythonWith('sympy.physics.mechanics, numpy'))('agrees with SymPy’s LagrangesMethod on q̈', async () => {
    const { lines } = await run;
    const sympy = lines.filter((l) => l.peer === 'sympy');
    expect(sympy.length).toBeGreaterThan(0);
    for (const peer of sympy) {
      const ours = lines.find((l) => l.bench === 'pendulum' && l.peer === undefined && l.n === peer.n)!;
      (peer.acc as number[]).forEach((a, i) => expect((ours.acc as number[])[i]).toBeCloseTo(a, 10));
      // sympy.cse's counts on the same M and forcing ride on the line; ours are never above them
      for (const f of ['ops', 'opsBasic', 'opsPrepared', 'opsPreparedBasic']) expect(ours.ops as number, f).toBeLessThanOrEqual(peer[f] as number);
    }
  });

  it('times the C modules’ q̈ beside the TypeScript ones, and the Python module’s beside SymPy’s lambdify, each giving the same q̈', async () => {
    const { lines } = await run;
    const c = lines.filter((l) => l.bench === 'target-c' && l.skipped === undefined);
    if (c.length)
      expect(c.map((l) => [l.model, l.n])).toEqual([
        ['double-pendulum', 2],
        ['n-link-pendulum', 4],
        ['tumbling-box', 6],
      ]);
    for (const l of c) expect(l.maxDiff, l.model as string).toBeLessThanOrEqual(1e-12);
    // Two independent derivations of the same pendulum: ours printed as Python, SymPy's lambdified.
    for (const l of lines.filter((x) => x.bench === 'target-python' && x.sympyNs !== undefined)) expect(l.maxDiff).toBeLessThanOrEqual(1e-12);
  });

  it.runIf(pythonWith('siconos.kernel, numpy'))(
    'finds Siconos’ Moreau–Jean impacts at the same steps as ours, for the ball, the chain and the stack',
    async () => {
      const { lines } = await run;
      const siconos = lines.filter((l) => l.peer === 'siconos');
      expect(siconos.map((l) => l.model)).toEqual(['bouncing-ball', 'ball-chain-5', 'block-stack-3']);
      for (const peer of siconos) {
        const ours = lines.find((l) => l.bench === 'moreau-jean' && l.peer === undefined && l.model === peer.model)!;
        expect([peer.contacts, peer.steps]).toEqual([ours.contacts, ours.steps]);
        expect(peer.impacts).toEqual(ours.impacts);
      }
    },
  );
});
