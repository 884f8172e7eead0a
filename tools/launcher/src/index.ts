// What the bench and the deploy checks use: the registry's services and a free port.
export { freePort } from './ports.js';
export { SERVICES, type ServiceName } from './services.js';
export type { ServiceSpec } from './registry.js';
