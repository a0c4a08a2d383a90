// The section of a report on the rigid limit (Kozlov 1988: a constraint
// realized with strength N tends to a rigid one as N → ∞), printed from a
// study over N (src/runtime/analysis/rigid-limit.ts, run by the caller): per value of
// N the last release, the first contact's duration and restitution and the
// largest distance of the coordinates to the rigid model's motion (a
// quantity with no value, or the same as another in every run, is no column
// of its own); beside them the rigid model's own values and the limits the
// theory gives; and the
// fitted orders r of |x_N − x_∞| ≈ C N^{−r}; and a figure of the contact's
// gap against time in every run beside the rigid model's (kozlov1988 Fig. 1).
// The section formats the study's numbers; it computes none.
// Tests: test/report/limit.test.ts.
import type { DerivedSystem } from '../derive/system.js';
import type { LimitPiece } from '../derive/motion/limit-motion.js';
import type { DropStudy, TheoremLaw } from '../studies/limit.js';
import type { ClosedDistance } from '../studies/limit-distance.js';
import { REFERENCES } from '../model/sources.js';
import { m, paragraph, ref, type Block, type Figure, type Inline, type Section, type Table } from './document.js';
import type { PlottedElsewhere } from './motion-plots.js';
import type { PaperCheck } from '../studies/paper-check.js';
import { resultLabel } from './paper-displays.js';
import { mechanicsSymbol } from './notation.js';
import { plotScene, seriesStyle } from './plot.js';
import { sceneFigure } from './scene-figure.js';

/** One contact's record in a run: what the report prints (structurally the runtime's ContactRecord). */
export interface ReportContactRecord {
  readonly release: number;
  readonly duration: number;
  readonly restitution: number;
}

/** The drop's runs, its start, Theorem 3's scaled duration and the unchanged velocities (src/studies/limit.ts's DropStudy). */
export type ReportDrop = Pick<ReportLimitStudy, 'rows' | 'limits' | 'orders' | 'extrapolated'> & Pick<DropStudy, 'start' | 'scaledDuration' | 'tangential'>;

/** A rigid-limit study as the report needs it (structurally the runtime's LimitStudy). */
export interface ReportLimitStudy {
  readonly parameter: string;
  /** The limit motion's pieces (derive/motion/limit-motion.ts), where a delayed release is realized: the multiplier of each held phase. */
  readonly pieces?: readonly LimitPiece[];
  readonly rows: readonly (ReportContactRecord & { readonly value: number; readonly distance: number })[];
  /** The rigid model's values from the same state (absent without a rigid model). */
  readonly reference?: ReportContactRecord;
  /** Limits the theory gives (Kozlov's 2 + √2, Theorem 3's e = exp(−πk/ω), …). */
  readonly limits?: { readonly release?: number; readonly duration?: number; readonly restitution?: number };
  /**
   * Whether the theory's limit is the rigid motion, every limit it gives the rigid model's value (studies/limit.ts
   * limitIsRigid): its distance then prints 0; where the limit is another motion, its limitDistance, else a dash.
   */
  readonly rigidInTheLimit: boolean;
  /** Where the limit is another motion (kozlov1988 (2.6)), its largest distance to the rigid one (studies/limit-distance.ts). */
  readonly limitDistance?: number;
  /** The finite motion's distance to the rigid one in closed form, as a function of N (studies/limit-distance.ts), read by the paper table. */
  readonly closedDistance?: ClosedDistance;
  readonly orders: ReportContactRecord & { readonly distance: number };
  /** The limits the runs extrapolate to (the runtime's Aitken Δ², read by the paper table). */
  readonly extrapolated: ReportContactRecord & { readonly distance: number };
  /** For each quantity the theory only bounds, O(N^{−r}): r and N^r|x_N − x_∞| per run (the runtime's LimitStudy.bounded). */
  readonly bounded?: { readonly [K in (typeof QUANTITIES)[number] | 'distance']?: { readonly order: number; readonly scaled: readonly number[] } };
  /** Whether the distance to the rigid motion vanishes as the parameter grows, as the study decided it. */
  readonly convergence: 'vanishes' | 'persists' | 'undecided';
  /** The realized contact's gap per run at common samples, and the rigid contact's (absent: no figure). */
  readonly gaps?: {
    readonly contact: string;
    readonly t: readonly number[];
    readonly rows: readonly (readonly number[])[];
    readonly reference?: readonly number[];
    /** The gaps above it left out (NaN): the figure is the band about the contact. */
    readonly cut?: number;
  };
  /** N^r times the largest deviation from the rigid motion per run, where the distance vanishes like N^{−r} (the runtime's). */
  readonly deviations?: { readonly t: readonly number[]; readonly order: number; readonly rows: readonly (readonly number[])[] };
  /** Where the distance vanishes like N^{−r}: N^r times it per run (the runtime's LimitStudy.leading). */
  readonly leading?: { readonly order: number; readonly scaled: readonly number[] };
  /**
   * Without a rigid model, Theorem 3's law of the realized contact (studies/limit.ts TheoremLaw): e, the
   * duration's order r and p^r τ, p^r times each run's duration, and whether the runs attain both exactly.
   */
  readonly law?: TheoremLaw;
  /** The same values run from the declared drop, a start entering the contact (kozlov1988 Theorem 3). */
  readonly drop?: ReportDrop;
}

