import { fileURLToPath } from 'node:url';
import { describeApiDocument } from '@repo/common/testing';
import { apiDocument } from '../src/http/api-document.js';

describeApiDocument(fileURLToPath(new URL('..', import.meta.url)), apiDocument());
