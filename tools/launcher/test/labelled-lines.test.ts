import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { copyLabelledLines } from '../src/labelled-lines.js';

function collected(stream: PassThrough): () => string {
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    text += chunk;
  });
  return () => text;
}

describe('copyLabelledLines', () => {
  it('when a line arrives in pieces, then it is written once, whole, after the label', async () => {
    const from = new PassThrough();
    const out = new PassThrough();
    const text = collected(out);
    copyLabelledLines(from, '[books]', out);

    from.write('{"msg":"fir');
    from.write('st"}\n{"msg":"second"}\n{"msg":');
    from.end('"unfinished"}');
    await new Promise((resolve) => setImmediate(resolve));

    expect(text()).toBe(
      '[books] {"msg":"first"}\n[books] {"msg":"second"}\n[books] {"msg":"unfinished"}\n',
    );
  });

  it('when a chunk holds no line end, then nothing is written until one comes', async () => {
    const from = new PassThrough();
    const out = new PassThrough();
    const text = collected(out);
    copyLabelledLines(from, '[tutorial]', out);

    from.write('no end yet');
    await new Promise((resolve) => setImmediate(resolve));
    expect(text()).toBe('');

    from.write(' and now\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(text()).toBe('[tutorial] no end yet and now\n');
  });
});
