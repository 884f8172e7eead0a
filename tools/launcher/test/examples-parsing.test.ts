import { describe, expect, it } from 'vitest';
import { planBlock } from '../src/examples/block-plan.js';
import { ciSteps } from '../src/examples/ci-steps.js';
import { consoleSteps, shellSteps } from '../src/examples/example-steps.js';
import { parseExpectation, responseProblems, textMatches } from '../src/examples/expectation.js';
import { extractCodeBlocks } from '../src/examples/markdown-blocks.js';
import { missingScripts } from '../src/examples/named-scripts.js';

const FENCE = '```';

describe('extractCodeBlocks', () => {
  it('when a page has fenced blocks, then each comes with its line, language, attributes and lines', () => {
    const page = [
      '# Title',
      `${FENCE}sh {ci=test:compose}`,
      'docker compose up',
      FENCE,
      '- item',
      `  ${FENCE}text`,
      '  indented',
      `  ${FENCE}`,
      '~~~~',
      `${FENCE}not a fence end`,
      '~~~~',
    ].join('\n');

    const blocks = extractCodeBlocks(page);

    expect(blocks.map(({ line, language, lines }) => ({ line, language, lines }))).toEqual([
      { line: 2, language: 'sh', lines: ['docker compose up'] },
      { line: 6, language: 'text', lines: ['indented'] },
      { line: 9, language: '', lines: [`${FENCE}not a fence end`] },
    ]);
    expect(blocks[0]?.attributes.get('ci')).toBe('test:compose');
  });
});

describe('planBlock', () => {
  const steps = new Set(['test', 'test:compose']);
  const plan = (info: string) =>
    planBlock(extractCodeBlocks(`${FENCE}${info}\nx\n${FENCE}`)[0]!, steps);

  it('when a command block is untagged, then it runs; tagged with a CI step, that step checks it', () => {
    expect(plan('sh')).toEqual({ kind: 'run', console: false });
    expect(plan('console')).toEqual({ kind: 'run', console: true });
    expect(plan('sh {ci=test:compose}')).toEqual({ kind: 'checked-by', check: 'test:compose' });
  });

  it('when a block names no language, an unknown check or an unknown attribute, then it is refused', () => {
    expect(plan('').kind).toBe('refused');
    expect(plan('sh {ci=kubectl}')).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('ci=kubectl'),
    });
    expect(plan('sh {skip}').kind).toBe('refused');
    expect(plan('sh skip').kind).toBe('refused');
  });

  it('when a block is of another language, then it is a listing', () => {
    expect(plan('yaml')).toEqual({ kind: 'listing' });
  });
});

describe('ciSteps', () => {
  it('when .ci/run runs npm scripts and scripts by path, then each is a step and comments are not', () => {
    const script = [
      '# npm run commented',
      'npm ci',
      'npm test',
      'npm run test:compose',
      'npm run faults -- --short',
      'node tools/deploy-check/dist/render.js',
      'tools/launcher/docker/check-compose.sh',
    ].join('\n');

    expect([...ciSteps(script)].sort()).toEqual([
      'faults',
      'test',
      'test:compose',
      'tools/deploy-check/dist/render.js',
      'tools/launcher/docker/check-compose.sh',
    ]);
  });
});

describe('shellSteps', () => {
  it('when lines end in `# →`, then each such line closes a step, and a lone `# →` line adds to it', () => {
    const lines = [
      'B=http://localhost:6791/books',
      "I=$(curl -X POST $B -d '{",
      '  "title":"Dune"}\' | json .id)',
      '  # → 201 {"id":…}',
      '  # → [ETag: "0"]',
      '# a remark',
      'curl $B/$I  # → 200 {…}',
      'echo done',
    ];

    const steps = shellSteps(lines, 10);

    expect(steps.map(({ line, shown }) => ({ line, shown }))).toEqual([
      { line: 10, shown: ['201 {"id":…}', '[ETag: "0"]'] },
      { line: 15, shown: ['200 {…}'] },
      { line: 17, shown: [] },
    ]);
    expect(steps[0]?.script).toContain('"title":"Dune"');
    expect(steps[1]?.script).toBe('# a remark\ncurl $B/$I  # → 200 {…}');
  });
});

describe('consoleSteps', () => {
  it('when a console block shows `$ command` and output lines, then each command has its printed lines', () => {
    const steps = consoleSteps(['$ a \\', '  b', 'out 1', 'out 2', '$ c'], 1);

    expect(steps).toEqual([
      { line: 1, script: 'a \\\n  b', shown: [], printed: ['out 1', 'out 2'] },
      { line: 5, script: 'c', shown: [], printed: [] },
    ]);
  });

  it('when a console block starts with output, then it is refused', () => {
    expect(() => consoleSteps(['out'], 3)).toThrow(/line 3/);
  });
});

describe('expectations', () => {
  it('when `# →` shows a status, headers and a body, then each is read', () => {
    const expected = parseExpectation(['201 [ETag: "0"] [no Link] {"id":"…"}']);

    expect(expected.status).toBe(201);
    expect([...expected.headers]).toEqual([
      ['etag', '"0"'],
      ['link', undefined],
    ]);
    expect(expected.body).toBe('{"id":"…"}');
  });

  it('when a body starts with a word and a colon or a JSON array, then it is a body, not a header', () => {
    expect(parseExpectation(['400 Error: itemid must be a number']).body).toBe(
      'Error: itemid must be a number',
    );
    expect(parseExpectation(['[{"id":1}]']).body).toBe('[{"id":1}]');
  });

  it('when `…` or `...` stand in a pattern, then they match any text, newlines included', () => {
    expect(textMatches('{"id":"…","n":...}', '{"id":"6b01","n":\n3}')).toBe(true);
    expect(textMatches('{"id":"…"}', '{"id":"6b01"} and more')).toBe(false);
    expect(textMatches('a (b) [c] $d', 'a (b) [c] $d')).toBe(true);
  });

  it('when a response differs in status, header or body, then each difference is reported', () => {
    const expected = parseExpectation(['200 [ETag: "1"] [no Link] OK']);
    const response = {
      status: 201,
      headers: new Map([
        ['etag', '"0"'],
        ['link', '</next>; rel="next"'],
      ]),
      body: 'Created\n',
    };

    expect(responseProblems(expected, response)).toEqual([
      'status 201, the page shows 200',
      'header etag: "0", the page shows "1"',
      'header link: </next>; rel="next" was sent; the page shows none',
      'body "Created", the page shows OK',
    ]);
    expect(
      responseProblems(expected, { status: 200, headers: new Map([['etag', '"1"']]), body: 'OK' }),
    ).toEqual([]);
  });
});

describe('missingScripts', () => {
  const scripts = new Map([
    ['', new Set(['start', 'test', 'bench'])],
    ['@repo/products', new Set(['start', 'dev', 'test'])],
  ]);

  it('when a command names scripts and workspaces that exist, then nothing is missing', () => {
    const commands =
      'npm ci && npm start\nnpm run bench -- --quick\nnpm run dev -w @repo/products\nnpm test -w @repo/products';
    expect(missingScripts(commands, scripts)).toEqual([]);
  });

  it('when a command names a script or workspace that does not exist, then each is reported', () => {
    expect(
      missingScripts(
        'npm run benchmark\nnpm run start -w @repo/shop\nnpm run build -w @repo/products',
        scripts,
      ),
    ).toEqual([
      'no script "benchmark" in the root package.json',
      'no workspace @repo/shop (in "npm run start -w @repo/shop")',
      'no script "build" in @repo/products',
    ]);
  });
});
