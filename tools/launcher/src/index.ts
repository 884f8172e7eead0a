export { freePort } from './ports.js';
export { SERVICES, type ServiceName } from './services.js';
export type { ServiceSpec } from './registry.js';
