import { describeErrorAnswers } from '@repo/common/testing';
import { apiDocument } from '../src/app.js';
import { useFuzzTarget } from './fuzz-target.js';

describeErrorAnswers(apiDocument(), useFuzzTarget('orders_error_answers'));
