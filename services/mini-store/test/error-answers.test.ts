import { describeErrorAnswers } from '@repo/common/testing';
import { apiDocument } from '../src/app.js';
import { useFuzzTarget } from './fuzz-target.js';

describeErrorAnswers(apiDocument(), useFuzzTarget('mini_store_error_answers'), {
  // Its README answers a malformed id with its own 400, not the shared 404.
  malformedIdStatus: 400,
});
