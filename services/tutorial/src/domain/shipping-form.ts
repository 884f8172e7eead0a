import { safeHtml } from './html.js';
import { fieldOf, textOf } from './input.js';
import { htmlReply, type Reply } from './reply.js';

export const SUBMIT_PATH = '/submitform';

const FORM_PAGE = safeHtml`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Shipping address</title>
  </head>
  <body>
    <h1>Where should we ship your package?</h1>
    <form action="${SUBMIT_PATH}" method="post" enctype="application/x-www-form-urlencoded">
      <p><label for="address">Address</label> <input type="text" id="address" name="address"></p>
      <p><label for="city">City</label> <input type="text" id="city" name="city"></p>
      <p><label for="zip">Zip</label> <input type="text" id="zip" name="zip"></p>
      <p><button type="submit">Ship it</button></p>
    </form>
  </body>
</html>
`;

export function formPageReply(): Reply {
  return htmlReply(FORM_PAGE);
}

/** A field left out of the form reads as empty text rather than the word "undefined". */
export function shippingReply(body: unknown): Reply {
  const field = (name: string): string => textOf(fieldOf(body, name)) ?? '';
  return htmlReply(
    safeHtml`Great! Your package will be shipped to ${field('address')}, ${field('city')}, ${field('zip')}`,
  );
}
