import sharp from 'sharp';
import { prng } from '../../common/random/prng';
import { FACE_SIZE, faceDataUrl, renderFace } from './face.svg';
import { GENOME, geneValues, randomGenes, type GeneSpec, type GeneValue, type Genes } from './genome';

const NAME = '[A-Za-z_][-A-Za-z0-9_:.]*';
const TAG = new RegExp(`<(/?)(${NAME})((?:\\s+${NAME}="[^"<]*")*)\\s*(/?)>`, 'y');
const ATTRIBUTE = new RegExp(`(${NAME})="([^"<]*)"`, 'g');
const BARE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

/**
 * Why `xml` is not a well-formed XML document (null when it is), for the subset an SVG of ours
 * uses: elements, double-quoted attributes, text; no comments, CDATA or declarations.
 */
function xmlProblem(xml: string): string | null {
  const open: string[] = [];
  let roots = 0;
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const text = xml.slice(at, lt < 0 ? xml.length : lt);
    if (BARE_AMPERSAND.test(text)) return `a bare & in text at ${at}`;
    if (text.trim() && open.length === 0) return `text outside the root element at ${at}`;
    if (lt < 0) break;
    TAG.lastIndex = lt;
    const match = TAG.exec(xml);
    if (!match) return `a malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`;
    const [whole, closing, name, attributes, selfClosing] = match;
    if (closing) {
      if (attributes || selfClosing) return `a closing tag with attributes at ${lt}`;
      const expected = open.pop();
      if (expected !== name) return `</${name}> at ${lt} where </${expected ?? '(nothing)'}> belongs`;
    } else {
      const seen = new Set<string>();
      for (const [, attribute, value] of attributes.matchAll(ATTRIBUTE)) {
        if (seen.has(attribute)) return `attribute ${attribute} twice on <${name}> at ${lt}`;
        if (BARE_AMPERSAND.test(value)) return `a bare & in attribute ${attribute} at ${lt}`;
        seen.add(attribute);
      }
      if (open.length === 0 && ++roots > 1) return `a second root element at ${lt}`;
      if (!selfClosing) open.push(name);
    }
    at = lt + whole.length;
  }
  if (open.length > 0) return `<${open.at(-1)}> is never closed`;
  return roots === 1 ? null : 'no root element';
}

const genesOf = (seed: string) => randomGenes(prng(seed));
const withGene = (genes: Genes, key: string, value: GeneValue) => ({ ...genes, [key]: value }) as Genes;

describe('the XML check the face specs rely on', () => {
  it('accepts well-formed markup and names what is wrong with the rest', () => {
    expect(xmlProblem('<a x="1"><b y="&amp;"/>text</a>')).toBeNull();
    expect(xmlProblem('<a><b></a>')).toMatch(/<\/a> at 6 where <\/b> belongs/);
    expect(xmlProblem('<a><b/>')).toBe('<a> is never closed');
    expect(xmlProblem('<a x="1" x="2"/>')).toMatch(/attribute x twice/);
    expect(xmlProblem('<a x=1/>')).toMatch(/malformed tag/);
    expect(xmlProblem('<a>fish & chips</a>')).toMatch(/bare &/);
    expect(xmlProblem('<a/><b/>')).toMatch(/second root/);
    expect(xmlProblem('hello<a/>')).toMatch(/outside the root/);
    expect(xmlProblem('')).toBe('no root element');
  });
});

describe('renderFace', () => {
  it('draws the same genes to the same bytes', () => {
    for (let i = 0; i < 50; i++) {
      const genes = genesOf(`same-${i}`);
      expect(renderFace({ ...genes })).toBe(renderFace(genes));
    }
  });

  it('is a well-formed 400px SVG document, for every individual tried', () => {
    for (let i = 0; i < 2_000; i++) {
      const svg = renderFace(genesOf(`xml-${i}`));
      expect(xmlProblem(svg)).toBeNull();
      expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${FACE_SIZE}" height="${FACE_SIZE}" viewBox="0 0 400 400">`)).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined|Infinity|null/);
    }
  });

  it('holds no script, no event handler and no external reference', () => {
    for (let i = 0; i < 2_000; i++) {
      const svg = renderFace(genesOf(`safe-${i}`));
      expect(svg).not.toMatch(/<script/i);
      expect(svg).not.toMatch(/\son\w+\s*=/i);
      expect(svg).not.toMatch(/href|<image|<use|<foreignObject|@import|url\(|<style|<text/i);
      // The namespace is the only URL in it.
      expect(svg.match(/https?:|\/\//g)).toEqual(['http:', '//']);
    }
  });

  it('changes when any one gene changes, to any of its other values', () => {
    for (let i = 0; i < 40; i++) {
      const base = genesOf(`vary-${i}`);
      for (const spec of GENOME as readonly GeneSpec[]) {
        const faces = geneValues(spec).map((value) => renderFace(withGene(base, spec.key, value)));
        // One distinct drawing per value: every value of the gene shows.
        expect({ gene: spec.key, distinct: new Set(faces).size }).toEqual({ gene: spec.key, distinct: faces.length });
      }
    }
  });

  it('changes pixels, not just markup, when any one gene changes', async () => {
    const pixels = async (genes: Genes) => sharp(Buffer.from(renderFace(genes))).raw().toBuffer();
    for (const seed of ['pixels-1', 'pixels-2']) {
      const base = genesOf(seed);
      const basePixels = await pixels(base);
      for (const spec of GENOME as readonly GeneSpec[]) {
        for (const value of geneValues(spec)) {
          if (value === base[spec.key as keyof Genes]) continue;
          const changed = await pixels(withGene(base, spec.key, value));
          expect({ gene: spec.key, value, same: changed.equals(basePixels) }).toEqual({ gene: spec.key, value, same: false });
        }
      }
    }
  });

  it('renders with librsvg (sharp) to a 400x400 picture', async () => {
    for (let i = 0; i < 10; i++) {
      const { info } = await sharp(Buffer.from(renderFace(genesOf(`render-${i}`))))
        .png()
        .toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ width: 400, height: 400, format: 'png' });
    }
  });
});

describe('faceDataUrl', () => {
  it('wraps the SVG in a base64 data URL that decodes back to it', () => {
    const svg = renderFace(genesOf('url'));
    const url = faceDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.slice('data:image/svg+xml;base64,'.length), 'base64').toString()).toBe(svg);
  });
});
