import { parseAllDocuments } from 'yaml';

/** A Kubernetes object as read from YAML: its identity is checked, the rest by the schemas. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [field: string]: unknown };
  [field: string]: unknown;
}

export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isKubeObject(value: unknown): value is KubeObject {
  if (!isRecord(value) || !isRecord(value['metadata'])) return false;
  const { namespace } = value['metadata'];
  return (
    typeof value['apiVersion'] === 'string' &&
    typeof value['kind'] === 'string' &&
    typeof value['metadata']['name'] === 'string' &&
    (namespace === undefined || typeof namespace === 'string')
  );
}

/** `Kind namespace/name`, how the checks name an object. */
export function describeObject(object: KubeObject): string {
  const namespace = object.metadata.namespace;
  return `${object.kind} ${namespace === undefined ? '' : `${namespace}/`}${object.metadata.name}`;
}

/** The objects of a multi-document YAML text, such as kubectl kustomize prints. */
export function parseManifests(text: string, source: string): KubeObject[] {
  const objects: KubeObject[] = [];
  parseAllDocuments(text).forEach((document, index) => {
    if (document.errors.length > 0) {
      throw new ManifestError(`${source}, document ${index + 1}: ${document.errors[0]?.message}`);
    }
    const value: unknown = document.toJS();
    if (value === null) return;
    if (!isKubeObject(value)) {
      throw new ManifestError(
        `${source}, document ${index + 1}: not a Kubernetes object (apiVersion, kind, metadata.name)`,
      );
    }
    objects.push(value);
  });
  return objects;
}
