/** A value Stripe's form encoding can carry: scalars, and objects and arrays of them. */
export type FormValue = string | number | boolean | undefined | FormValue[] | { [key: string]: FormValue };

/**
 * Stripe's request bodies are `application/x-www-form-urlencoded` with nested keys in brackets:
 * `metadata[accountId]=...`, `line_items[0][price]=...`. Undefined values are left out.
 */
export function stripeForm(params: Record<string, FormValue>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: FormValue) => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (typeof value === "object") for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}
