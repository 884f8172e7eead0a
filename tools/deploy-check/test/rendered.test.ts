import { describe, expect, it } from 'vitest';
import { parseManifests } from '../src/manifests.js';
import { unknownFieldProblems } from '../src/strict-fields.js';
import { validateObjects } from '../src/validate.js';
import { ENVIRONMENTS, SERVICES, objectsOf } from './support.js';

describe.each(ENVIRONMENTS)('deploy/k8s/rendered/%s.yaml', (environment) => {
  it('when each object is checked against the Kubernetes OpenAPI schema of its kind, then every one validates', async () => {
    const objects = objectsOf(environment);
    expect(objects.length).toBeGreaterThan(SERVICES.length);
    expect(await validateObjects(objects)).toEqual([]);
  });

  it('when each object is type-checked against its kind, then none has a field its kind lacks', () => {
    expect(unknownFieldProblems(objectsOf(environment))).toEqual([]);
  });

  it('when the render is read, then every service of services/registry.json has its Deployment', () => {
    const deployments = objectsOf(environment)
      .filter((object) => object.kind === 'Deployment')
      .map((object) => object.metadata.name)
      .sort();
    expect(deployments).toEqual(SERVICES.map((service) => service.name).sort());
  });
});

describe('schema validation', () => {
  it('when an object breaks its schema, then the problem names the object and the field', async () => {
    const [deployment] = parseManifests(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n' +
        'spec: {replicas: two, selector: {}, template: {}}\n',
      'test',
    );
    if (deployment === undefined) throw new Error('nothing parsed');
    const problems = await validateObjects([deployment]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Deployment web: .*spec\/replicas must be integer/);
  });

  it('when an object has a misspelt field, then it is reported, which the schema alone allows', async () => {
    const [deployment] = parseManifests(
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: {name: web}',
        'spec:',
        '  selector: {matchLabels: {app: web}}',
        '  template:',
        '    metadata: {labels: {app: web}}',
        '    spec:',
        '      containers:',
        '        - {name: web, image: web:1, readinesProbe: {httpGet: {path: /readyz, port: 80}}}',
      ].join('\n'),
      'test',
    );
    if (deployment === undefined) throw new Error('nothing parsed');
    expect(await validateObjects([deployment])).toEqual([]);
    const problems = unknownFieldProblems([deployment]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^Deployment web: .*'"readinesProbe"' does not exist in type 'IContainer'/,
    );
  });

  it('when a kind has no schema, then it is reported, not passed', async () => {
    const [object] = parseManifests(
      'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: n}\n',
      'test',
    );
    if (object === undefined) throw new Error('nothing parsed');
    expect(await validateObjects([object])).toEqual([
      'Widget n/w: no schema for example.com/v1 Widget',
    ]);
  });

  it('when an apiVersion or kind is not a Kubernetes name, then it is reported as without a schema', async () => {
    const objects = parseManifests(
      'apiVersion: ../../package.json\nkind: Deployment\nmetadata: {name: a}\n---\n' +
        'apiVersion: apps/v1\nkind: ../Deployment\nmetadata: {name: b}\n',
      'test',
    );
    expect(await validateObjects(objects)).toEqual([
      'Deployment a: no schema for ../../package.json Deployment',
      '../Deployment b: no schema for apps/v1 ../Deployment',
    ]);
  });
});