/** A table cell: the number in math, or a dash in text where there is none (no release, no reference, no order). */
export const cell = (x: number | undefined): Inline[] => {
  if (x === undefined || !Number.isFinite(x)) return ['—'];
  // Integers (the values of N) in full up to 10⁶, as a model file writes them.
  if (Number.isInteger(x) && Math.abs(x) <= 1e6) return [m(`${x}`)];
  if (Math.abs(x) >= 1e-3 && Math.abs(x) < 1e4)
    return [
      m(
        x
          .toPrecision(6)
          .replace(/(\.\d*?)0+$/, '$1')
          .replace(/\.$/, ''),
      ),
    ];
  const [mant, exp] = x.toExponential(3).split('e');
  return [m(`${mant} \\cdot 10^{${Number(exp)}}`)];
};

/**
 * A number in prose, two significant digits (rounded up where it is a bound): the clause says what the study shows,
 * its digits are the table's (kozlov1988 Th. 1: N times the distance between 0.76 and 0.79; §2: √N times it at most 2.3).
 */
export function briefNumber(x: number, up = false): Inline[] {
  if (!Number.isFinite(x) || x === 0) return cell(x);
  const unit = 10 ** (Math.floor(Math.log10(Math.abs(x))) - 1);
  const v = Number((up ? Math.ceil(x / unit - 1e-9) * unit : x).toPrecision(2));
  if (Math.abs(v) >= 1e-3 && Math.abs(v) < 1e4) return [m(`${v}`)];
  const [mant, exp] = v.toExponential(1).split('e');
  return [m(`${Number(mant)} \\cdot 10^{${Number(exp)}}`)];
}

/** A cell with nothing to say: the dash of `cell`. */
const isDash = (c: readonly Inline[]): boolean => c.length === 1 && c[0] === '—';

/**
 * The table without its rows and columns that are a dash in every entry (the label column kept): a row of fitted
 * orders where no quantity follows a power law (kozlov1988 (2.5), the added mass's release the same in every run and
 * its distance levelling off) says nothing.
 */
export function withoutEmpty(table: Table): Table {
  const rows = table.rows.filter((r) => r.slice(1).some((c) => !isDash(c)));
  const keep = table.columns.map((_, j) => j === 0 || rows.some((r) => r[j] && !isDash(r[j]!)));
  const kept = <T>(xs: readonly T[]): T[] => xs.filter((_, j) => keep[j]);
  return { ...table, columns: kept(table.columns), align: kept([...table.align]).join(''), rows: rows.map(kept) };
}

const QUANTITIES = ['release', 'duration', 'restitution'] as const;
type Quantity = (typeof QUANTITIES)[number];

/** Each quantity in words, as the table's opening paragraph names it. */
const MEANING: Record<Quantity, string> = {
  release: 'the last release',
  duration: 'the first contact’s duration',
  restitution: 'the first contact’s restitution (the normal velocity after over before; none when the contact begins at rest)',
};

/** Its values in the runs and the rigid model's row, the ones the table would print. */
const valuesOf = ({ rows, reference }: ReportLimitStudy, k: Quantity): number[] => [...rows.map((r) => r[k]), ...(reference ? [reference[k]] : [])];
const equal = (a: number, b: number): boolean => a === b || (Number.isNaN(a) && Number.isNaN(b));

/**
 * The quantities the table prints: each with a value in some run, the rigid model or the theory, and not the
 * same as an earlier one in every run (a contact from t = 0 released once has its duration equal to its release:
 * one column, not two with the same numbers); the others with the earlier quantity they repeat, if any.
 */
function columnsOf(study: ReportLimitStudy): { readonly shown: Quantity[]; readonly repeats: (readonly [Quantity, Quantity])[]; readonly empty: Quantity[] } {
  const shown: Quantity[] = [];
  const repeats: (readonly [Quantity, Quantity])[] = [];
  const empty: Quantity[] = [];
  for (const k of QUANTITIES) {
    const values = valuesOf(study, k);
    const twin = shown.find((j) => valuesOf(study, j).every((x, i) => equal(x, values[i]!)));
    if (!values.some(Number.isFinite) && study.limits?.[k] === undefined) empty.push(k);
    else if (twin) repeats.push([k, twin]);
    else shown.push(k);
  }
  return { shown, repeats, empty };
}

/** Words joined as a list: "a", "a and b", "a, b and c" (or "a, b or c"). */
const listed = (words: readonly string[], last = 'and'): string =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;

/** Whether the study measured a distance to a rigid motion: without a rigid model (kozlov1988 §3's medium) it has none. */
export const hasDistances = (study: ReportLimitStudy): boolean => study.rows.some((r) => Number.isFinite(r.distance));

/**
 * The study's fitted orders a result of the paper check prints with its meaning (kozlov1988 Th. 1's
 * max|q_N − q| = O(1/N), fitted 0.9946): each quantity → that result's label, where the table points instead; and
 * realizations.<label> for a realization's distance whose order or leading term a result gives (kozlov1988 §2's
 * viscous line without adhesion, N max|y_N − y| → g(1 + 2 ln 2)).
 */
