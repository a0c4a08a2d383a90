// impactScenarios: closed-form impact maps to derive and print. Each names
// an arriving contact and the closed ones, a configuration, the independent
// pre-impact velocities with their signs, and optionally the parameter whose
// critical value is derived.
import type { Expr } from '../../core/expr.js';
import { APPROACH_SIGNS, SCENARIO_FIELDS } from '../spec.js';
import type { Coordinate, ImpactScenario, Parameter, UnilateralConstraint } from '../types.js';
import type { ExprReader } from './expressions.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, member, rejectUnknownKeys, stringAt, typeName } from './shape.js';
import { checkText } from './text.js';

interface Known {
  readonly coordinates: readonly Coordinate[];
  readonly parameters: readonly Parameter[];
  readonly unilateral: readonly UnilateralConstraint[];
}

export function checkScenarios(x: unknown, known: Known, reader: ExprReader, model: string | undefined): Checked<ImpactScenario[]> {
  const out = new Problems(model);
  const scenarios: ImpactScenario[] = [];
  if (x === undefined) return out.result(scenarios);
  (arrayAt(x, 'impactScenarios', 'a list of impact scenarios { name, arriving, closed, at, independent, … }', out) ?? []).forEach((sc, i) => {
    const field = `impactScenarios[${i}]`;
    const spec = fieldsAt(sc, field, 'an impact scenario { name, arriving, closed, at, independent, approach, critical, directionsAt }', out);
    if (!spec) return;
    rejectUnknownKeys(spec, SCENARIO_FIELDS, field, out);
    const name = checkText(spec.name, 'label', `${field}.name`, out);
    const label = name ?? `${i + 1}`;
    const contact = (c: unknown, at: string): number => {
      const cname = stringAt(c, at, 'a contact name', out);
      if (cname === undefined) return -1;
      const k = known.unilateral.findIndex((u) => u.name === cname);
      if (k < 0) out.add('unknown-contact', field, `impact scenario '${label}' names contact '${cname}', which is not declared under unilateral`);
      return k;
    };
    const coordinate = (c: unknown, at: string): string | undefined => {
      const cname = stringAt(c, at, 'a coordinate name', out);
      if (cname !== undefined && !known.coordinates.some((q) => q.name === cname)) out.add('unknown-coordinate', at, `'${cname}' is not a coordinate`);
      else return cname;
      return undefined;
    };
    const arriving = contact(spec.arriving, `${field}.arriving`);
    const closed =
      spec.closed === undefined
        ? []
        : (arrayAt(spec.closed, `${field}.closed`, 'a list of contact names', out) ?? []).map((c, k) => contact(c, `${field}.closed[${k}]`));
    const at = new Map<string, Expr>();
    for (const [qname, v] of Object.entries(fieldsAt(spec.at, `${field}.at`, 'a configuration (coordinate → expression)', out) ?? {})) {
      const q = coordinate(qname, member(`${field}.at`, qname));
      const e = reader.read(v, member(`${field}.at`, qname), out);
      if (q !== undefined && e) at.set(q, e);
    }
    const independent = (arrayAt(spec.independent, `${field}.independent`, 'a list of coordinate names', out) ?? [])
      .map((c) => coordinate(c, `${field}.independent`))
      .filter((c): c is string => c !== undefined);
    const approach = new Map<string, -1 | 1>();
    const signs =
      spec.approach === undefined ? {} : (fieldsAt(spec.approach, `${field}.approach`, "an object of signs (coordinate → 'negative' | 'positive')", out) ?? {});
    for (const [qname, sign] of Object.entries(signs)) {
      const signField = member(`${field}.approach`, qname);
      if (!independent.includes(qname)) out.add('bad-approach', signField, `'${qname}' is not one of the independent velocities of scenario '${label}'`);
      else if (sign !== 'negative' && sign !== 'positive')
        out.add('invalid-option', signField, `an approach sign is 'negative' or 'positive', got ${typeof sign === 'string' ? `'${sign}'` : typeName(sign)}`);
      else approach.set(qname, APPROACH_SIGNS[sign]);
    }
    const critical = spec.critical;
    const range = typeof critical === 'string' ? known.parameters.find((p) => p.name === critical)?.range : undefined;
    if (critical !== undefined && !(range?.[0] && range[1])) {
      out.add(
        'bad-critical',
        `${field}.critical`,
        `critical parameter ${typeof critical === 'string' ? `'${critical}'` : typeName(critical)} must be a parameter with a range of two ends${range ? ' (its critical value is found by scanning the range, and one side of it is unbounded)' : ''}`,
      );
    }
    const directionsAt = new Map<string, number>();
    const values =
      spec.directionsAt === undefined ? {} : (fieldsAt(spec.directionsAt, `${field}.directionsAt`, 'a configuration (coordinate → number)', out) ?? {});
    for (const [qname, v] of Object.entries(values)) {
      const valueField = member(`${field}.directionsAt`, qname);
      const q = coordinate(qname, valueField);
      if (typeof v !== 'number' || !Number.isFinite(v)) out.add('invalid-option', valueField, `a coordinate's value is a finite number, got ${typeName(v)}`);
      else if (q !== undefined) directionsAt.set(q, v);
    }
    if (name !== undefined && arriving >= 0 && closed.every((k) => k >= 0)) {
      scenarios.push({
        name,
        arriving,
        closed,
        at,
        independent,
        approach,
        ...(typeof critical === 'string' ? { critical } : {}),
        ...(directionsAt.size ? { directionsAt } : {}),
      });
    }
  });
  return out.result(scenarios);
}
