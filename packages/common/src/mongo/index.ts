// `@repo/common/mongo`: what a service on MongoDB uses, apart from `@repo/common` so that a
// service without a database does not load the driver.
export { connectWithMongo } from './mongo-service.js';
export { connectMongo } from './mongo.js';
export { mongoDatabaseErrors } from './database-errors.js';
export { objectIdSchema } from './object-id.js';
export * from './page.js';
export * from './idempotency-store.js';
