// coordinates: a non-empty list of names, or of { name, description, unit }.
import { sym } from '../../core/expr.js';
import { accelerationSymbol, velocitySymbol } from '../names.js';
import { COORDINATE_FIELDS } from '../spec.js';
import type { Coordinate } from '../types.js';
import type { Namespace } from './identifiers.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, isFields, rejectUnknownKeys } from './shape.js';
import { optionalNote, optionalText } from './text.js';

export function checkCoordinates(x: unknown, names: Namespace, model: string | undefined): Checked<Coordinate[]> {
  const out = new Problems(model);
  const coordinates: Coordinate[] = [];
  if (x === undefined || (Array.isArray(x) && x.length === 0)) {
    out.add('no-coordinates', 'coordinates', 'a model needs at least one coordinate');
    return out.result(coordinates);
  }
  const list = arrayAt(x, 'coordinates', 'a list of coordinates (names, or { name, description, unit })', out) ?? [];
  list.forEach((c, i) => {
    const field = `coordinates[${i}]`;
    const spec = isFields(c) ? c : { name: c };
    if (isFields(c)) rejectUnknownKeys(c, COORDINATE_FIELDS, field, out);
    const description = optionalNote(spec.description, `${field}.description`, out);
    const unit = optionalText(spec.unit, 'unit', `${field}.unit`, out);
    // Problems in a coordinate's name are reported in 'coordinates', where the list is.
    const name = names.claim(spec.name, 'coordinates', out);
    if (name === undefined) return;
    const q = sym(name);
    coordinates.push({
      name,
      q,
      qd: velocitySymbol(q),
      qdd: accelerationSymbol(q),
      ...(description !== undefined ? { description } : {}),
      ...(unit !== undefined ? { unit } : {}),
    });
  });
  return out.result(coordinates);
}
