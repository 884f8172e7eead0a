// What the services and tools use, by name; everything else in this package is internal.

// Building an app
export { createHttpApp } from './http/create-app.js';
export { helmetOptionsFor, type SecurityHeadersProfile } from './http/security-headers.js';
export { jsonBodyParser, type JsonParserOptions } from './http/json-body.js';
export { MAX_JSON_DEPTH, UnsafeJsonError, type JsonGuardOptions } from './http/json-guard.js';
export {
  addErrorHandlers,
  jsonErrorRenderer,
  type ErrorRenderer,
  type JsonErrorRendererOptions,
} from './errors/error-handler.js';
export { isMalformedJsonError } from './errors/classify.js';
export { BadRequestError, HttpError, NotFoundError } from './errors/http-errors.js';
export { requireBearerToken } from './auth/bearer.js';

// Throttling
export { memoryThrottle, openThrottle, type Throttle } from './throttle/throttle.js';
export { loadThrottleConfig, type ThrottleConfig } from './throttle/throttle-config.js';
export { AUTH_FAILURE_LIMIT_MESSAGE, REQUEST_LIMIT_MESSAGE } from './throttle/too-many-requests.js';

// Observability
export { REQUEST_ID_HEADER, requestIdOf, requestLogFields } from './observability/request-id.js';
export { metricsVariables } from './observability/metrics-config.js';
export { METRICS_PATH } from './observability/metrics-endpoint.js';

// Reading input
export { inputReader, type InputReader, type InputRejection } from './validation/parse-input.js';
export { isJsonObject } from './validation/json-object.js';
export { objectIdSchema } from './mongo/object-id.js';
export {
  idCursor,
  nextPageLink,
  pageQueryFields,
  type IdCursor,
  type PageLimits,
} from './http/page.js';

// Configuration
export {
  apiDocsVariable,
  ConfigError,
  loadEnv,
  mongoServiceVariables,
  secretVariable,
  serviceVariables,
  type Env,
} from './config/config.js';

// Describing the API (OpenAPI 3.1 from the zod schemas)
export {
  API_DOCUMENT_FILE,
  apiDocumentText,
  createApiDocument,
  UNMATCHED_ROUTE_RESPONSE,
  type ApiDescription,
  type ApiDocument,
  type ApiRoute,
  type UnmatchedRouteResponse,
} from './openapi/api-document.js';
export {
  jsonErrorTooManyRequests,
  textTooManyRequests,
  type TooManyRequestsBody,
} from './openapi/rate-limit-document.js';
export {
  cannotRouteResponse,
  emptyResponse,
  errorBodySchema,
  errorResponse,
  fixedErrorResponse,
  jsonResponse,
  notModifiedResponse,
  statusTextResponse,
  textResponse,
} from './openapi/responses.js';
export { DOCS_PATH, OPENAPI_PATH } from './openapi/docs-page.js';
export { expressPath, registerRoutes, type Route } from './openapi/route.js';

// Running a service
export { runService, type RunningService, type ServiceDefinition } from './runtime/run-service.js';
export { connectWithMongo } from './runtime/mongo-service.js';
export { connectMongo, describeMongoHost } from './mongo/mongo.js';
export { flushLogger, silentLogger, type Logger } from './runtime/logger.js';
