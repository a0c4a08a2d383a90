// The terminal progress bar: only on a TTY, silent for short runs, one line
// redrawn with carriage returns and closed by a newline.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressBar } from '../../src/cli/progress.js';

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
    expect(progressBar('simulate', fakeStream(false).stream)).toBeUndefined();
  });
  it('shows nothing for a run that ends before 300 ms', () => {
    const { stream, written } = fakeStream(true);
    const update = progressBar('simulate', stream)!;
    update(0.5);
    vi.advanceTimersByTime(100);
    update(1);
    expect(written).toEqual([]);
  });
  it('redraws one line with the fraction done, then ends it with a newline', () => {
    const { stream, written } = fakeStream(true);
    const update = progressBar('simulate', stream)!;
    vi.advanceTimersByTime(400);
    update(0.5);
    update(1);
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^\rsimulate \[#{15}-{15}\] {2}50%$/);
    expect(written[1]).toMatch(/^\rsimulate \[#{30}\] 100%\n$/);
  });
});
