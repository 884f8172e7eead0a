/**
 * The spec's numeric check for `/person/:id` and `/catalog`: `Number(text)` decides, so blank text,
 * `3.5`, `-7`, `1e3` and `0x1f` are numbers and `abc` or `12abc` are not.
 */
export function readsAsNumber(text: string): boolean {
  return !Number.isNaN(Number(text));
}
