// `mechanics limit <file|model>`: the rigid limit of a model with realized
// contacts (Kozlov 1988: let the realization's strength grow), the study
// its report prints: the model simulated from its initial state for each
// value of a parameter, per value the contact's last release, the first
// contact's duration and restitution and the distance to the rigid model's
// motion, the rigid model's own values, and the fitted orders of
// convergence. The model's declared study (ModelSpec.limitStudy) gives the
// defaults; the command line may change the parameter and its values.
// Tests: test/cli/limit.test.ts
import type { Model } from '../model/index.js';
import type { ContactRecord, LimitStudy } from '../runtime/analysis/rigid-limit.js';
import { UsageError } from '../errors.js';
import { loadGenerated } from '../pipeline/load-generated.js';
import { compileRigid } from '../pipeline/rigid.js';
import { numberText } from '../pipeline/run-text.js';
import { evaluateOption, parameterValues } from '../pipeline/run-values.js';
import { limitStudyOf } from '../studies/limit.js';
import { parseAssignment, type CommandSpec, type ParsedArgs } from './args.js';
import { compileOne } from './models.js';
import { PROGRESS_HELP, PROGRESS_OPTION, progressBar } from './progress.js';

export const LIMIT: CommandSpec = {
  name: 'limit',
  maxPositionals: 1,
  options: { '--param': { kind: 'list' }, '--values': { kind: 'value' }, '--format': { kind: 'value' }, ...PROGRESS_OPTION },
};

export const LIMIT_HELP = `usage: mechanics limit <file|model> [options]

The rigid limit of a model whose contacts are realized by forces: simulates
it from its initial state for each value of a parameter (the strength N of
the realization) and prints, per value, the contact's last release, the
first contact's duration and restitution, and the largest distance of the
coordinates to the rigid model's motion; the rigid model's own values (the
model with the laws of its limitStudy.rigid); the limits the model declares;
and the fitted orders r of |x_N − x∞| ≈ C N^−r (a dash where a quantity does
not change with N within the integration's tolerance).

  <file|model>           a model file (.ts, .mts, .js, .mjs) or the name of a model in ./derivations/
  --param NAME           the parameter that grows (default: the model's limitStudy.parameter)
  --param name=value     another parameter's value (repeatable), inside its declared range
  --values a,b,c         the values of the growing parameter, expressions (default: the model's limitStudy.values)
  --format summary|json  output (default summary)
${PROGRESS_HELP}

JSON: { model, parameter, params, rows: [{ value, release, duration, restitution, distance, contacts, releases }],
reference: { release, duration, restitution, contacts, releases } | null, limits, orders: { release, duration,
restitution, distance }, extrapolated, gaps: { contact, t, rows, reference } (the contact's gap at each run's
samples) }, null where a number is undefined.
Exit codes: 0 success, 1 a model or simulation error, 2 a usage error.`;

export async function runLimit(args: ParsedArgs): Promise<number> {
  const format = args.values.get('--format') ?? 'summary';
  if (format !== 'summary' && format !== 'json') throw new UsageError(`--format must be one of summary, json, got '${format}'`, '--format');
  const params = args.lists.get('--param') ?? [];
  const named = params.filter((p) => !p.includes('='));
  if (named.length > 1) throw new UsageError(`--param NAME names the one parameter that grows, got ${named.join(', ')}`, '--param');
  const { model, spec, loaded } = await compileOne(args, 'limit');
  const env = parameterValues(
    model,
    params.filter((p) => p.includes('=')).map((p) => parseAssignment('--param', p)),
  );
  const parameter = named[0] ?? spec.limitStudy?.parameter;
  if (parameter === undefined) throw new UsageError(`${model.name} declares no limitStudy: name the parameter that grows with --param NAME`, '--param');
  if (!model.parameters.some((p) => p.name === parameter))
    throw new UsageError(`'${parameter}' is not a parameter of ${model.name} (${model.parameters.map((p) => p.name).join(', ') || 'none'})`, '--param');
  const valuesText = args.values.get('--values');
  const values = valuesText?.split(',').map((v) => evaluateOption('--values', v.trim(), env)) ?? spec.limitStudy?.values;
  if (values === undefined) throw new UsageError(`${model.name} declares no study of ${parameter}: give its values`, '--values');
  const onProgress = progressBar(`${model.name} limit`, { force: args.flags.has('--progress') });
  const study = limitStudyOf(spec, loaded, compileRigid(spec, loadGenerated)?.loaded, {
    parameter,
    params: env,
    values,
    ...(onProgress ? { onProgress } : {}),
  })!;
  const record = limitRecord(model, env, study);
  process.stdout.write(format === 'json' ? `${JSON.stringify(record)}\n` : summary(record));
  return 0;
}

export interface LimitRecord extends LimitStudy {
  readonly model: string;
  readonly params: Readonly<Record<string, number>>;
}

/** The study with the model's name and parameters: the JSON the command prints (NaN becomes null). */
export function limitRecord(model: Model, params: Readonly<Record<string, number>>, study: LimitStudy): LimitRecord {
  return { model: model.name, params, ...study };
}

const QUANTITIES = ['release', 'duration', 'restitution'] as const;

function summary(r: LimitRecord): string {
  const fmt = (v: number | undefined): string => (v === undefined || !Number.isFinite(v) ? '—' : numberText(v, 6)).padStart(13);
  const line = (label: string, x: Partial<ContactRecord> & { distance?: number }): string =>
    `  ${label.padStart(12)}${QUANTITIES.map((k) => fmt(x[k])).join('')}${fmt(x.distance)}`;
  const lines = [
    `${r.model}: the rigid limit as ${r.parameter} grows (from the initial state)`,
    `  ${r.parameter.padStart(12)}${['release', 'duration', 'restitution', 'distance'].map((h) => h.padStart(13)).join('')}`,
    ...r.rows.map((row) => line(numberText(row.value, 6), row)),
    ...(r.reference ? [line('rigid model', { ...r.reference, distance: 0 })] : []),
    ...(QUANTITIES.some((k) => r.limits[k] !== undefined) ? [line('limit', r.limits)] : []),
    line('order', r.orders),
  ];
  return `${lines.join('\n')}\n`;
}
