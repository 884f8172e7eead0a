import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildApp, HTML } from './support.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

const app = buildApp();
const PAGE_URL = 'http://localhost/getform';

function elements(node: ParentNode, tagName: string): Element[] {
  const found: Element[] = [];
  for (const child of node.childNodes) {
    if ('tagName' in child) {
      if (child.tagName === tagName) found.push(child);
      found.push(...elements(child, tagName));
    }
  }
  return found;
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

/** What a browser reads from the page: the one form, where and how it submits, its text inputs. */
async function readForm() {
  const res = await request(app).get('/getform');
  const parseErrors: string[] = [];
  const document = parse(res.text, { onParseError: (error) => parseErrors.push(error.code) });
  const forms = elements(document, 'form');
  expect(forms).toHaveLength(1);
  const form = forms[0] as Element;
  const inputs = elements(form, 'input');
  const textInputNames = inputs
    .filter((input) => (attribute(input, 'type') ?? 'text').toLowerCase() === 'text')
    .map((input) => attribute(input, 'name'));
  const submitButtons = [
    ...elements(form, 'button').filter(
      (button) => (attribute(button, 'type') ?? 'submit').toLowerCase() === 'submit',
    ),
    ...inputs.filter((input) => attribute(input, 'type')?.toLowerCase() === 'submit'),
  ];
  return {
    res,
    document,
    parseErrors,
    // The defaults are those of the HTML standard for a form that leaves an attribute out.
    action: new URL(attribute(form, 'action') ?? '', PAGE_URL),
    method: (attribute(form, 'method') ?? 'get').toLowerCase(),
    enctype: (attribute(form, 'enctype') ?? 'application/x-www-form-urlencoded').toLowerCase(),
    textInputNames,
    submitButtons,
  };
}

/** Submits the form as a browser does: its method, its action, the fields URL-encoded. */
function submit(
  form: Awaited<ReturnType<typeof readForm>>,
  values: Record<string, string>,
): request.Test {
  const body = new URLSearchParams(
    form.textInputNames.map((name = ''): [string, string] => [name, values[name] ?? '']),
  ).toString();
  expect(form.method).toBe('post');
  return request(app).post(form.action.pathname).set('Content-Type', form.enctype).send(body);
}

describe('GET /getform', () => {
  it('when requested, then answers 200 with a UTF-8 HTML page that parses without errors', async () => {
    const { res, parseErrors, document } = await readForm();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(HTML);
    expect(parseErrors).toEqual([]);
    const charsetMeta = elements(document, 'meta').map((meta) => attribute(meta, 'charset'));
    expect(charsetMeta).toEqual(['utf-8']);
  });

  it('when read, then its form posts URL-encoded to /submitform on the same origin', async () => {
    const form = await readForm();
    expect(form.action.origin).toBe(new URL(PAGE_URL).origin);
    expect(form.action.pathname).toBe('/submitform');
    expect(form.method).toBe('post');
    expect(form.enctype).toBe('application/x-www-form-urlencoded');
  });

  it('when read under its own Content-Security-Policy, then it needs nothing the policy blocks and may post its form', async () => {
    const { res, document, action } = await readForm();
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    // default-src 'none' blocks every script, style, image, font and frame the page could load.
    for (const tag of ['script', 'style', 'link', 'img', 'iframe', 'object', 'embed', 'base'])
      expect(elements(document, tag)).toEqual([]);
    expect(action.origin).toBe(new URL(PAGE_URL).origin);
    expect(action.protocol).toBe('http:');
  });

  it('when read, then its text inputs are named address, city and zip, and it has a submit button', async () => {
    const form = await readForm();
    expect(form.textInputNames).toEqual(['address', 'city', 'zip']);
    expect(form.submitButtons).toHaveLength(1);
  });
});

describe('POST /submitform', () => {
  it('when the page form is submitted as a browser would, then answers 200 with the shipping text', async () => {
    const form = await readForm();
    const res = await submit(form, {
      address: '221B Baker Street',
      city: 'London',
      zip: 'NW1 6XE',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(HTML);
    expect(res.text).toBe(
      'Great! Your package will be shipped to 221B Baker Street, London, NW1 6XE',
    );
  });

  it('when the fields hold non-ASCII letters, then they arrive intact', async () => {
    const form = await readForm();
    const res = await submit(form, { address: 'Bahnhofstraße 1', city: 'Zürich', zip: '8001' });
    expect(res.text).toBe('Great! Your package will be shipped to Bahnhofstraße 1, Zürich, 8001');
  });

  it('when the form is submitted with empty fields, then each reads as empty text', async () => {
    const form = await readForm();
    const res = await submit(form, {});
    expect(res.status).toBe(200);
    expect(res.text).toBe('Great! Your package will be shipped to , , ');
  });

  it('when a field is left out of the body, then it reads as empty text, not "undefined"', async () => {
    const res = await request(app)
      .post('/submitform')
      .type('form')
      .send('address=1+Main+St&zip=12345');
    expect(res.status).toBe(200);
    expect(res.text).toBe('Great! Your package will be shipped to 1 Main St, , 12345');
  });

  it('when a field is repeated, then its values are joined with commas', async () => {
    const res = await request(app)
      .post('/submitform')
      .type('form')
      .send('address=Flat+2&address=1+Main+St&city=Leeds&zip=LS1');
    expect(res.status).toBe(200);
    expect(res.text).toBe('Great! Your package will be shipped to Flat 2,1 Main St, Leeds, LS1');
  });

  it('when the same fields come as JSON, then they are read too (both parsers run before routes)', async () => {
    const res = await request(app)
      .post('/submitform')
      .send({ address: '5 Elm Row', city: 'Edinburgh', zip: 12345 });
    expect(res.status).toBe(200);
    expect(res.text).toBe('Great! Your package will be shipped to 5 Elm Row, Edinburgh, 12345');
  });

  it('when there is no body at all, then every field reads as empty text', async () => {
    const res = await request(app).post('/submitform');
    expect(res.status).toBe(200);
    expect(res.text).toBe('Great! Your package will be shipped to , , ');
  });
});
