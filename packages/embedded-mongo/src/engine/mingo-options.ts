import type { Options } from 'mingo/types';

/** Shared options for the query engine; cloning is off because the store hands out copies itself. */
export const QUERY_OPTIONS: Partial<Options> = {
  idKey: '_id',
  useStrictMode: true,
  scriptEnabled: false,
};
