// The basin a report shows (src/studies/basin.ts): the rimless wheel's hub
// position over its initial spin and the slope, against the first-apex
// barrier that energy about the tip gives.
import { describe, expect, it } from 'vitest';
import { hasReportBasin, reportBasin } from '../../src/studies/basin.js';
import type { LoadedModule } from '../../src/runtime/contract.js';

describe('the rimless wheel’s basin in its report', () => {
  it('rocks back (x(t) < 0) exactly where (1 + I*) l ψ̇² ≤ 2g(1 − cos(ψ₀ − γ)), cell by cell', async () => {
    const wheel = (await import('../../generated/rimless-wheel.js')) as unknown as LoadedModule;
    const basin = reportBasin(wheel)!;
    expect(basin.id).toBe('plot-basin');
    expect(basin.value).toBe('x(t)');
    expect(basin.sweep.cells.length).toBe(100);
    const [psi0, g, Istar, l] = [0.2, 9.81, 0.5, 1];
    let back = 0;
    for (const cell of basin.sweep.cells) {
      const w = cell.at["psi'"]!,
        gamma = cell.at.gamma!;
      const clears = (1 + Istar) * l * w ** 2 > 2 * g * (1 - Math.cos(psi0 - gamma));
      expect((cell.values['x(t)'] as number) < 0).toBe(!clears);
      if (!clears) back++;
    }
    expect(back).toBeGreaterThan(3);
    expect(back).toBeLessThan(60);
  });

  it('is declared for the rimless wheel only', () => {
    expect(hasReportBasin('rimless-wheel')).toBe(true);
    expect(hasReportBasin('compass')).toBe(false);
  });
});
