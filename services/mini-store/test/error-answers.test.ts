import { describeErrorAnswers } from '@repo/common/testing';
import { apiDocument } from '../src/app.js';
import { useFuzzTarget } from './fuzz-target.js';

describeErrorAnswers(apiDocument(), useFuzzTarget('mini_store_error_answers'), {
  // Its specification allows a malformed id only its 400 (or a 500).
  malformedIdStatus: 400,
});
