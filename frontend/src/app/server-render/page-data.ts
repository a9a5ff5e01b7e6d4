import type { HydrationState } from 'react-router-dom';

// What a server-rendered page carries for the browser's first render, so that hydration draws exactly
// what the server drew: the router's loader answers (the page's content). It travels as JSON in a
// <script type="application/json">, which the browser never runs (so the content security policy,
// which forbids inline scripts, has nothing to refuse).

export const PAGE_DATA_ELEMENT_ID = 'page-data';
/** A page the browser draws (a member's) carries the site's own content the frame shows: its texts. */
export const SITE_DATA_ELEMENT_ID = 'site-data';

export interface ServerPageData {
  /** The matched routes' loader answers by route id, as createBrowserRouter's hydrationData takes them. */
  loaderData: NonNullable<HydrationState['loaderData']>;
}

// Inside <script>, '</script>' or '<!--' in a string would end or confuse the element; \u escapes
// keep the JSON the same value. U+2028/2029 are escaped for old JavaScript parsers' sake.
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const escapeForScript = (json: string) =>
  json.replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

const jsonElement = (id: string, value: unknown) => `<script type="application/json" id="${id}">${escapeForScript(JSON.stringify(value))}</script>`;

export function pageDataElement(data: ServerPageData): string {
  return jsonElement(PAGE_DATA_ELEMENT_ID, data);
}

/** The content answers (by read key) a page drawn in the browser starts with. */
export function siteDataElement(content: Readonly<Record<string, unknown>>): string {
  return jsonElement(SITE_DATA_ELEMENT_ID, content);
}

/** What siteDataElement wrote, or null. */
export function readSiteData(document: Document): Record<string, unknown> | null {
  const text = document.getElementById(SITE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const content = JSON.parse(text) as unknown;
    return typeof content === 'object' && content !== null && !Array.isArray(content) ? (content as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The data of a server-rendered page, or null for the plain app shell (or data that does not parse). */
export function readPageData(document: Document): ServerPageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as Partial<ServerPageData>;
    if (typeof data.loaderData !== 'object' || data.loaderData === null) return null;
    return { loaderData: data.loaderData };
  } catch {
    return null;
  }
}
