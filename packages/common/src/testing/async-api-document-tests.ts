import { describe, expect, it } from 'vitest';
import { ASYNC_API_DOCUMENT_FILE, type AsyncApiDocument } from '../asyncapi/async-api-document.js';
import { asyncApiProblems, messageContract } from './async-api-contract.js';
import { committedDocumentDrift } from './document-drift.js';

/** The parser sets up its Spectral rulesets on its first check (seconds on a loaded machine). */
const PARSER_TIMEOUT_MS = 60_000;

/**
 * The tests every publishing service's AsyncAPI document passes: the official parser finds no
 * error and no warning in it, each message's examples are messages it accepts, and the committed
 * `asyncapi.json` in `serviceDir` is exactly what the code generates.
 */
export function describeAsyncApiDocument(serviceDir: string, document: AsyncApiDocument): void {
  describe('the AsyncAPI document', () => {
    it(
      'when the AsyncAPI parser validates it, then it reports no error and no warning',
      async () => {
        expect(await asyncApiProblems(document)).toEqual([]);
      },
      PARSER_TIMEOUT_MS,
    );

    it(
      "when each message's examples are checked against its headers and payload schemas, then they hold",
      async () => {
        const contract = await messageContract(document);
        expect(contract.examples.length).toBeGreaterThanOrEqual(contract.addresses.length);
        for (const { address, example } of contract.examples) {
          expect(contract.problems(address, example), address).toEqual([]);
        }
      },
      PARSER_TIMEOUT_MS,
    );

    it('when the committed asyncapi.json is read, then it is exactly what the code generates', async () => {
      expect(
        await committedDocumentDrift(serviceDir, document, ASYNC_API_DOCUMENT_FILE),
      ).toBeUndefined();
    });
  });
}
