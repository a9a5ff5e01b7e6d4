// Templates the owner supplies for what a worker is sent (a ComfyUI workflow, a custom RunPod input):
// JSON with `{{prompt}}`, `{{seed}}`, `{{width}}`, `{{height}}` (and `{{checkpoint}}` in workflows).
import { isRecord } from './provider-http';

/** The values a template receives for each picture. */
export interface TemplateValues {
  prompt: string;
  seed: number;
  width: number;
  height: number;
  /** ComfyUI workflows only. */
  checkpoint?: string;
}

export const TEMPLATE_PLACEHOLDERS = ['prompt', 'seed', 'width', 'height'] as const;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*(\w+)\s*\}\}$/;

/**
 * Fills a template by walking the parsed JSON (never by editing JSON text, so a prompt full of
 * quotes stays one string). A value that is exactly `"{{seed}}"`, `"{{width}}"` or `"{{height}}"`
 * becomes that number; placeholders inside longer strings are replaced as text. Placeholders with
 * no value are left as they are, for the receiving server to refuse.
 */
export function fillTemplate(template: unknown, values: TemplateValues): unknown {
  if (typeof template === 'string') return fillString(template, values);
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, values));
  if (isRecord(template)) {
    // fromEntries defines keys, so a `__proto__` key in a template stays a plain key.
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillTemplate(value, values)]));
  }
  return template;
}

/** Every placeholder name the template uses, in order of first use. */
export function templatePlaceholders(template: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') for (const match of value.matchAll(PLACEHOLDER)) found.add(match[1]);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isRecord(value)) Object.values(value).forEach(visit);
  };
  visit(template);
  return [...found];
}

function fillString(text: string, values: TemplateValues): unknown {
  const value = (name: string) => (Object.hasOwn(values, name) ? values[name as keyof TemplateValues] : undefined);
  const whole = WHOLE_PLACEHOLDER.exec(text);
  if (whole && value(whole[1]) !== undefined) return value(whole[1]);
  // A replacer function, so `$&` and friends in a prompt stay literal text.
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const filled = value(name);
    return filled === undefined ? match : String(filled);
  });
}
