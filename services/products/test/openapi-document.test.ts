import { fileURLToPath } from 'node:url';
import { describeApiDocument } from '@repo/common/testing';
import { apiDocument } from '../src/app.js';

describeApiDocument(fileURLToPath(new URL('..', import.meta.url)), apiDocument());
