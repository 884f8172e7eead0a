import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import { cloneValue, isPlainObject } from '../bson.js';

function isSlice(value: unknown): value is { $slice: unknown } {
  return isPlainObject(value) && Object.keys(value).length === 1 && '$slice' in value;
}

function sliceArray(values: unknown[], spec: unknown): unknown[] {
  if (typeof spec === 'number') return spec >= 0 ? values.slice(0, spec) : values.slice(spec);
  if (Array.isArray(spec) && typeof spec[0] === 'number' && typeof spec[1] === 'number') {
    const start = spec[0] >= 0 ? spec[0] : Math.max(0, values.length + spec[0]);
    return values.slice(start, start + spec[1]);
  }
  return values;
}

/** Applies `{ path: { $slice } }` in place on a copy; paths through arrays are left alone. */
function applySlice(doc: Document, path: string, spec: unknown): void {
  const segments = path.split('.');
  let current: unknown = doc;
  for (const segment of segments.slice(0, -1)) {
    if (!isPlainObject(current)) return;
    current = current[segment];
  }
  const last = segments[segments.length - 1] as string;
  if (!isPlainObject(current) || !Array.isArray(current[last])) return;
  current[last] = sliceArray(current[last] as unknown[], spec);
}

/** MongoDB returns projected fields in the order the document has them, _id first. */
function inDocumentOrder(source: Document, projected: Document): Document {
  const out: Document = {};
  for (const key of Object.keys(source)) if (key in projected) out[key] = projected[key];
  for (const key of Object.keys(projected)) if (!(key in out)) out[key] = projected[key];
  return out;
}

function isTopLevelName(key: string): boolean {
  return key !== '' && !key.includes('.') && !key.startsWith('$');
}

/**
 * A projection that only names top-level fields, to keep (1/true) or leave out (0/false), `_id`
 * either way: answered without the query engine, whose set-up costs more than the projection
 * saves on a single document. Undefined for anything else (dotted paths, operators, mixed
 * inclusion and exclusion), which the query engine answers or refuses. Nothing is edited, so the
 * answer shares the document's values, as an answer without projection shares the document.
 */
export function topLevelProjector(projection: Document): ((doc: Document) => Document) | undefined {
  const entries = Object.entries(projection);
  if (
    !entries.every(([k, v]) => isTopLevelName(k) && (v === 0 || v === 1 || typeof v === 'boolean'))
  )
    return undefined;
  const kept = (v: unknown): boolean => v === 1 || v === true;
  const others = entries.filter(([k]) => k !== '_id');
  const including = others.length === 0 ? kept(projection['_id']) : others.some(([, v]) => kept(v));
  if (including && !others.every(([, v]) => kept(v))) return undefined;
  const named = new Set(others.map(([k]) => k));
  const idValue: unknown = projection['_id'];
  const keepId = idValue === undefined || kept(idValue);
  const keeps = (key: string): boolean =>
    key === '_id' ? keepId : including ? named.has(key) : !named.has(key);
  return (doc) => {
    const out: Document = {};
    for (const key of Object.keys(doc)) if (keeps(key)) out[key] = doc[key];
    return out;
  };
}

/**
 * A find-style projection. The query engine edits nested parts of the document it projects, so
 * it always works on a copy. A projection made only of `$slice` (and exclusions) keeps every other
 * field, as in MongoDB, which the query engine would otherwise treat as an inclusion.
 */
export function projector(query: Query, projection: Document): (doc: Document) => Document {
  const slices = Object.entries(projection).filter(([, v]) => isSlice(v));
  const rest: Document = {};
  for (const [k, v] of Object.entries(projection)) if (!isSlice(v)) rest[k] = v;
  const includes = Object.entries(rest).some(([k, v]) => k !== '_id' && v !== 0 && v !== false);
  if (slices.length > 0 && !includes) {
    return (doc) => {
      let out = cloneValue(doc);
      if (Object.keys(rest).length > 0) out = query.find<Document>([out], rest).next();
      for (const [path, spec] of slices)
        applySlice(out, path, (spec as { $slice: unknown }).$slice);
      return inDocumentOrder(doc, out);
    };
  }
  return (doc) => {
    const out = query.find<Document>([cloneValue(doc)], projection).next();
    return inDocumentOrder(doc, out);
  };
}
