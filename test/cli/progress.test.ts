// Progress on stderr: on a TTY silent for short runs, one line redrawn with
// carriage returns and closed by a newline; elsewhere only with --progress,
// as whole lines.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressBar, progressStatus } from '../../src/cli/progress.js';
import { cli } from './run-cli.js';

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const stream = { isTTY, write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('progressBar', () => {
  it('is absent when the stream is not a terminal (a pipe or a log file)', () => {
    expect(progressBar('simulate', { stream: fakeStream(false).stream })).toBeUndefined();
  });
  it('shows nothing for a run that ends before 300 ms', () => {
    const { stream, written } = fakeStream(true);
    const update = progressBar('simulate', { stream })!;
    update(0.5);
    vi.advanceTimersByTime(100);
    update(1);
    expect(written).toEqual([]);
  });
  it('redraws one line with the fraction done, then ends it with a newline', () => {
    const { stream, written } = fakeStream(true);
    const update = progressBar('simulate', { stream })!;
    vi.advanceTimersByTime(400);
    update(0.5);
    update(1);
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^\rsimulate \[#{15}-{15}\] {2}50%$/);
    expect(written[1]).toMatch(/^\rsimulate \[#{30}\] 100%\n$/);
  });
  it('with --progress on a pipe or a log: one whole line per tenth, from the start, none repeated', () => {
    const { stream, written } = fakeStream(false);
    const update = progressBar('simulate', { stream, force: true })!;
    for (const f of [0, 0.04, 0.1, 0.15, 0.37, 0.99, 1]) update(f);
    expect(written).toEqual(['simulate: 0%\n', 'simulate: 10%\n', 'simulate: 37%\n', 'simulate: 99%\n', 'simulate: 100%\n']);
  });
});

describe('progressStatus', () => {
  it('is absent on a pipe unless forced, then writes each status as a line', () => {
    expect(progressStatus('orbit', { stream: fakeStream(false).stream })).toBeUndefined();
    const { stream, written } = fakeStream(false);
    const status = progressStatus('orbit', { stream, force: true })!;
    status.update('Newton step 0/30');
    status.end();
    expect(written).toEqual(['orbit: Newton step 0/30\n']);
  });
  it('on a terminal redraws one line after 300 ms, clearing the rest of it, and ends it once', () => {
    const { stream, written } = fakeStream(true);
    const status = progressStatus('orbit', { stream })!;
    status.update('Newton step 0/30');
    vi.advanceTimersByTime(400);
    status.update('Newton step 1/30');
    status.end();
    status.end();
    expect(written).toEqual(['\rorbit: Newton step 1/30\x1b[K', '\n']);
  });
});

describe('simulate --progress', () => {
  it('writes the run’s progress to stderr as lines when stderr is not a terminal', async () => {
    const quiet = await cli('simulate', 'bouncing-ball', '--t1', '1', '--format', 'json');
    expect(quiet.stderr).toBe('');
    const r = await cli('simulate', 'bouncing-ball', '--t1', '1', '--format', 'json', '--progress');
    expect(r.code).toBe(0);
    const percents = r.stderr
      .trim()
      .split('\n')
      .map((l) => Number(/^bouncing-ball: (\d+)%$/.exec(l)?.[1]));
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    expect(percents.length).toBeGreaterThan(2);
    expect(percents).toEqual([...new Set(percents)].sort((a, b) => a - b));
  });
});
