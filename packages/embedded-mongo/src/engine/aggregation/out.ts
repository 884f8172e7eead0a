import { randomUUID } from 'node:crypto';
import type { Document } from 'bson';
import { MongoCommandError } from '../../errors.js';
import { Collection, validateId, withIdFirst } from '../collection.js';
import type { Engine } from '../engine.js';
import type { WriteChecks } from '../validation.js';
import { isPlainObject } from '../../values/types.js';
import { typeName } from './operands.js';
import { checkTarget, parseTarget, type WriteTarget } from './write-target.js';

/** Writes a pipeline's output; called once with every document the pipeline produced. */
export type WriteStage = (docs: Iterable<Document>) => void;

function parseOut(spec: unknown, db: string): WriteTarget {
  if (typeof spec !== 'string' && !isPlainObject(spec)) {
    throw new MongoCommandError(
      'Location16990',
      `$out only supports a string or object argument, but found ${typeName(spec)}`,
    );
  }
  const target = parseTarget('$out', '$out', spec, db);
  checkTarget('$out', target);
  return target;
}

/**
 * `$out`: the target collection's documents are replaced by the pipeline's output, all at once.
 * The output is first checked in a staging collection with the target's options and indexes
 * (named as MongoDB names its temporary one, which duplicate-key messages show), validator
 * included; only when every document fits does the target change, keeping its options and
 * indexes.
 */
export function outStage(
  engine: Engine,
  db: string,
  spec: unknown,
  checks: WriteChecks | undefined,
): WriteStage {
  const target = parseOut(spec, db);
  return (docs) => {
    const existing = engine.collection(target.db, target.coll);
    if (existing?.options['capped'] === true) {
      throw new MongoCommandError(
        'Location17152',
        `namespace '${target.db}.${target.coll}' is capped so it can't be used for $out`,
      );
    }
    const options = existing?.options ?? {};
    const indexes = (existing?.indexes ?? []).filter((spec) => spec.name !== '_id_');
    const staging = new Collection(
      target.db,
      `tmp.agg_out.${randomUUID()}`,
      options,
      () => undefined,
    );
    for (const index of indexes) staging.restoreIndex(index);
    for (const raw of docs) {
      const doc = withIdFirst(raw);
      validateId(doc['_id']);
      staging.insert(doc, checks);
    }
    engine.dropCollection(target.db, target.coll);
    const { coll } = engine.ensureCollection(target.db, target.coll, options);
    for (const index of indexes) coll.restoreIndex(index);
    if (indexes.length > 0) coll.persistMeta();
    // Each document was checked against the target's validator on its way into the staging copy.
    for (const doc of staging.docs.values()) coll.insert(doc, { bypassDocumentValidation: true });
  };
}