export function ordersShown(paper: PaperCheck | undefined): ReadonlyMap<string, string> {
  const shown = (paper?.rows ?? []).flatMap((r, i) =>
    r.formula.derived.flatMap((d) => {
      // The end of a piece of the motion expanded in the grown parameter to a remainder states the release's order
      // exactly (kozlov1988 (2.7): τ = 2 + 1/N + O(e^{−N}/N)), where the runs could only fit it.
      const expanded = r.formula.remainder && /^trajectory\d+\.end@\w+≫1$/.test(d.fact) ? 'release' : undefined;
      const k = /^limit\.(\w+)\.order$/.exec(d.fact)?.[1] ?? /^(realizations\.[\w-]+)\.distance\.(?:order|leading)$/.exec(d.fact)?.[1] ?? expanded;
      return k ? [[k, resultLabel(i)] as const] : [];
    }),
  );
  return new Map(shown);
}

/**
 * A limit 0 a result shows by its rate (kozlov1988 Th. 1: N max|q_N − q|; (1.1): N max|u|): that result's label, the
 * quantity in words, its order r and N^r times it per run, a column of the study's table, not a list in the result.
 */
export interface RateColumn {
  readonly label: string;
  readonly quantity: string;
  /** The coordinate whose largest |q| the rate scales, absent for the distance. */
  readonly coordinate?: string;
  readonly order: number;
  readonly values: readonly number[];
  readonly scaled: readonly number[];
}

/** The rates of the paper check's rows on the study's distances (limit.distance, limit.distance.<coordinate>). */
export function ratesShown(paper: PaperCheck | undefined): RateColumn[] {
  return (paper?.rows ?? []).flatMap((r, i) => {
    const rate = r.measured?.rate;
    const fact = r.formula.derived.length === 1 ? /^limit\.distance(?:\.(\w+))?$/.exec(r.formula.derived[0]!.fact) : null;
    if (!rate || !fact) return [];
    const [quantity, coordinate] = fact[1] ? [`max |${fact[1]}|`, { coordinate: fact[1] }] : ['distance', {}];
    return [{ label: resultLabel(i), quantity, ...coordinate, order: rate.order, values: rate.values, scaled: rate.scaled }];
  });
}

