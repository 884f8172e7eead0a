import type { Options } from 'mingo/types';

/** Shared options for the query engine; cloning is off because stored documents are never mutated (updates work on copies). */
export const QUERY_OPTIONS: Partial<Options> = {
  idKey: '_id',
  useStrictMode: true,
  scriptEnabled: false,
};
