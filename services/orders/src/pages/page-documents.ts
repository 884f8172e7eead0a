/**
 * The two pages as HTML: static shells that hold no data (the scripts fetch it with the token
 * typed in), so they are served without a token.
 */

export const PAGES_PATH = '/pages';

/**
 * Scripts and styles only from the service itself, and only as files; requests only to it;
 * no framing, no form posts, no base; and DOM sinks that would parse text as markup refused
 * (the scripts set text only).
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
].join('; ');

function pageDocument(title: string, script: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${PAGES_PATH}/pages.css">
<script type="module" src="${PAGES_PATH}/${script}"></script>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export const KITCHEN_PAGE = pageDocument(
  'Kitchen board',
  'kitchen.js',
  `<h1>Kitchen board</h1>
<form id="token-form">
<div><label for="token">Staff token</label>
<input id="token" type="password" autocomplete="off" required></div>
<button type="submit">Open the board</button>
</form>
<p id="connection" class="note" role="status"></p>
<div id="board" hidden>
<p id="news" aria-live="polite"></p>
<div class="columns">
<section aria-labelledby="pending-heading">
<h2 id="pending-heading">Pending <span id="pending-count"></span></h2>
<ul id="pending" class="queue"></ul>
</section>
<section aria-labelledby="in-progress-heading">
<h2 id="in-progress-heading">In progress <span id="in-progress-count"></span></h2>
<ul id="in-progress" class="queue"></ul>
</section>
</div>
</div>`,
);

export const TRACKER_PAGE = pageDocument(
  'Order tracker',
  'tracker.js',
  `<h1>Order tracker</h1>
<form id="track-form">
<div><label for="order-id">Order number</label>
<input id="order-id" autocomplete="off" spellcheck="false" required></div>
<div id="token-field"><label for="token">Customer token</label>
<input id="token" type="password" autocomplete="off"></div>
<button type="submit">Follow the order</button>
</form>
<p id="connection" class="note" role="status"></p>
<section id="order" aria-labelledby="order-heading" hidden>
<h2 id="order-heading">Order of <span id="customer"></span></h2>
<p id="order-status" class="status" role="status" aria-live="polite" aria-atomic="true"></p>
<ul id="items"></ul>
<p id="total"></p>
</section>`,
);