export function limitSection(study: ReportLimitStudy, shownElsewhere: ReadonlyMap<string, string> = new Map(), rates: readonly RateColumn[] = []): Section {
  const p = study.parameter;
  const { reference, limits } = study;
  const { shown, repeats, empty } = columnsOf(study);
  const given = limits && shown.some((k) => limits[k] !== undefined);
  const distances = hasDistances(study);
  const distance = (x: Inline[]): Inline[][] => (distances ? [x] : []);
  const { law } = study;
  // Theorem 3's law beside the runs: the duration scaled by p^r after the column that shows it, the restitution in its own.
  const timed = shown.includes('duration') ? 'duration' : repeats.find(([k]) => k === 'duration')?.[1];
  const scaledAfter = (k: Quantity, x: Inline[]): Inline[][] => (law && k === timed ? [x] : []);
  const lawRow = (k: Quantity): Inline[][] => [k === 'restitution' ? cell(law!.restitution) : ['—'], ...scaledAfter(k, cell(law!.scaled))];
  // An order a result prints with its meaning is pointed to, not printed twice.
  const order = (k: Quantity | 'distance'): Inline[] => {
    const label = shownElsewhere.get(k);
    return label ? [ref(label)] : cell(study.orders[k]);
  };
  const fittedHere = [...shown, ...(distances ? (['distance'] as const) : [])];
  const ownOrder = fittedHere.some((k) => !shownElsewhere.has(k) && Number.isFinite(study.orders[k] ?? Number.NaN));
  const pointed = fittedHere.filter((k) => shownElsewhere.has(k));
  const table = withoutEmpty({
    kind: 'table',
    id: 'rigid-limit',
    // A realized retaining constraint has no contact to tabulate, only the motion's distance (kozlov1988 Th. 1).
    caption: `The rigid limit: ${shown.length ? 'the contact' : 'the motion'} as ${p} grows${distances ? ', beside the rigid model' : law ? ', beside Theorem 3’s law' : ''}`,
    columns: [
      p,
      ...shown.flatMap((k) => [k, ...(law && k === timed ? [`${k} × ${scaleText(p, law.order)}`] : [])]),
      ...(distances ? ['distance to the rigid motion'] : []),
      ...rates.map((c) => `${c.quantity} × ${scaleText(p, c.order)}`),
    ],
    align: 'r'.repeat(shown.length + (law && timed ? 1 : 0) + (distances ? 2 : 1) + rates.length),
    rows: [
      ...study.rows.map((r, i) => [
        cell(r.value),
        ...shown.flatMap((k) => [cell(r[k]), ...scaledAfter(k, cell(law?.runs[i]))]),
        ...distance(cell(r.distance)),
        ...rates.map((c) => cell(c.scaled[c.values.indexOf(r.value)])),
      ]),
      // A rate is of the runs alone: blank in the rows of the rigid model, the theory and the fit.
      ...(reference ? [[['rigid model'], ...shown.map((k) => cell(reference[k])), ...distance(cell(0)), ...rates.map(() => [''])]] : []),
      ...(given
        ? [
            [
              ['limit (theory)'],
              ...shown.map((k) => cell(limits[k])),
              ...distance(cell(study.rigidInTheLimit ? 0 : study.limitDistance)),
              ...rates.map(() => ['']),
            ],
          ]
        : []),
      ...(law ? [[['Theorem 3'], ...shown.flatMap(lawRow)]] : []),
      // A row of pointers and dashes states nothing the results below do not: left out (kozlov1988 §2's viscous release).
      ...(ownOrder
        ? [
            [
              ['fitted order'],
              ...shown.flatMap((k) => [order(k), ...scaledAfter(k, ['—'])]),
              ...distance(order('distance')),
              ...rates.map(() => ['']),
            ] as Inline[][],
          ]
        : []),
    ],
  });
  const fitted = table.rows.at(-1)?.[0]?.[0] === 'fitted order';
  // A distance that levels off (kozlov1988 (2.6): the limit motion is not the rigid one) has no 0 to fit an order to.
  const levels = distances && study.convergence === 'persists' && !shownElsewhere.has('distance');
  const levelsWords = 'the distance to the rigid motion levels off, not at 0 (below)';
  const rest = fittedHere.filter((k) => !shownElsewhere.has(k) && !(levels && k === 'distance'));
  const blocks: Block[] = [
    paragraph(
      `The model simulated from its initial state for growing ${p}: ${listed([...shown.map((k) => MEANING[k]), ...(distances ? ['the largest distance of the coordinates to the rigid model’s motion from the same state'] : [])])}. `,
      ...(distances || law ? [] : ['The model declares no rigid law to set beside it. ']),
      ...(rates.length
        ? [
            rates.length === 1 ? 'The last column is the rate at which ' : 'The last columns are the rates at which ',
            ...rates.flatMap((c, i): Inline[] => [i ? ' and ' : '', ref(c.label)]),
            ` approach${rates.length === 1 ? 'es' : ''} 0: `,
            ...rates.flatMap((c, i): Inline[] => [
              i ? ' and ' : '',
              m(scaleMath(p, c.order)),
              ...(c.coordinate ? [' times the largest ', m(`|${mechanicsSymbol(c.coordinate)}|`)] : [' times the distance']),
            ]),
            ' in each run. ',
          ]
        : []),
      ...repeats.map(
        ([k, twin]) =>
          `${capitalizedWords(MEANING[k])} is ${MEANING[twin]} in every run${k === 'duration' ? ' (the contact is there from t = 0 and released once)' : ''}, and is not printed apart. `,
      ),
      ...(law && !distances ? lawSentence(p, law, timed) : []),
      ...(empty.length
        ? [
            `No run has ${listed(
              empty.map((k) => (k === 'duration' ? 'a contact duration' : `a ${k}`)),
              'or',
            )}, and the table leaves ${empty.length > 1 ? 'them' : 'it'} out. `,
          ]
        : []),
      ...(reference
        ? [
            `The rigid model’s row is the same contact held rigidly${shown.includes('duration') ? ' (an impact that bounces is a contact of no duration)' : ''}. `,
          ]
        : []),
      ...(fitted
        ? [
            'The last row fits ',
            m(`|x_{${p}} - x_\\infty| \\approx C\\,${p}^{-\\rho}`),
            given ? ', with the limit of the theory where it is given, else' : ',',
            ' with successive differences, where the errors fall at every step by one power of ',
            m(p),
            ...(pointed.length ? ['; an equation number where a result below checks the order'] : []),
            levels ? `; a dash where ${levelsWords}, or where the quantity does not change with ` : '; a dash where the quantity does not change with ',
          ]
        : pointed.length
          ? [
              `The ${pointed.length === 1 ? 'order' : 'orders'} of ${listed(pointed.map((k) => (k === 'distance' ? 'the distance to the rigid motion' : MEANING[k])))}, `,
              m(`|x_{${p}} - x_\\infty| \\approx C\\,${p}^{-\\rho}`),
              `, ${pointed.length === 1 ? 'is a result' : 'are results'} below, `,
              ...pointed.flatMap((k, i): Inline[] => [i ? ', ' : '', ref(shownElsewhere.get(k)!)]),
              `, and the table does not repeat ${pointed.length === 1 ? 'it' : 'them'}`,
              ...(levels ? [`; ${levelsWords}`] : []),
              ...(rest.length ? ['; the other quantities have no order to fit: each does not change with '] : []),
            ]
          : levels
            ? [`No quantity has an order to fit: ${levelsWords}`, ...(rest.length ? ['; each other quantity does not change with '] : [])]
            : ['No quantity has an order to fit: each does not change with ']),
      ...((pointed.length || levels) && !fitted && rest.length === 0
        ? ['.']
        : [
            m(p),
            ' within the integration’s tolerance, or its errors follow no power law (they level off, or rise and fall with ',
            m(p),
            ')',
            fitted || pointed.length ? '.' : ', and the table has no row of fitted orders.',
          ]),
    ),
    table,
    ...boundedParagraphs(study, shown),
    ...(reference ? [paragraph(...capitalized(convergenceClause(study)), '.')] : distances ? [] : [paragraph(...capitalized(trendClause(study)), '.')]),
    ...gapFigure(study),
    ...deviationFigure(study),
    ...dropBlocks(study),
  ];
  return { id: 'rigid-limit', title: 'The rigid limit', blocks };
}

/** An order as a bound's exponent prints it: 1/2, not 0.5 (kozlov1988 §2: O(N^{−1/2})). */
const orderTex = (r: number): string => (r === 0.5 ? '1/2' : String(Number(r.toPrecision(6))));

