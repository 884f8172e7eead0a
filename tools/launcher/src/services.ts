import { readServiceRegistry, type ServiceSpec } from './registry.js';

/** The services the launcher runs, in the order of the URL table (services/registry.json). */
export const SERVICES: readonly ServiceSpec[] = readServiceRegistry();

export type ServiceName = string;

export const SERVICE_NAMES: readonly ServiceName[] = SERVICES.map((service) => service.name);

/** Each secret variable with its service and the value the service falls back to outside production. */
export const SECRETS = SERVICES.flatMap((service) =>
  service.secrets.map((secret) => ({ ...secret, service: service.name })),
);
