export { launch, LaunchError, type LaunchedSystem } from './launcher.js';
export {
  parseCommandLine,
  USAGE,
  UsageError,
  type LaunchOptions,
  type RunMode,
} from './options.js';
export { findPortProblems, freePort, type PortClaim } from './ports.js';
export { probeReady, waitUntilReady } from './readiness.js';
export { consoleReporter, silentReporter, type Reporter } from './report.js';
export {
  parseServiceRegistry,
  readServiceRegistry,
  REGISTRY_FILE,
  RegistryError,
  type ServiceSecret,
  type ServiceSpec,
} from './registry.js';
export { SERVICES, SECRETS, type SecretSpec, type ServiceName } from './services.js';
export { READY_HEADLINE, renderUrlTable } from './table.js';
