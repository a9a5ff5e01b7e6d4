// Small builders for SVG strings. Every attribute value and every piece of text goes through
// escapeXml here, so the illustration functions cannot put raw text into markup by mistake.

export type Attrs = Record<string, string | number | undefined>;

// XML 1.0 forbids these characters even when escaped; librsvg refuses the whole document on one.
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** One decimal is finer than a pixel and keeps the markup short and byte-for-byte reproducible. */
export const num = (value: number): string => String(Math.round(value * 10) / 10);

export function el(name: string, attrs: Attrs, children = ''): string {
  const rendered = Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`)
    .join('');
  return children ? `<${name}${rendered}>${children}</${name}>` : `<${name}${rendered}/>`;
}

/** Text in a generic family: the SVG must not depend on a font file or a web font. */
export const textEl = (attrs: Attrs, content: string): string =>
  el('text', { 'font-family': 'sans-serif', ...attrs }, escapeXml(content));

export const polyline = (points: ReadonlyArray<readonly [number, number]>, attrs: Attrs): string =>
  el('polyline', { points: points.map(([x, y]) => `${num(x)},${num(y)}`).join(' '), fill: 'none', ...attrs });

/** Hex colour from hue (degrees), saturation and lightness (0..1): plain sRGB every renderer reads. */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 30;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + h) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

export function linearGradient(id: string, angle: number, stops: readonly string[]): string {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.cos(radians) / 2;
  const dy = Math.sin(radians) / 2;
  const stopMarkup = stops
    .map((color, i) => el('stop', { offset: stops.length === 1 ? 0 : i / (stops.length - 1), 'stop-color': color }))
    .join('');
  return el('linearGradient', { id, x1: 0.5 - dx, y1: 0.5 - dy, x2: 0.5 + dx, y2: 0.5 + dy }, stopMarkup);
}

export function svgDocument(size: { width: number; height: number }, title: string, defs: string, body: string): string {
  const { width, height } = size;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    el('title', {}, escapeXml(title)) +
    (defs ? el('defs', {}, defs) : '') +
    body +
    '</svg>'
  );
}
