import { SERVICES, type ServiceSpec } from '@repo/launcher';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type {
  IConfigMap,
  IContainer,
  INamespace,
  IService,
  IServiceAccount,
} from 'kubernetes-models/v1';
import type { KubeObject } from '../src/manifests.js';
import { ENVIRONMENTS, type Environment } from '../src/paths.js';
import { readRendered } from '../src/rendered.js';

export { ENVIRONMENTS, SERVICES, type Environment, type ServiceSpec };

/** Every committed render, read once. */
export const RENDERED: ReadonlyMap<Environment, readonly KubeObject[]> = new Map(
  await Promise.all(
    ENVIRONMENTS.map(
      async (environment) => [environment, await readRendered(environment)] as const,
    ),
  ),
);

export function objectsOf(environment: Environment): readonly KubeObject[] {
  const objects = RENDERED.get(environment);
  if (objects === undefined) throw new Error(`no render of ${environment}`);
  return objects;
}

/**
 * One kind of object, told apart by `apiVersion` and `kind` as the kubernetes-models classes' own
 * guards do, without loading the classes (each carries its compiled schema).
 */
interface Kind<T> {
  name: string;
  is: (value: KubeObject) => value is KubeObject & T;
}

function kind<T>(apiVersion: string, name: string): Kind<T> {
  return {
    name,
    is: (value): value is KubeObject & T => value.apiVersion === apiVersion && value.kind === name,
  };
}

const deploymentKind = kind<IDeployment>('apps/v1', 'Deployment');
const configMapKind = kind<IConfigMap>('v1', 'ConfigMap');
const serviceKind = kind<IService>('v1', 'Service');
const serviceAccountKind = kind<IServiceAccount>('v1', 'ServiceAccount');
const namespaceKind = kind<INamespace>('v1', 'Namespace');
const networkPolicyKind = kind<INetworkPolicy>('networking.k8s.io/v1', 'NetworkPolicy');
const autoscalerKind = kind<IHorizontalPodAutoscaler>('autoscaling/v2', 'HorizontalPodAutoscaler');
const disruptionBudgetKind = kind<IPodDisruptionBudget>('policy/v1', 'PodDisruptionBudget');

/** The objects of one kind, typed as kubernetes-models declares it. */
function ofKind<T>(objects: readonly KubeObject[], { is }: Kind<T>): T[] {
  return objects.flatMap((object) => (is(object) ? [object] : []));
}

/** The one object of a kind and name; fails naming what is missing or repeated. */
function only<T extends { metadata?: { name?: string } }>(
  objects: readonly KubeObject[],
  of: Kind<T>,
  name: string,
): T {
  const found = ofKind(objects, of).filter((object) => object.metadata?.name === name);
  const [first] = found;
  if (first === undefined || found.length > 1) {
    throw new Error(`expected one ${of.name} ${name}, found ${found.length}`);
  }
  return first;
}

/** What the policy tests read of one service in one environment's render. */
export interface ServiceObjects {
  deployment: IDeployment;
  container: IContainer;
  configMap: IConfigMap;
  service: IService;
  serviceAccount: IServiceAccount;
  networkPolicy: INetworkPolicy;
  autoscalers: IHorizontalPodAutoscaler[];
  disruptionBudgets: IPodDisruptionBudget[];
}

export function serviceObjects(environment: Environment, name: string): ServiceObjects {
  const objects = objectsOf(environment);
  const deployment = only(objects, deploymentKind, name);
  const containers = deployment.spec?.template.spec?.containers ?? [];
  const [container] = containers;
  if (container === undefined || containers.length !== 1) {
    throw new Error(`Deployment ${name} should run exactly one container`);
  }
  const configMapName = container.envFrom?.[0]?.configMapRef?.name;
  if (configMapName === undefined) throw new Error(`${name} reads no ConfigMap`);
  return {
    deployment,
    container,
    configMap: only(objects, configMapKind, configMapName),
    service: only(objects, serviceKind, name),
    serviceAccount: only(
      objects,
      serviceAccountKind,
      deployment.spec?.template.spec?.serviceAccountName ?? '(none)',
    ),
    networkPolicy: only(objects, networkPolicyKind, name),
    autoscalers: ofKind(objects, autoscalerKind),
    disruptionBudgets: ofKind(objects, disruptionBudgetKind),
  };
}

export function namespacesOf(environment: Environment): INamespace[] {
  return ofKind(objectsOf(environment), namespaceKind);
}

export function networkPoliciesOf(environment: Environment): INetworkPolicy[] {
  return ofKind(objectsOf(environment), networkPolicyKind);
}

/** The environment the container starts with, from its ConfigMap and its plain `env` values. */
export function plainEnvironment(objects: ServiceObjects): Record<string, string> {
  const fromEnv = (objects.container.env ?? []).flatMap((variable) =>
    variable.value === undefined ? [] : [[variable.name, variable.value] as const],
  );
  return { ...objects.configMap.data, ...Object.fromEntries(fromEnv) };
}

/** The variables the container takes from Secrets, with the Secret and key each comes from. */
export function secretVariables(
  container: IContainer,
): Map<string, { secret: string; key: string }> {
  return new Map(
    (container.env ?? []).flatMap((variable) => {
      const ref = variable.valueFrom?.secretKeyRef;
      return ref === undefined ? [] : [[variable.name, { secret: ref.name ?? '', key: ref.key }]];
    }),
  );
}

/** The container port called `name`, as probes and the Service refer to it. */
export function portNumber(container: IContainer, port: number | string | undefined): number {
  if (typeof port === 'number') return port;
  const found = container.ports?.find((candidate) => candidate.name === port);
  if (found === undefined) throw new Error(`${container.name} has no port named ${String(port)}`);
  return found.containerPort;
}

/** Quantities as Kubernetes writes them, in bytes or cores: 320Mi, 1Gi, 250m, 1. */
export function quantity(value: number | string | undefined): number {
  if (value === undefined) return Number.NaN;
  if (typeof value === 'number') return value;
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi)?$/.exec(value);
  if (match === null) throw new Error(`unsupported quantity ${value}`);
  const factor = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * factor;
}
