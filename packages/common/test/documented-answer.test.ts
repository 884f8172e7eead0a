import { describe, expect, it } from 'vitest';
import type { ApiDocument } from '../src/openapi/api-document.js';
import { documentedAnswerPattern } from '../src/testing/documented-answer.js';

const document = {
  openapi: '3.1.0',
  info: { title: 'things', version: '1' },
  paths: {
    '/things/{id}': {
      post: {
        responses: {
          '500': {
            description: 'Anything unexpected.',
            content: {
              'application/json': {
                example: { error: 'Internal Server Error', requestId: '0af7651916cd43dd' },
                schema: { $ref: '#/components/schemas/ServerError' },
              },
            },
          },
          '503': { $ref: '#/components/responses/Unavailable' },
        },
      },
    },
  },
  components: {
    schemas: {
      ServerError: {
        type: 'object',
        properties: {
          error: { type: 'string', enum: ['Internal Server Error'] },
          requestId: { type: 'string' },
        },
      },
    },
    responses: {
      Unavailable: {
        description: 'Not now.',
        content: {
          'application/json': {
            example: { error: 'Try later' },
            schema: { type: 'object', properties: { error: { const: 'Try later' } } },
          },
        },
      },
    },
  },
} as unknown as ApiDocument;

describe('documentedAnswerPattern', () => {
  it('when the example has a text its schema fixes and one it leaves free, then the fixed one must be as shown and the free one any non-empty text, keys in the example order', () => {
    const pattern = documentedAnswerPattern(document, 'POST', '/things/42', 500);
    expect('{"error":"Internal Server Error","requestId":"9f1c"}').toMatch(pattern);
    expect('{"error":"Internal Server Error","requestId":""}').not.toMatch(pattern);
    expect('{"error":"Something went wrong","requestId":"9f1c"}').not.toMatch(pattern);
    expect('{"requestId":"9f1c","error":"Internal Server Error"}').not.toMatch(pattern);
    expect('{"error":"Internal Server Error","requestId":"9f1c","stack":"x"}').not.toMatch(pattern);
  });

  it('when the response is a $ref, then its example is the answer, to the letter', () => {
    const pattern = documentedAnswerPattern(document, 'post', '/things/42', 503);
    expect('{"error":"Try later"}').toMatch(pattern);
    expect('{"error":"Try later" }').not.toMatch(pattern);
  });

  it('when the route or its example is missing, then it says which', () => {
    expect(() => documentedAnswerPattern(document, 'GET', '/things/42', 500)).toThrow(
      'the document shows no JSON object as the example of GET /things/42 500',
    );
    expect(() => documentedAnswerPattern(document, 'POST', '/other', 500)).toThrow(
      'POST /other 500',
    );
  });
});
