// What a server-rendered page carries for the browser's first render, so that hydration draws exactly
// what the server drew: the content answers it rendered with and the viewport width it assumed.
// It travels as JSON in a <script type="application/json">, which the browser never runs (so the
// content security policy, which forbids inline scripts, has nothing to refuse).

export const PAGE_DATA_ELEMENT_ID = 'page-data';

export interface ServerPageData {
  /** Content API answers by path (`/content/site`), as useContent asks for them. */
  content: Record<string, unknown>;
  /** The viewport width the server assumed from the user agent, in CSS px. */
  viewportWidth: number;
}

// Inside <script>, '</script>' or '<!--' in a string would end or confuse the element; \u escapes
// keep the JSON the same value. U+2028/2029 are escaped for old JavaScript parsers' sake.
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const escapeForScript = (json: string) =>
  json.replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function pageDataElement(data: ServerPageData): string {
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${escapeForScript(JSON.stringify(data))}</script>`;
}

/** The data of a server-rendered page, or null for the plain app shell (or data that does not parse). */
export function readPageData(document: Document): ServerPageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as Partial<ServerPageData>;
    if (typeof data.content !== 'object' || data.content === null || typeof data.viewportWidth !== 'number') return null;
    return { content: data.content, viewportWidth: data.viewportWidth };
  } catch {
    return null;
  }
}
