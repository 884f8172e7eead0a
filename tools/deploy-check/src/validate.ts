import { describeObject, type KubeObject } from './manifests.js';

/** A model class of kubernetes-models: a kind of one API version, with its schema's validator. */
interface ModelClass {
  new (data: object): { validate(): void };
}

function isModelClass(value: unknown): value is ModelClass {
  return (
    typeof value === 'function' &&
    'prototype' in value &&
    typeof value.prototype === 'object' &&
    value.prototype !== null &&
    'validate' in value.prototype
  );
}

// What an `apiVersion` (`v1`, `apps/v1`, `networking.k8s.io/v1beta1`) and a `kind` look like, so
// that only such names become a module path.
const API_VERSION = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\/)?v\d+(?:(?:alpha|beta)\d+)?$/;
const KIND = /^[A-Z][A-Za-z0-9]*$/;

const loaded = new Map<string, Promise<ModelClass | undefined>>();

/**
 * The model class of one kind, from its own module (`kubernetes-models/apps/v1/Deployment`):
 * each module carries its compiled schema, and the package's index loads every kind's (0.85 s
 * against 0.18 s for the eight kinds the manifests use). Undefined when the package has none.
 */
function modelOf(apiVersion: string, kind: string): Promise<ModelClass | undefined> {
  const key = `${apiVersion}/${kind}`;
  let model = loaded.get(key);
  if (model === undefined) {
    model =
      API_VERSION.test(apiVersion) && KIND.test(kind)
        ? import(`kubernetes-models/${key}`).then(
            (module: Record<string, unknown>) => {
              const found = module[kind];
              return isModelClass(found) ? found : undefined;
            },
            () => undefined,
          )
        : Promise.resolve(undefined);
    loaded.set(key, model);
  }
  return model;
}

/**
 * What is wrong with each object against the Kubernetes OpenAPI schema of its kind (types,
 * required fields, enumerations, formats), as messages naming the object; empty when all
 * validate. A kind without a schema is a problem too: nothing passes unchecked.
 */
export async function validateObjects(objects: readonly KubeObject[]): Promise<string[]> {
  const problems = await Promise.all(
    objects.map(async (object) => {
      const Model = await modelOf(object.apiVersion, object.kind);
      if (Model === undefined) {
        return [`${describeObject(object)}: no schema for ${object.apiVersion} ${object.kind}`];
      }
      try {
        new Model(object).validate();
        return [];
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return [`${describeObject(object)}: ${message}`];
      }
    }),
  );
  return problems.flat();
}
