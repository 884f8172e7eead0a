export * from './stats.js';
export * from './table.js';
export * from './options.js';
