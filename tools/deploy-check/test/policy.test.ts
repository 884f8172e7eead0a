import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENTS,
  SERVICES,
  namespacesOf,
  networkPoliciesOf,
  plainEnvironment,
  portNumber,
  quantity,
  secretVariables,
  serviceObjects,
  type Environment,
  type ServiceSpec,
} from './support.js';
import { serviceModules, shutdownGraceMs } from './service-modules.js';

const MiB = 2 ** 20;

const cases = ENVIRONMENTS.flatMap((environment) =>
  SERVICES.map((spec) => [environment, spec.name, spec] as const),
);

function podSpecOf(environment: Environment, name: string) {
  const spec = serviceObjects(environment, name).deployment.spec?.template.spec;
  if (spec === undefined) throw new Error(`Deployment ${name} has no pod spec`);
  return spec;
}

/** Secret variables the service needs: its registry secrets, and MONGODB_URI when it uses MongoDB. */
function secretNames(spec: ServiceSpec): string[] {
  return [
    ...(spec.usesMongo ? ['MONGODB_URI'] : []),
    ...spec.secrets.map((secret) => secret.variable),
  ];
}

describe.each(cases)('%s: %s', (environment, name, spec) => {
  const objects = () => serviceObjects(environment, name);

  it("when the container starts with the manifests' variables, then the service's config accepts them in production and listens on the container port", async () => {
    const { container, service } = objects();
    const { loadConfig } = await serviceModules(name);
    const env = plainEnvironment(objects());
    const secrets = Object.fromEntries(secretNames(spec).map((variable) => [variable, 'set']));
    expect(env['NODE_ENV']).toBe('production');
    const config = loadConfig({ ...env, ...secrets, MONGODB_URI: 'mongodb://db.example:27017' });
    expect(portNumber(container, 'http')).toBe(config.PORT);
    expect(container.ports?.map((port) => port.containerPort)).toEqual([config.PORT]);
    expect(service.spec?.ports?.map((port) => portNumber(container, port.targetPort))).toEqual([
      config.PORT,
    ]);
  });

  it('when the Service routes traffic, then it selects exactly the pods of this Deployment', () => {
    const { deployment, service } = objects();
    const podLabels = deployment.spec?.template.metadata?.labels ?? {};
    const selector = service.spec?.selector ?? {};
    expect(Object.keys(selector)).not.toHaveLength(0);
    expect(podLabels).toMatchObject(selector);
    expect(deployment.spec?.selector.matchLabels).toEqual(selector);
  });

  it('when the kubelet probes the pod, then startup and liveness ask /healthz and readiness /readyz on the container port', () => {
    const { container } = objects();
    for (const [probe, path] of [
      [container.startupProbe, '/healthz'],
      [container.livenessProbe, '/healthz'],
      [container.readinessProbe, '/readyz'],
    ] as const) {
      expect(probe?.httpGet?.path).toBe(path);
      expect(portNumber(container, probe?.httpGet?.port)).toBe(container.ports?.[0]?.containerPort);
    }
  });

  it("when Prometheus discovers pods, then this one asks to be scraped at /metrics on its only port, with metrics on and on the service's port", () => {
    const { deployment, container } = objects();
    expect(deployment.spec?.template.metadata?.annotations).toMatchObject({
      'prometheus.io/scrape': 'true',
      'prometheus.io/path': '/metrics',
    });
    expect(container.ports).toHaveLength(1);
    const env = plainEnvironment(objects());
    expect(env['METRICS'] ?? 'on').toBe('on');
    expect(env['METRICS_PORT']).toBeUndefined();
  });

  it('when the pod runs, then it runs as a non-root user with a read-only root, no privilege escalation, no capabilities and the runtime seccomp profile', () => {
    const pod = podSpecOf(environment, name);
    const { container } = objects();
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
    expect(pod.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(container.securityContext?.capabilities?.add ?? []).toEqual([]);
    expect(container.securityContext?.privileged ?? false).toBe(false);
    expect(container.securityContext?.runAsUser ?? 1).toBeGreaterThan(0);
  });

  it('when the service uses its identity, then its ServiceAccount mounts no API token', () => {
    const { serviceAccount } = objects();
    expect(serviceAccount.automountServiceAccountToken).toBe(false);
    expect(podSpecOf(environment, name).automountServiceAccountToken).toBe(false);
  });

  it('when the pod is stopped, then a preStop wait comes first, the drain outlasts the readiness probe and the grace period outlasts all of it plus the service shutdown grace', async () => {
    const { container } = objects();
    const { definition } = await serviceModules(name);
    const env = plainEnvironment(objects());
    const preStopSeconds = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
    expect(preStopSeconds).toBeGreaterThanOrEqual(1);
    // The probe must have failed before the listener closes: at most one period per failure.
    const drainSeconds = Number(env['SHUTDOWN_DRAIN_MS']) / 1000;
    const probe = container.readinessProbe;
    expect(drainSeconds).toBeGreaterThan(
      (probe?.periodSeconds ?? 10) * (probe?.failureThreshold ?? 3),
    );
    const graceSeconds = Number(env['SHUTDOWN_GRACE_MS'] ?? shutdownGraceMs(definition)) / 1000;
    expect(podSpecOf(environment, name).terminationGracePeriodSeconds).toBeGreaterThan(
      preStopSeconds + drainSeconds + graceSeconds,
    );
  });

  it('when the container is scheduled, then CPU and memory have requests and limits, memory is reserved for the measured peak RSS with room over it and the V8 heap fits under the limit', () => {
    const { container } = objects();
    const { requests, limits } = container.resources ?? {};
    for (const resource of ['cpu', 'memory'] as const) {
      expect(quantity(requests?.[resource])).toBeGreaterThan(0);
      expect(quantity(limits?.[resource])).toBeGreaterThanOrEqual(quantity(requests?.[resource]));
    }
    // The registry's peakRssMiB: docs/deployment.md, "Resources", says where each figure is from.
    const peak = spec.peakRssMiB;
    expect(quantity(requests?.memory)).toBeGreaterThanOrEqual(peak * MiB);
    expect(quantity(limits?.memory)).toBeGreaterThanOrEqual(1.5 * peak * MiB);
    const heap = /--max-old-space-size=(\d+)/.exec(
      plainEnvironment(objects())['NODE_OPTIONS'] ?? '',
    );
    expect(heap).not.toBeNull();
    expect(Number(heap?.[1]) * MiB).toBeLessThanOrEqual(0.65 * quantity(limits?.memory));
  });

  it('when the image is pulled, then it is pinned by a tag other than latest, or by a digest', () => {
    const image = objects().container.image ?? '';
    const match =
      /^(?<name>[a-z0-9./_-]+)(?::(?<tag>\w[\w.-]{0,127}))?(?:@(?<digest>sha256:[a-f0-9]{64}))?$/.exec(
        image,
      );
    expect(match, `image ${image}`).not.toBeNull();
    const { tag, digest } = match?.groups ?? {};
    expect(tag !== undefined || digest !== undefined, `image ${image} has no tag or digest`).toBe(
      true,
    );
    expect(tag).not.toBe('latest');
    expect(match?.groups?.['name']).toMatch(new RegExp(`(^|/)${name}$`));
  });

  it('when the service needs a secret, then it comes from a Secret reference and never from the ConfigMap', () => {
    const { container, configMap } = objects();
    const fromSecrets = secretVariables(container);
    expect([...fromSecrets.keys()].sort()).toEqual(secretNames(spec).sort());
    for (const [variable, ref] of fromSecrets) {
      expect(ref).toEqual({ secret: `${name}-secrets`, key: variable });
    }
    for (const variable of [...secretNames(spec), 'MONGODB_URI']) {
      expect(Object.keys(configMap.data ?? {})).not.toContain(variable);
      expect(container.env?.find((entry) => entry.name === variable)?.value).toBeUndefined();
    }
  });

  it('when pods are placed, then replicas spread over zones and nodes', () => {
    const pod = podSpecOf(environment, name);
    const podLabels = objects().deployment.spec?.template.metadata?.labels ?? {};
    const keys = (pod.topologySpreadConstraints ?? []).map((constraint) => {
      expect(podLabels).toMatchObject(constraint.labelSelector?.matchLabels ?? { none: 'none' });
      return constraint.topologyKey;
    });
    expect(keys.sort()).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
  });

  it('when traffic reaches the pod, then only its own port is open, and it may only reach DNS and MongoDB (or nothing)', () => {
    const { container, networkPolicy, deployment } = objects();
    const port = container.ports?.[0]?.containerPort;
    expect(deployment.spec?.template.metadata?.labels).toMatchObject(
      networkPolicy.spec?.podSelector.matchLabels ?? { none: 'none' },
    );
    expect(networkPolicy.spec?.policyTypes?.sort()).toEqual(['Egress', 'Ingress']);
    expect(networkPolicy.spec?.ingress).toEqual([{ ports: [{ port, protocol: 'TCP' }] }]);
    const egressPorts = (networkPolicy.spec?.egress ?? []).map((rule) =>
      (rule.ports ?? []).map((entry) => `${entry.protocol}/${entry.port}`).sort(),
    );
    expect(egressPorts).toEqual(spec.usesMongo ? [['TCP/53', 'UDP/53'], ['TCP/27017']] : []);
    if (spec.usesMongo) {
      expect(networkPolicy.spec?.egress?.[0]?.to).toEqual([
        {
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
          podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
        },
      ]);
    }
  });
});

describe.each(ENVIRONMENTS)('%s: the namespace', (environment) => {
  it('when a pod does not fit the restricted pod security profile, then the namespace refuses it', () => {
    const namespaces = namespacesOf(environment);
    expect(namespaces).toHaveLength(1);
    expect(namespaces[0]?.metadata?.labels).toMatchObject({
      'pod-security.kubernetes.io/enforce': 'restricted',
    });
  });

  it('when no policy of its own allows traffic, then a default deny blocks every pod in and out', () => {
    const defaultDeny = networkPoliciesOf(environment).filter(
      (policy) => Object.keys(policy.spec?.podSelector.matchLabels ?? {}).length === 0,
    );
    expect(defaultDeny).toHaveLength(1);
    expect(defaultDeny[0]?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
  });
});

describe.each(SERVICES.map((spec) => [spec.name, spec] as const))('prod: %s', (name, spec) => {
  const objects = () => serviceObjects('prod', name);
  const selects = (labels: Readonly<Record<string, string>> | undefined) =>
    Object.entries(labels ?? {}).length > 0 &&
    Object.entries(labels ?? {}).every(
      ([key, value]) => objects().deployment.spec?.template.metadata?.labels?.[key] === value,
    );

  if (spec.replicas === 'one') {
    it('when the registry says one replica (its state lives in the process), then it is one replica replaced by Recreate, with no autoscaler and no disruption budget', () => {
      const { deployment, autoscalers, disruptionBudgets } = objects();
      expect(deployment.spec?.replicas).toBe(1);
      expect(deployment.spec?.strategy?.type).toBe('Recreate');
      expect(autoscalers.filter((hpa) => hpa.spec?.scaleTargetRef.name === name)).toEqual([]);
      expect(disruptionBudgets.filter((pdb) => selects(pdb.spec?.selector?.matchLabels))).toEqual(
        [],
      );
    });
    return;
  }

  it('when load grows, then an autoscaler owns the replica count, from at least two', () => {
    const { deployment, autoscalers } = objects();
    const mine = autoscalers.filter((hpa) => hpa.spec?.scaleTargetRef.name === name);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.spec?.scaleTargetRef).toMatchObject({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
    });
    expect(mine[0]?.spec?.minReplicas).toBeGreaterThanOrEqual(2);
    expect(mine[0]?.spec?.maxReplicas).toBeGreaterThan(mine[0]?.spec?.minReplicas ?? 0);
    // A replica count in the Deployment would fight the autoscaler on every apply.
    expect(deployment.spec?.replicas).toBeUndefined();
    expect(deployment.spec?.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
  });

  it('when nodes are drained, then a disruption budget keeps all but one pod serving', () => {
    const mine = objects().disruptionBudgets.filter((pdb) =>
      selects(pdb.spec?.selector?.matchLabels),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]?.spec?.maxUnavailable).toBe(1);
  });
});