/** p^r in a column's name: √N for r = 1/2, N for r = 1. */
const scaleText = (p: string, order: number): string => (order === 0.5 ? `√${p}` : order === 1 ? p : `${p}^${order}`);
/** An order r in an exponent: 1/2 as a fraction. */
const orderMath = (order: number): string => (order === 0.5 ? '1/2' : `${order}`);
/** p^r in math. */
const scaleMath = (p: string, order: number): string => (order === 0.5 ? `\\sqrt{${p}}` : order === 1 ? p : `${p}^{${order}}`);

/**
 * Theorem 3's law beside runs without a rigid model (kozlov1988 §3): its restitution and duration, the equations
 * of the realized contact's section, the duration scaled by p^r so that its row holds one number; and whether the runs attain it.
 */
function lawSentence(p: string, law: NonNullable<ReportLimitStudy['law']>, timed: Quantity | undefined): Inline[] {
  const scale = scaleMath(mechanicsSymbol(p), law.order);
  return [
    'Beside the runs, the law the contact tends to by Theorem 3 of ',
    REFERENCES.kozlov1988.short,
    ': the restitution ',
    m('e = \\exp(-\\pi r)'),
    ' of ',
    ref(`rigid-restitution-${law.contact}`),
    ' and the duration ',
    m('\\tau'),
    ' of ',
    ref(`rigid-duration-${law.contact}`),
    ', which falls as ',
    m(`${mechanicsSymbol(p)}^{-${orderMath(law.order)}}`),
    ...(timed ? [`: its row gives `, m(`\\tau${scale}`), ' beside the runs’ ', m(scale), ` times their ${timed}`] : []),
    '. ',
    ...(law.exact ? ['The runs attain both at every ', m(mechanicsSymbol(p)), ', not only in the limit. '] : []),
  ];
}

/** A column vector of numbers as LaTeX, (a, b)ᵀ, each as a table cell prints it. */
const vector = (x: readonly number[]): string =>
  `(${x
    .map((v) =>
      cell(v)
        .map((c) => (typeof c === 'object' && 'math' in c ? c.math : c))
        .join(''),
    )
    .join(',\\allowbreak\\ ')})^{\\top}`;

/**
 * The drop's first contact as the parameter grows: its restitution, its duration and that duration times the power
 * of the parameter Theorem 3 scales it by, each coordinate's velocity change Newton's law says is none, beside the
 * theory's limits, Aitken's extrapolation where a limit is not 0, and the fitted orders.
 */
function dropBlocks({ parameter: p, drop }: ReportLimitStudy): Block[] {
  if (!drop) return [];
  const theory = drop.limits?.restitution;
  const scaled = drop.scaledDuration;
  const power = scaled && scaleText(p, scaled.power);
  const powerMath = scaled && scaleMath(mechanicsSymbol(p), scaled.power);
  const jumps = drop.tangential;
  const table = withoutEmpty({
    kind: 'table',
    id: 'rigid-limit-drop',
    caption: `The first contact of a drop as ${p} grows`,
    columns: [p, 'restitution', 'duration', ...(power ? [`${power} × duration`] : []), ...jumps.map((j) => `${j.coordinate}\u0307⁺ − ${j.coordinate}\u0307⁻`)],
    align: 'r'.repeat(3 + (scaled ? 1 : 0) + jumps.length),
    rows: [
      ...drop.rows.map((r, i) => [
        cell(r.value),
        cell(r.restitution),
        cell(r.duration),
        ...(scaled ? [cell(scaled.values[i])] : []),
        ...jumps.map((j) => cell(j.jumps[i])),
      ]),
      [['limit (theory)'], cell(theory), ...(scaled ? [cell(0), cell(scaled.limit)] : [['—']]), ...jumps.map(() => cell(0))],
      // A duration that tends to 0 has no limit to extrapolate: only its scaled value does.
      [['extrapolated'], cell(drop.extrapolated.restitution), ['—'], ...(scaled ? [cell(scaled.extrapolated)] : []), ...jumps.map(() => ['—'])],
      [['fitted order'], cell(drop.orders.restitution), cell(drop.orders.duration), ...(scaled ? [cell(scaled.order)] : []), ...jumps.map(() => ['—'])],
    ],
  });
  return [
    paragraph(
      `The same values of ${p} run from a start that enters the contact with a normal speed, `,
      m(`q(0) = ${vector(drop.start.q)}`),
      ', ',
      m(`\\dot{q}(0) = ${vector(drop.start.qd)}`),
      ', where the forcing of Section ',
      { ref: 'sec:lagrange2' },
      ' is ',
      m(`h = ${vector(drop.start.forcing)}`),
      `, so that its first contact has a restitution (the normal velocity after over before) and a duration`,
      ...(theory !== undefined ? [', beside the restitution Theorem 3 gives in the limit (', REFERENCES.kozlov1988.short, ')'] : []),
      ...(scaled
        ? [
            '; Theorem 3’s duration ',
            m('\\delta_N'),
            ' falls like ',
            m(`${mechanicsSymbol(p)}^{-${orderMath(scaled.power)}}`),
            ', and ',
            m(`${powerMath}\\,\\delta_N`),
            ' tends to the limit in the table',
          ]
        : []),
      ...(jumps.length
        ? [
            '; its impact leaves ',
            ...jumps.flatMap((j, i) => [...(i ? [', '] : []), m(`\\dot{${mechanicsSymbol(j.coordinate)}}`)]),
            ' unchanged, and the table prints the change across the contact',
          ]
        : []),
      '; the extrapolated row is Aitken’s on the last three runs, the fitted order as in the table above.',
    ),
    table,
  ];
}

