// What the services' tests use to hold the apps to their OpenAPI documents.
export { openApiSchemaProblems } from './openapi-validity.js';
export { ResponseContract, type Exchange } from './response-contract.js';
export { useResponseContract } from './checked-app.js';
export { committedDocumentDrift, documentedRoutes } from './document-drift.js';
export { describeApiDocument } from './api-document-tests.js';
export { describeAsyncApiDocument } from './async-api-document-tests.js';
export {
  asyncApiProblems,
  messageContract,
  type MessageContract,
  type PublishedExample,
} from './async-api-contract.js';
export { FUZZ_ROUTE_TIMEOUT_MS, fuzzRoute, type FuzzRequest, type FuzzTarget } from './fuzz.js';
export { useListeningApp } from './listening-app.js';
export { EventStreamClient, type ReceivedEvent } from './event-stream-client.js';
export { mongoAddress, startFaultProxy, type FaultMode, type FaultProxy } from './fault-proxy.js';
export {
  startKeepAliveLoad,
  type LoadAnswer,
  type LoadOptions,
  type LoadRequest,
  type LoadResult,
  type RunningLoad,
} from './keep-alive-load.js';
export {
  stalledReader,
  steadyReader,
  trickleHeaders,
  unfinishedBody,
  type StalledReader,
  type TricklingClients,
} from './slow-clients.js';
export {
  hostileRequestArbitrary,
  hostileRoute,
  type HostileOptions,
  type HostileRequest,
} from './hostile.js';
export { hostileCases, namedHostileRequests, type HostilePolicy } from './hostile-cases.js';
export { capturingLogger, errorLogProblems, type ErrorLogCheck } from './error-log.js';
export {
  describePreconditions,
  type ConditionalResource,
  type PreconditionSuite,
} from './preconditions.js';
export {
  describeIdempotentPost,
  type Caller,
  type IdempotentPostTarget,
} from './idempotent-post.js';
export { describeThrottling, type ThrottlingTarget, type TokenRoute } from './throttling-tests.js';
export {
  describeTokenGuessing,
  WRONG_TOKENS_PER_ROUTE,
  type TokenService,
} from './token-guessing.js';
export { describeErrorAnswers, type ErrorAnswersOptions } from './error-answers.js';
export { describeHttpLayer, type HttpLayerTarget } from './http-layer.js';
export { exampleRequests, type ExampleDocument, type ExampleRequest } from './example-requests.js';
export {
  headerAttacks,
  parsedHeaderCases,
  type HeaderAttack,
  type HeaderCase,
} from './header-attacks.js';
export { rawExchange, type RawAnswer } from './raw-exchange.js';
export { relativeCost, settledCpuMicroseconds, type CostOptions } from './relative-cost.js';
export { PlainClient, type PlainAnswer, type PlainRequest } from './plain-client.js';
export { describeDiskFull, type DiskFullTarget } from './disk-full-tests.js';
export { mountSmallDisk, writeFiller, type SmallDisk } from './small-disk.js';
export { startNatsServer, type TestNatsServer } from './nats-server.js';
export { documentedAnswerPattern } from './documented-answer.js';
export { timedAnswer, type TimedAnswer } from './timed-answer.js';
export { useSmallDisk, type SmallDiskInTest } from './small-disk-in-test.js';
