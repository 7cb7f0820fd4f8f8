/**
 * The function names a run gives the model for its tools (CONTRACT "Connector tools for agents":
 * the names never collide and fit the provider's grammar; OpenAI: `^[a-zA-Z0-9_-]{1,64}$`). Tool
 * keys are `<connectorKey>.<toolKey>` with up to 128-character tool keys, so replacing what the
 * grammar refuses and cutting at 64 can give two tools one name (`a.b` and `a__b`, or two long keys
 * with one prefix), and the model's call would then run the wrong tool.
 *
 * A key keeps its readable form (`slack.post_message` -> `slack__post_message`) when that fits and
 * no other key of the run has it; otherwise it becomes a readable prefix and a hash of the whole
 * key (`<first 55 characters>_<8 hex>`). The caller keeps the mapping back (`ToolSet.find`).
 */
export const WIRE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX = 64;
const PREFIX = 55;

const readable = (key: string) => key.replace(/[^a-zA-Z0-9_-]/g, "__");

/** FNV-1a, 32 bits, as 8 hex digits: short, synchronous, stable across runs. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(16).padStart(8, "0");
}

/** One wire name per key, in order: valid, distinct, readable where possible. Keys are distinct. */
export function wireNames(keys: string[]): string[] {
  const forms = keys.map(readable);
  const uses = new Map<string, number>();
  for (const form of forms) uses.set(form, (uses.get(form) ?? 0) + 1);
  const plain = (form: string) => form.length <= MAX && uses.get(form) === 1;
  const taken = new Set(forms.filter(plain));
  return keys.map((key, index) => {
    const form = forms[index]!;
    if (plain(form)) return form;
    // A hashed name could meet another key's readable one; salt the hash until it is free.
    for (let salt = 0; ; salt++) {
      const name = `${form.slice(0, PREFIX)}_${hash(salt ? `${key}#${salt}` : key)}`;
      if (!taken.has(name)) {
        taken.add(name);
        return name;
      }
    }
  });
}
