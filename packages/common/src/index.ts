// What the services and tools use; the modules not exported here are internal. What needs the
// MongoDB driver is `@repo/common/mongo` (./mongo/index.ts), so a service without a database never
// loads it.

// Building an app
export { createHttpApp } from './http/create-app.js';
export { helmetOptionsFor, type SecurityHeadersProfile } from './http/security-headers.js';
export { jsonBodyParser, type JsonParserOptions } from './http/json-body.js';
export { NOT_A_JSON_OBJECT_MESSAGE, NotAJsonObjectError } from './http/request-body.js';
export { sendJsonArray, type DocumentCursor } from './http/json-array-stream.js';
export { MAX_JSON_DEPTH, UnsafeJsonError, type JsonGuardOptions } from './http/json-guard.js';
export {
  EVENT_STREAM_HEADERS,
  openEventStream,
  OpenStreams,
  type EventStream,
  type EventStreamOptions,
  type StreamEvent,
} from './http/event-stream.js';
export {
  addErrorHandlers,
  type ErrorHandlersOptions,
  type ErrorRenderer,
  jsonErrorRenderer,
  type JsonErrorRendererOptions,
} from './errors/error-handler.js';
export { isMalformedJsonError } from './errors/classify.js';
export {
  BadRequestError,
  HttpError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from './errors/http-errors.js';
export { undecodableIdHandler } from './errors/undecodable-id.js';
export { requireBearerToken } from './auth/bearer.js';
export {
  type IfMatch,
  ifMatchAllows,
  parseIfMatch,
  PRECONDITION_FAILED_MESSAGE,
  PreconditionFailedError,
  readIfMatch,
  rejectFailedPrecondition,
  sendVersioned,
  setVersionEtag,
  strongEtag,
} from './http/preconditions.js';

// Idempotency keys on POST routes
export {
  ANONYMOUS,
  byAuthorization,
  byPathParam,
  idempotentRoute,
  type ErrorResponseOf,
  type IdempotencyDeps,
  type IdempotencyOption,
} from './idempotency/route-option.js';
export {
  createMemoryIdempotencyStore,
  type IdempotencyStore,
  type IdempotencyStoreOptions,
} from './idempotency/store.js';
export { IDEMPOTENT_REPLAYED_HEADER } from './idempotency/key.js';

// Throttling
export { memoryThrottle, openThrottle, type Throttle } from './throttle/throttle.js';
export { loadThrottleConfig, type ThrottleConfig } from './throttle/throttle-config.js';
export { AUTH_FAILURE_LIMIT_MESSAGE, REQUEST_LIMIT_MESSAGE } from './throttle/too-many-requests.js';

// Observability
export { REQUEST_ID_HEADER, requestIdOf, requestLogFields } from './observability/request-id.js';
export { describeMongoHost, METRICS_PATH } from './addresses.js';

// Reading input
export {
  describeIssues,
  describePath,
  inputReader,
  type InputReader,
  type InputRejection,
} from './validation/parse-input.js';
export { isJsonObject } from './validation/json-object.js';
export {
  storedVersion,
  VERSION_BUMP,
  VERSION_FIELD,
  type Versioned,
  versionFilter,
} from './mongo/version.js';

// Configuration
export {
  apiDocsVariable,
  ConfigError,
  DEFAULT_IDEMPOTENCY_TTL_SECONDS,
  idempotencyVariables,
  configLoader,
  loadEnv,
  metricsVariables,
  millisecondsVariable,
  mongoServiceVariables,
  secretVariable,
  serviceVariables,
  wholeNumberVariable,
  type Env,
} from './config/config.js';

// Describing the API (OpenAPI 3.1 from the zod schemas)
export {
  API_DOCUMENT_FILE,
  type ApiDescription,
  type ApiDocument,
  apiDocumentText,
  type ApiRoute,
  createApiDocument,
  taggedRoutes,
  UNMATCHED_ROUTE_RESPONSE,
  type UnmatchedRouteResponse,
} from './openapi/api-document.js';
export {
  jsonErrorTooManyRequests,
  textTooManyRequests,
  type TooManyRequestsBody,
} from './openapi/rate-limit-document.js';
export {
  cannotRouteResponse,
  createdIdResponse,
  emptyResponse,
  errorBodySchema,
  eventStreamResponse,
  lastEventIdHeader,
  errorResponse,
  fixedErrorResponse,
  ifMatchHeader,
  jsonBody,
  jsonResponse,
  notModifiedResponse,
  PRECONDITION_FAILED_DESCRIPTION,
  statusTextResponse,
  textResponse,
  withEtag,
} from './openapi/responses.js';
export { conditionalWrite } from './openapi/conditional-write.js';
export { ASYNCAPI_PATH, DOCS_PATH, OPENAPI_PATH } from './openapi/docs-page.js';
export { expressPath, registerRoutes, ShadowedRouteError, type Route } from './openapi/route.js';

// Describing the events a service publishes (AsyncAPI 3.0 from the zod schemas)
export {
  ASYNC_API_DOCUMENT_FILE,
  type AsyncApiDocument,
  type AsyncApiServer,
  createAsyncApiDocument,
  type EventsDescription,
  type PublishedMessage,
} from './asyncapi/async-api-document.js';

// Running a service
export {
  runService,
  type BaseServiceConfig,
  type RunningService,
  type ServiceDefinition,
} from './runtime/run-service.js';
export { flushLogger, silentLogger, type Logger } from './runtime/logger.js';
