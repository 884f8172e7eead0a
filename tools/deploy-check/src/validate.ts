import * as models from 'kubernetes-models';
import { describeObject, type KubeObject } from './manifests.js';

/** A model class of kubernetes-models: a kind of one API version, with its schema's validator. */
interface ModelClass {
  readonly apiVersion: string;
  readonly kind: string;
  new (data: object): { validate(): void };
}

function isModelClass(value: unknown): value is ModelClass {
  return (
    typeof value === 'function' &&
    'apiVersion' in value &&
    typeof value.apiVersion === 'string' &&
    'kind' in value &&
    typeof value.kind === 'string' &&
    'prototype' in value &&
    typeof value.prototype === 'object' &&
    value.prototype !== null &&
    'validate' in value.prototype
  );
}

/**
 * Every kind kubernetes-models has a schema for, by `apiVersion kind`. The package exports one
 * namespace per API group (`apps`, `networkingK8sIo`, ...) holding one per version, except the
 * core group, whose `v1` holds the classes directly.
 */
function collectModels(): ReadonlyMap<string, ModelClass> {
  const found = new Map<string, ModelClass>();
  const visit = (namespace: object, depth: number): void => {
    for (const value of Object.values(namespace)) {
      if (isModelClass(value)) found.set(`${value.apiVersion} ${value.kind}`, value);
      else if (depth < 2 && typeof value === 'object' && value !== null) visit(value, depth + 1);
    }
  };
  visit(models, 0);
  return found;
}

const MODELS = collectModels();

/**
 * What is wrong with an object against the Kubernetes OpenAPI schema of its kind (types, required
 * fields, enumerations, formats), as messages naming the object; empty when it validates. A kind
 * without a schema is a problem too: nothing passes unchecked.
 */
export function validateObject(object: KubeObject): string[] {
  const Model = MODELS.get(`${object.apiVersion} ${object.kind}`);
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
}
