import { describe, expect, it } from 'vitest';
import { PARSED_HEADER_LIMIT } from '../src/http/header-limit.js';
import { ifMatchAllows, parseIfMatch, strongEtag } from '../src/http/preconditions.js';
import { versionFilter } from '../src/mongo/version.js';
import { relativeCost } from '../src/testing/relative-cost.js';
import { ifMatchAtLimit, wellFormedIfMatch } from '../src/testing/header-attacks.js';

describe('parseIfMatch (RFC 9110 13.1.1)', () => {
  it.each([
    ['*', { any: true }],
    [' * ', { any: true }],
    ['"3"', { any: false, versions: [3] }],
    ['"1", "2" ,"3"', { any: false, versions: [1, 2, 3] }],
    [',, "4",', { any: false, versions: [4] }],
    ['W/"5"', { any: false, versions: [] }],
    ['W/"5", "6"', { any: false, versions: [6] }],
    ['"a,b", "7"', { any: false, versions: [7] }],
    ['"07", "-1", "1.0", "x"', { any: false, versions: [] }],
  ])('when If-Match is %j, then it names %j', (header, expected) => {
    expect(parseIfMatch(header)).toEqual(expected);
  });

  it.each(['"3', '3', '"3" "4"', '*, "3"', '"3" x', '"a"b"', '""3""'])(
    'when If-Match is malformed (%j), then it names nothing',
    (header) => {
      expect(parseIfMatch(header)).toEqual({ any: false, versions: [] });
    },
  );

  it('when there is no header, then there is no condition and every version passes', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(ifMatchAllows(undefined, 9)).toBe(true);
  });

  it('when If-Match is one character longer than PARSED_HEADER_LIMIT, then it names nothing, even the current version', () => {
    const list = wellFormedIfMatch(PARSED_HEADER_LIMIT);
    expect(ifMatchAllows(parseIfMatch(list), 1)).toBe(true);
    expect(parseIfMatch(` ${list}`)).toEqual({ any: false, versions: [] });
  });

  it.each(ifMatchAtLimit(PARSED_HEADER_LIMIT).map((attack) => [attack.name, attack.value]))(
    'when If-Match is %s at PARSED_HEADER_LIMIT, then reading it costs about what a well-formed list of that length does',
    async (_name, value) => {
      const wellFormed = wellFormedIfMatch(PARSED_HEADER_LIMIT);
      // A quadratic reading costs hundreds of times more at this length; a linear one about as much.
      expect(
        await relativeCost(
          () => parseIfMatch(wellFormed),
          () => parseIfMatch(value),
          { batch: 50 },
        ),
      ).toBeLessThan(3);
    },
  );

  it('when a tag is written and read back, then it names its version', () => {
    expect(parseIfMatch(strongEtag(12))).toEqual({ any: false, versions: [12] });
    expect(ifMatchAllows(parseIfMatch(strongEtag(12)), 12)).toBe(true);
    expect(ifMatchAllows(parseIfMatch(strongEtag(12)), 13)).toBe(false);
  });
});

describe('versionFilter', () => {
  it('when If-Match names version 0, then documents without the field match too', () => {
    expect(versionFilter(parseIfMatch('"0", "2"'))).toEqual({ _version: { $in: [0, 2, null] } });
    expect(versionFilter(parseIfMatch('"2"'))).toEqual({ _version: { $in: [2] } });
    expect(versionFilter(parseIfMatch('*'))).toEqual({});
    expect(versionFilter(undefined)).toEqual({});
  });
});
