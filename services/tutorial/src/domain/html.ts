declare const safeHtmlBrand: unique symbol;

/** Text that is safe to send labelled as HTML: every piece of client input in it is escaped. */
export type SafeHtml = string & { readonly [safeHtmlBrand]: true };

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

/** The README labels text replies as HTML and they echo client input: every value is escaped. */
export function safeHtml(literals: TemplateStringsArray, ...values: readonly string[]): SafeHtml {
  let out = literals[0] ?? '';
  values.forEach((value, index) => {
    out += escapeHtml(value) + (literals[index + 1] ?? '');
  });
  return out as SafeHtml;
}
