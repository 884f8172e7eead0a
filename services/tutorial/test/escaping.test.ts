import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildApp, HTML } from './support.js';

const app = buildApp();
const ATTACK = `<script>alert("x" + 'y')</script>&`;
const ENCODED = encodeURIComponent(ATTACK);

/** The text a browser shows for the reply, and whether it built any element out of it. */
function asBrowserReadsIt(body: string): { text: string; elementCount: number } {
  const fragment = parseFragment(body);
  let text = '';
  let elementCount = 0;
  for (const node of fragment.childNodes) {
    if (node.nodeName === '#text') text += (node as DefaultTreeAdapterTypes.TextNode).value;
    else elementCount += 1;
  }
  return { text, elementCount };
}

describe('client input echoed in HTML replies', () => {
  it.each<[string, () => request.Test, string]>([
    [
      'a route parameter (/league)',
      () => request(app).get(`/league/${ENCODED}/team/Bulls`),
      `You want to know about the Bulls? They're in the ${ATTACK}!`,
    ],
    [
      'a decoded route parameter (/play)',
      () => request(app).get(`/play/artist/${ENCODED}/song/Song`),
      `Oh, you want to listen to Song by ${ATTACK}?`,
    ],
    [
      'a query value (/browse)',
      () => request(app).get(`/browse/${ENCODED}?keywords=${ENCODED}`),
      `Searching for ${ATTACK} in the ${ATTACK} category`,
    ],
    [
      'comma-separated keywords (/products)',
      () => request(app).get(`/products/${ENCODED}/c?keywords=${ENCODED}`),
      `You are looking for [${ATTACK}] in ${ATTACK}/c, aren't you?`,
    ],
    [
      'the letter (/people)',
      () => request(app).get(`/people?letter=${ENCODED}`),
      `No person found for ${ATTACK}`,
    ],
    [
      'form fields (/submitform)',
      () =>
        request(app)
          .post('/submitform')
          .type('form')
          .send(new URLSearchParams({ address: ATTACK, city: '<i>', zip: '"1"' }).toString()),
      `Great! Your package will be shipped to ${ATTACK}, <i>, "1"`,
    ],
  ])(
    'when %s holds markup, then it is escaped and shows as the text that was sent',
    async (_case, send, shown) => {
      const res = await send();
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(HTML);
      expect(res.text).not.toMatch(/<(script|i)\b/);
      expect(asBrowserReadsIt(res.text)).toEqual({ text: shown, elementCount: 0 });
    },
  );

  it('when input holds markup, then each special character is written as its entity', async () => {
    const res = await request(app).get(
      `/people?letter=${encodeURIComponent(`<a href="x">'&'</a>`)}`,
    );
    expect(res.text).toBe(
      'No person found for &lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('when input is ordinary text, then the reply is exactly the README text', async () => {
    const res = await request(app).get('/league/NBA/team/Lakers');
    expect(res.text).toBe("You want to know about the Lakers? They're in the NBA!");
  });
});
