// A paper's sufficient condition of stability read along the declared
// orbit's sweep, beside the sweep's table (kozlov1988 (4.4), (4.5): the stiff
// floor's bounce is stable if f″(0) ≤ f″_* = 4/(gP²)): the bound's exact
// value at each value of the swept parameter, computed by the paper check
// (studies/paper-check.ts withBound), where it holds, and whether the orbit
// is stable there. This module only prints.
// Tests: test/report/paper-kozlov1988.test.ts (the stiff floor).
import { REFERENCES } from '../model/sources.js';
import type { OrbitStudy } from '../studies/orbit.js';
import type { PaperCheck } from '../studies/paper-check.js';
import { m, paragraph, ref, type Block, type Inline } from './document.js';
import { fourDigits, mechanicsSymbol, sweptValue } from './notation.js';
import { resultDisplays, resultLabel } from './paper-displays.js';

/**
 * "The sufficient condition f″(0) ≤ f″_* of Kozlov (4.5), its bound exact as in (19), at f″(0) = 0.9: f″_* = 0.734 at N = 100, 0.906 at N = 1000,
 * …; it fails at N = 100 and holds from N = 1000 to 10⁵, exactly where the orbit is stable." One paragraph per row
 * that bounds a quantity.
 */
export function sweptBoundBlocks(study: OrbitStudy, paper: PaperCheck | undefined): Block[] {
  const rows = paper?.rows ?? [];
  const displays = resultDisplays(rows);
  const stable = new Map<number, boolean>([
    ...(study.orbit && study.declaration.sweep ? [[study.params[study.declaration.sweep.parameter]!, study.orbit.stable] as const] : []),
    ...(study.sweep ?? []).flatMap((s) => (s.orbit ? [[s.value, s.orbit.stable] as const] : [])),
  ]);
  return rows.flatMap((r, i): Block[] => {
    if (!r.bound || !r.formula.bounds) return [];
    const { parameter, quantity, points } = r.bound;
    const p = mechanicsSymbol(parameter);
    const bounded = r.formula.bounds.name;
    const display = displays.find((d) => d.rows.includes(i))!;
    const holds = (b: number): boolean => quantity <= b;
    const ordered = [...points].sort((a, b) => a.at - b.at);
    const spans = runs(ordered.map((x) => ({ at: x.at, holds: holds(x.bound) })));
    const where = spans.flatMap((s, k): Inline[] => [
      k ? (k === spans.length - 1 ? ' and ' : ', ') : '',
      `${s.holds ? 'holds' : 'fails'} ${s.values.length === 1 ? 'at' : 'from'} `,
      m(s.values.length === 1 ? `${p} = ${sweptValue(s.values[0]!)}` : `${p} = ${sweptValue(s.values[0]!)}\\ \\text{to}\\ ${sweptValue(s.values.at(-1)!)}`),
    ]);
    const found = ordered.filter((x) => stable.has(x.at));
    const agreement = found.every((x) => holds(x.bound) === stable.get(x.at))
      ? ', exactly where the orbit is stable'
      : found.every((x) => !holds(x.bound) || stable.get(x.at))
        ? '; the orbit is stable wherever it holds, as a sufficient condition requires, and beyond'
        : '; the orbit is unstable where it holds at some values: the condition as computed does not hold the orbit';
    return [
      paragraph(
        'The sufficient condition ',
        m(`${bounded} \\le ${r.formula.name}`),
        ` of ${REFERENCES[paper!.source].short} ${r.formula.eq}, its bound exact as in `,
        ref(resultLabel(display.rows[0]!)),
        ', at ',
        m(`${bounded} = ${fourDigits(quantity)}`),
        ' along the sweep: ',
        ...ordered.flatMap((x, k): Inline[] => [
          k ? ', ' : '',
          m(`${k ? '' : `${r.formula.name} = `}${fourDigits(x.bound)}`),
          ' at ',
          m(`${p} = ${sweptValue(x.at)}`),
        ]),
        '. It ',
        ...where,
        `${agreement}.`,
      ),
    ];
  });
}

/** Consecutive values with one verdict together, in order. */
function runs(xs: readonly { readonly at: number; readonly holds: boolean }[]): { holds: boolean; values: number[] }[] {
  const out: { holds: boolean; values: number[] }[] = [];
  for (const x of xs) {
    const last = out.at(-1);
    if (last && last.holds === x.holds) last.values.push(x.at);
    else out.push({ holds: x.holds, values: [x.at] });
  }
  return out;
}
