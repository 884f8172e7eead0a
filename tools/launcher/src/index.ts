export { freePort } from './ports.js';
export { SECRETS, SERVICE_NAMES, SERVICES, type ServiceName } from './services.js';
export { readServiceRegistry, type ServiceSpec } from './registry.js';
export { SERVICE_SCRIPTS } from './service-scripts.js';
export { fillPlaceholders, idIn, prepareCreate, type CreateRequest } from './create-request.js';
