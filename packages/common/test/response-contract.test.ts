import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  API_DOCUMENT_FILE,
  apiDocumentText,
  cannotRouteResponse,
  jsonErrorTooManyRequests,
  createApiDocument,
  emptyResponse,
  jsonResponse,
  statusTextResponse,
} from '@repo/common';
import { objectIdSchema } from '@repo/common/mongo';
import {
  committedDocumentDrift,
  openApiSchemaProblems,
  ResponseContract,
  type Exchange,
} from '@repo/common/testing';

const document = createApiDocument({
  service: 'fixture',
  version: '1.0.0',
  summary: 'A fixture.',
  routes: [
    {
      method: 'get',
      path: '/things/{id}',
      request: { params: z.object({ id: objectIdSchema }) },
      responses: {
        200: jsonResponse('A thing.', z.strictObject({ id: z.string(), size: z.number() })),
        404: statusTextResponse('No such thing.', 'Not Found'),
      },
    },
    {
      method: 'get',
      path: '/things/latest',
      responses: { 204: emptyResponse('None yet.') },
    },
  ],
  unmatchedRoute: cannotRouteResponse(),
  tooManyRequests: jsonErrorTooManyRequests,
});

const contract = new ResponseContract(document);

function exchange(fields: Partial<Omit<Exchange, 'body'>> & { body?: string }): Exchange {
  const { body = '', ...rest } = fields;
  return {
    method: 'GET',
    url: '/things/6b0133863aff49b5acaf923f',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    ...rest,
    body: Buffer.from(body),
  };
}

describe('ResponseContract', () => {
  it('when a response has a documented status, content type and a body its schema takes, then nothing is reported', () => {
    expect(contract.check(exchange({ body: '{"id":"a","size":3}' }))).toEqual([]);
    expect(
      contract.check(
        exchange({ status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not Found' }),
      ),
    ).toEqual([]);
  });

  it('when the status is not documented for the route, then it says so', () => {
    expect(contract.check(exchange({ status: 500, body: '{}' }))).toEqual([
      'GET /things/6b0133863aff49b5acaf923f → 500: status 500 is not documented for GET /things/{id}',
    ]);
  });

  it('when the body has a field the schema does not list, or a wrong type, then it says so', () => {
    const [extra] = contract.check(exchange({ body: '{"id":"a","size":3,"_id":"x"}' }));
    expect(extra).toContain('must NOT have additional properties');
    const [wrongType] = contract.check(exchange({ body: '{"id":"a","size":"3"}' }));
    expect(wrongType).toContain('/size must be number');
  });

  it('when the content type is not the documented one, or the JSON does not parse, then it says so', () => {
    expect(contract.check(exchange({ contentType: 'text/html', body: '{}' }))[0]).toContain(
      'content type text/html is not one of application/json',
    );
    expect(contract.check(exchange({ body: '{"id":' }))[0]).toContain('the body is not JSON');
  });

  it('when a body comes with a status documented without one, then it says so', () => {
    const url = '/things/latest';
    expect(contract.check(exchange({ url, status: 204, body: '' }))).toEqual([]);
    expect(contract.check(exchange({ url, status: 204, body: 'x' }))[0]).toContain(
      'a body was sent where the document lists none',
    );
  });

  it('when a concrete path and a template both match, then the concrete one is checked', () => {
    expect(
      contract.check(exchange({ url: '/things/latest', status: 200, body: '{}' }))[0],
    ).toContain('status 200 is not documented for GET /things/latest');
  });

  it('when no route matches, then only the UnmatchedRoute response is accepted', () => {
    const unmatched = {
      method: 'PUT',
      url: '/things/6b0133863aff49b5acaf923f?x=1',
      status: 404,
      contentType: 'text/plain; charset=utf-8',
    };
    expect(
      contract.check(
        exchange({ ...unmatched, body: 'Cannot PUT /things/6b0133863aff49b5acaf923f' }),
      ),
    ).toEqual([]);
    expect(contract.check(exchange({ ...unmatched, body: 'Not here' }))[0]).toContain(
      'the body does not match the document',
    );
    expect(contract.check(exchange({ ...unmatched, status: 405, body: '' }))[0]).toContain(
      'no route of the document matches',
    );
  });

  it('when HEAD asks a GET route, then the status and type are checked without a body', () => {
    expect(contract.check(exchange({ method: 'HEAD', body: '' }))).toEqual([]);
    expect(contract.check(exchange({ method: 'HEAD', status: 201, body: '' }))[0]).toContain(
      'status 201 is not documented',
    );
  });
});

describe('document checks', () => {
  it('when a generated document is checked against the OpenAPI 3.1 schema, then it is valid', async () => {
    expect(await openApiSchemaProblems(document)).toEqual([]);
  });

  it('when a document breaks the OpenAPI 3.1 schema, then the problems are named', async () => {
    const broken = { ...document, info: { version: '1' } } as unknown as typeof document;
    expect((await openApiSchemaProblems(broken)).length).toBeGreaterThan(0);
  });

  it('when the committed file is missing or differs, then the drift names npm run openapi', async () => {
    expect(await committedDocumentDrift('/nonexistent-service', document)).toMatch(
      /openapi\.json is missing: run npm run openapi/,
    );
    const dir = await mkdtemp(join(tmpdir(), 'openapi-drift-'));
    try {
      await writeFile(join(dir, API_DOCUMENT_FILE), apiDocumentText(document));
      expect(await committedDocumentDrift(dir, document)).toBeUndefined();
      await writeFile(join(dir, API_DOCUMENT_FILE), JSON.stringify(document));
      expect(await committedDocumentDrift(dir, document)).toMatch(
        /differs from the document the code generates: run npm run openapi/,
      );
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
