import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  addKustomizeResource,
  addReferences,
  addScrapeTarget,
  addTableRow,
  appendToJsonList,
  EditError,
  insertServiceBlock,
} from '../src/edits.js';

describe('the edits of files that list the services', () => {
  it('when an entry is appended to a JSON list, then the earlier entries keep their layout', () => {
    const text = '[\n  { "name": "a", "secrets": [] }\n]\n';
    const edited = appendToJsonList(text, { name: 'b' });
    expect(edited.startsWith('[\n  { "name": "a", "secrets": [] },\n')).toBe(true);
    expect(JSON.parse(edited)).toEqual([{ name: 'a', secrets: [] }, { name: 'b' }]);
  });

  it('when references are added, then each is there once', () => {
    const text = JSON.stringify({ files: [], references: [{ path: 'services/a' }] });
    const edited = JSON.parse(addReferences(text, ['services/a', 'services/b'])) as unknown;
    expect(edited).toEqual({
      files: [],
      references: [{ path: 'services/a' }, { path: 'services/b' }],
    });
  });

  it('when a compose service is inserted after the last one, then it comes before what follows, comments included', () => {
    const text = [
      'services:',
      '  a:',
      '    image: a',
      '',
      '  # the profile',
      '  extra:',
      '    image: x',
      '',
    ].join('\n');
    const edited = insertServiceBlock(text, 'a', '  b:\n    image: b\n');
    expect(edited).toBe(
      [
        'services:',
        '  a:',
        '    image: a',
        '',
        '  b:',
        '    image: b',
        '',
        '  # the profile',
        '  extra:',
        '    image: x',
        '',
      ].join('\n'),
    );
    expect(Object.keys((parse(edited) as { services: object }).services)).toEqual([
      'a',
      'b',
      'extra',
    ]);
  });

  it('when the service to insert after is missing, then the edit fails naming it', () => {
    expect(() => insertServiceBlock('services:\n  a: {}\n', 'z', '  b: {}\n')).toThrow(EditError);
    expect(() => insertServiceBlock('services:\n  a: {}\n', 'z', '  b: {}\n')).toThrow('"z:"');
  });

  it('when a kustomization gains a resource, then it is listed last, once, the comments kept', () => {
    const text = '# the env\nresources:\n  - namespace\n  - a\n';
    expect(addKustomizeResource(text, 'b')).toBe(
      '# the env\nresources:\n  - namespace\n  - a\n  - b\n',
    );
    expect(addKustomizeResource(text, 'a')).toBe(text);
  });

  it('when Prometheus gains a target, then it follows the last known service with the same indent', () => {
    const text = 'targets:\n  - a:1\n  - b:2\nother:\n  - localhost:9090\n';
    expect(addScrapeTarget(text, ['a', 'b'], 'c:3')).toBe(
      'targets:\n  - a:1\n  - b:2\n  - c:3\nother:\n  - localhost:9090\n',
    );
  });

  it('when a table row is added under a heading, then it ends that table and no other', () => {
    const text = '## A\n\n| x |\n| - |\n| 1 |\n\ntext\n\n## B\n\n| y |\n';
    expect(addTableRow(text, '## A', '| 2 |')).toBe(
      '## A\n\n| x |\n| - |\n| 1 |\n| 2 |\n\ntext\n\n## B\n\n| y |\n',
    );
    expect(() => addTableRow(text, '## C', '| 2 |')).toThrow('"## C"');
  });
});
