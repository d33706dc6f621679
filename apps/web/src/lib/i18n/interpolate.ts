const VARIABLE = /{{(.+?)}}/g;

/**
 * Fills each `{{name}}` of `text` from `data`, as i18next did with escapeValue off: values are not
 * HTML-escaped (React escapes what it renders), null becomes '', a variable given as undefined
 * becomes '', and one not given at all stays as written. Inserted values are not scanned again.
 */
export function interpolate(text: string, data: Readonly<Record<string, unknown>>): string {
  if (!text.includes('{{')) return text;
  return text.replace(VARIABLE, (match, inner: string) => {
    const name = inner.trim();
    const value = data[name];
    if (value === undefined) return Object.hasOwn(data, name) ? '' : match;
    return value === null ? '' : String(value as string | number | boolean);
  });
}