/**
 * A quantity the theory only bounds (kozlov1988 §2: τ = 1 + O(N^{−1/2})): its lag scaled by N^r in each
 * run, which stays bounded where the theory holds, in place of a fitted order.
 */
function boundedParagraphs({ parameter, rows, limits, bounded }: ReportLimitStudy, shown: readonly Quantity[]): Block[] {
  const symbol = mechanicsSymbol(parameter);
  // Quantities with the same scaled values said once.
  const same = (a: Quantity, b: Quantity): boolean =>
    limits?.[a] === limits?.[b] && bounded?.[a]?.order === bounded?.[b]?.order && bounded?.[a]?.scaled.every((x, i) => x === bounded?.[b]?.scaled[i]) === true;
  return shown.flatMap((k, n) => {
    const b = bounded?.[k];
    const limit = limits?.[k];
    if (!b || limit === undefined || shown.slice(0, n).some((j) => same(j, k))) return [];
    const names = shown.filter((j) => same(k, j)).join(' and ');
    const power = b.order === 0.5 ? `\\sqrt{${symbol}}` : `${symbol}^{${Number(b.order.toPrecision(6))}}`;
    // The release is Kozlov's τ (kozlov1988 §2), not a coordinate's x.
    const x = k === 'release' ? '\\tau' : 'x';
    return [
      paragraph(
        `The theory bounds the distance of the ${names} to ${names === k ? 'its limit' : 'their limits'} only in order, `,
        m(`O(${symbol}^{-${orderTex(b.order)}})`),
        ', and it does not follow a power of ',
        m(symbol),
        `: no order is fitted, and the last value stands for the limit. Scaled, with `,
        m(`${x}_{${symbol}}`),
        ` the ${names} at `,
        m(symbol),
        ', ',
        m(`${power}\\,|${x}_{${symbol}} - ${limit}|`),
        ' is ',
        ...b.scaled.flatMap((x, i): Inline[] => [...(i ? [i === rows.length - 1 ? ' and ' : ', '] : []), ...cell(x)]),
        ' at ',
        m(`${symbol} = ${rows.map((r) => r.value).join(', ')}`),
        ': at most ',
        ...cell(Math.max(...b.scaled)),
        ' over the study.',
      ),
    ];
  });
}

/** The paper's limit motion in words (kozlov1988 (2.7)), and the release for every N it is the limit of, where derived. */
export interface LimitMotionWords {
  readonly to: readonly Inline[];
  readonly leaves?: readonly Inline[];
}

/** The distance's rate the convergence clause states ("N times it between 0.76 and 0.79"), for what follows it not to say it again. */
export function statedRate(study: ReportLimitStudy): ReportLimitStudy['leading'] {
  const stated = hasDistances(study) && study.convergence === 'vanishes' && !study.bounded?.distance && study.leading?.scaled.some(Number.isFinite);
  return stated ? study.leading : undefined;
}

/**
 * What the study found of the distance to the rigid motion, as a clause: it
 * vanishes, or it levels off above 0 (kozlov1988 (2.6),
 * (2.7): a realization whose limit is not the rigid motion; `limitMotion`
 * names the paper's result for that limit where the report checks it, after the delayed release in closed form), or
 * the study does not decide.
 */
export function convergenceClause(study: ReportLimitStudy, limitMotion: LimitMotionWords = { to: [] }): Inline[] {
  if (!hasDistances(study)) return trendClause(study);
  const symbol = mechanicsSymbol(study.parameter);
  const p = m(symbol);
  const d = study.rows.map((r) => r.distance);
  const range: Inline[] = [
    ...briefNumber(d[0]!),
    ' at ',
    m(`${symbol} = ${study.rows[0]!.value}`),
    ' to ',
    ...briefNumber(d.at(-1)!),
    ' at ',
    m(`${symbol} = ${study.rows.at(-1)!.value}`),
  ];
  // A distance the theory bounds only in order (kozlov1988 §2: O(N^{−1/2}), with the release's lag): its rate, N^r times it at most C.
  const bound = study.bounded?.distance;
  if (study.convergence === 'vanishes' && bound)
    return [
      'the compliant model approaches the rigid one as ',
      p,
      ' grows: the largest distance between their motions is ',
      m(`O(${symbol}^{-${orderTex(bound.order)}})`),
      ', ',
      m(bound.order === 0.5 ? `\\sqrt{${symbol}}` : `${symbol}^{${Number(bound.order.toPrecision(6))}}`),
      ' times it at most ',
      ...briefNumber(Math.max(...bound.scaled), true),
      ' over the study, as it falls from ',
      ...range,
      // The release in closed form for every N (kozlov1988 §2's τ and ẏ(τ)): the orders' source, not a measurement.
      ...(limitMotion.leaves?.length ? ['; the release is ', ...limitMotion.leaves] : []),
    ];
  // Its rate is the result (kozlov1988 Th. 1: like 1/N, N times it 0.76–0.79), over the study's values: the distances at
  // its two ends would say the same range again.
  const rate = study.leading;
  const scaled = rate?.scaled.filter(Number.isFinite) ?? [];
  if (study.convergence === 'vanishes')
    return [
      'the compliant model approaches the rigid one as ',
      p,
      ' grows: the largest distance between their motions falls ',
      ...(rate && scaled.length
        ? [
            'like ',
            m(`${symbol}^{-${orderTex(rate.order)}}`),
            ', ',
            m(scaleMath(symbol, rate.order)),
            ' times it between ',
            ...briefNumber(Math.min(...scaled)),
            ' and ',
            ...briefNumber(Math.max(...scaled)),
            ' from ',
            m(`${symbol} = ${study.rows[0]!.value}`),
            ' to ',
            m(`${study.rows.at(-1)!.value}`),
          ]
        : ['from ', ...range]),
    ];
  // The level is set by how long the runs last, so it is the table's, not a result to lead with: the paper's limit motion leads.
  const table: Inline[] = ['Table ', ref('tab:rigid-limit')];
  if (study.convergence === 'persists' && limitMotion.to.length)
    return [
      'as ',
      p,
      ' grows the compliant model',
      ...(limitMotion.leaves?.length ? [', which leaves at ', ...limitMotion.leaves, ','] : []),
      ' tends to ',
      ...limitMotion.to,
      ', not to the rigid one: the largest distance between their motions levels off, not at 0 (',
      ...table,
      ')',
    ];
  if (study.convergence === 'persists')
    return [
      'the compliant model does not approach the rigid one as ',
      p,
      ' grows: the largest distance between their motions levels off, not at 0 (',
      ...table,
      '), so the limit is a motion other than the rigid one',
    ];
  return ['the study does not decide whether the compliant model approaches the rigid one: the largest distance between their motions goes from ', ...range];
}

/**
 * Without a rigid motion to approach (no rigid law declared, kozlov1988 §3's medium), what the runs show as the
 * parameter grows: each printed quantity falling as its fitted order, or the same in every run.
 */
export function trendClause(study: ReportLimitStudy): Inline[] {
  const symbol = mechanicsSymbol(study.parameter);
  const { shown, repeats } = columnsOf(study);
  // A release that is the contact's duration in every run (an entry at t = 0, kozlov1988 §3) is named as that duration.
  const meaning = (k: Quantity): string => (repeats.some(([d, twin]) => d === 'duration' && twin === k) ? MEANING.duration : MEANING[k]);
  const [first, last] = [study.rows[0]!, study.rows.at(-1)!];
  const grows: Inline[] = ['as ', m(symbol), ' grows from ', ...cell(first.value), ' to ', ...cell(last.value), ', '];
  const { law } = study;
  if (law?.exact)
    return [
      ...grows,
      `${MEANING.duration} times `,
      m(scaleMath(symbol, law.order)),
      ' stays ',
      ...cell(law.scaled),
      ' and its restitution ',
      ...cell(law.restitution),
      `: Theorem 3’s limits (${REFERENCES.kozlov1988.short}), `,
      m(`\\tau${scaleMath(symbol, law.order)}`),
      ' and ',
      m('e = \\exp(-\\pi r)'),
      ', attained at every ',
      m(symbol),
    ];
  const said = shown.flatMap((k): Inline[][] => {
    const order = study.orders[k];
    const values = study.rows.map((r) => r[k]).filter(Number.isFinite);
    if (Number.isFinite(order)) return [[`${meaning(k).replace(/ \(.*\)$/, '')} falls as `, m(`${symbol}^{-${Number(order.toPrecision(3))}}`)]];
    // The same to the digits the table prints.
    if (values.length > 1 && values.every((x) => x.toPrecision(6) === values[0]!.toPrecision(6)))
      return [[`${meaning(k).replace(/ \(.*\)$/, '')} stays `, ...cell(values[0])]];
    return [];
  });
  return [...grows, ...said.flatMap((x, i) => [...(i ? [i === said.length - 1 ? ' and ' : ', '] : []), ...x])];
}

const capitalizedWords = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);
const capitalized = ([first, ...rest]: Inline[]): Inline[] => (typeof first === 'string' ? [capitalizedWords(first), ...rest] : [first!, ...rest]);

/** Without a contact's gap to draw (a realized retaining constraint), the scaled deviations from the rigid motion: their collapse is the rate. */
function deviationFigure({ parameter: p, rows, gaps, deviations }: ReportLimitStudy): Figure[] {
  if (gaps?.rows.length || !deviations || deviations.rows.length !== rows.length) return [];
  const scale = deviations.order === 1 ? p : `${p}^{${deviations.order}}`;
  const series = rows.map((r, k) => ({ label: `${p} = ${r.value}`, values: deviations.rows[k]! }));
  const scene = plotScene({
    id: 'plot-rigid-limit',
    title: `The deviation from the rigid motion times ${scale}, for each ${p}`,
    t: deviations.t,
    events: [],
    xLabel: { text: 't', tex: '$t$' },
    yLabel: { text: `${scale} |q - q_rigid|`, tex: `$${scale}\\,|q_{${p}} - q|$` },
    series,
  });
  return [
    sceneFigure(
      scene,
      0.9,
      series.map((s, k) => ({ label: s.label, ...seriesStyle(k) })),
      [
        'The largest deviation of the coordinates from the rigid model’s motion from the same state, times ',
        m(scale),
        ', against time in each run of the study: the curves nearly coincide, so the deviation is ',
        m(`O(${p}^{-${deviations.order}})`),
        ' along the whole motion, not only in its maximum.',
      ],
    ),
  ];
}

/**
 * The coordinate that is the study's contact gap, which its figure plots in the run at the parameter's default: the
 * simulated motion's (the same start and parameters) need not plot it against time again (kozlov1988 §3: x₁ = f at N = 100).
 */
export function plottedInStudy(system: DerivedSystem, study: ReportLimitStudy | undefined): PlottedElsewhere[] {
  const gaps = study?.gaps;
  const gap = gaps && system.compliant?.terms.find((t) => t.name === gaps.contact)?.gap;
  const i = gap?.kind === 'sym' ? system.model.coordinates.findIndex((c) => c.q.name === gap.name) : -1;
  const value = system.model.parameters.find((p) => p.name === study?.parameter)?.default;
  if (!study || !gaps || i < 0 || gaps.rows.length !== study.rows.length || !study.rows.some((r) => r.value === value)) return [];
  const drawn = gaps.cut === undefined ? `the gap of the contact ${gaps.contact}` : `the pressed depth of the contact ${gaps.contact}, on a log scale,`;
  return [{ coordinate: i, what: [`${drawn} at `, m(`${mechanicsSymbol(study.parameter)} = ${value}`)], section: 'rigid-limit' }];
}

/** Each pressed run drawn down to this fraction of its deepest: three decades of its own depth, not the integrator's zeros. */
const DEPTH_RANGE = 1e-3;

/**
 * kozlov1988 Fig. 1: the gap f(t) of each run beside the rigid model's, on the runs' common samples. With a cut (the
 * band about the contact), the pressed depth −f on a log scale: the depths, of order 1/N, differ by a decade per decade
 * of N, which a linear axis shows only for the weakest run (kozlov1988 §2, the Kelvin–Voigt medium).
 */
function gapFigure({ parameter: p, rows, gaps, reference }: ReportLimitStudy): Figure[] {
  if (!gaps?.t.length || gaps.rows.length !== rows.length) return [];
  const log = gaps.cut !== undefined;
  const depth = (row: readonly number[]): number[] => {
    const deepest = Math.max(0, ...row.filter((f) => f < 0).map((f) => -f));
    return row.map((f) => (f < 0 && -f >= DEPTH_RANGE * deepest ? Math.log10(-f) : NaN));
  };
  const series = [
    ...rows.map((r, k) => ({ label: `${p} = ${r.value}`, values: log ? depth(gaps.rows[k]!) : gaps.rows[k]! })),
    ...(gaps.reference && !log ? [{ label: 'rigid', values: gaps.reference }] : []),
  ];
  const scene = plotScene({
    id: 'plot-rigid-limit',
    title: `The ${log ? 'depth' : 'gap'} of ${gaps.contact} for each ${p}${gaps.reference && !log ? ' and for the rigid model' : ''}`,
    t: gaps.t,
    events: [],
    xLabel: { text: 't', tex: '$t$' },
    yLabel: log ? { text: 'log10(−f)', tex: '$\\log_{10}(-f)$' } : { text: 'f', tex: '$f$' },
    series,
  });
  const release = reference?.release;
  return [
    sceneFigure(
      scene,
      0.9,
      series.map((s, k) => ({ label: s.label === 'rigid' ? '\\text{rigid}' : s.label, ...seriesStyle(k) })),
      log
        ? [
            // f, 0, t and y(t) in math, as in the linear figure.
            'The depth ',
            m('-f'),
            ` of the realizations pressed below the contact ${gaps.contact} against time, on a log scale, in each run of the study, down to a thousandth of the run’s deepest; a curve ends where its run is released`,
            ...(gaps.reference && release !== undefined && Number.isFinite(release)
              ? [
                  ', and the rigid model’s contact, at ',
                  m('f = 0'),
                  ', releases at ',
                  m(
                    `t = ${cell(release)
                      .map((x) => (typeof x === 'object' && 'math' in x ? x.math : x))
                      .join('')}`,
                  ),
                ]
              : []),
            '. The runs’ gaps ',
            m('f'),
            ' against time, on a linear axis, as Kozlov Fig. 1 draws ',
            m('y(t)'),
            ', are in the comparison of the realizations.',
          ]
        : [
            // f, 0 and y(t) in math, as Kozlov's Fig. 1 labels them.
            'The gap ',
            m('f'),
            ` of the contact ${gaps.contact} against time in each run of the study${gaps.reference ? ' and in the rigid model’s motion from the same state' : ''}: the realizations pressed below `,
            m('f = 0'),
            ...(gaps.reference
              ? [
                  // Kozlov's Fig. 1 draws the elastic and the added-mass y(t) only: a viscous run is drawn in its manner, not from it.
                  ` and their release beside the rigid one, in the manner of ${REFERENCES.kozlov1988.short} Fig. 1, which draws `,
                  m('y(t)'),
                  ' for the elastic and the added-mass realizations only.',
                ]
              : [' and their release.']),
          ],
    ),
  ];
}
