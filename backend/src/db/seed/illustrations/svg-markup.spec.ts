import { el, escapeXml, hsl, textEl } from './svg-markup';

describe('svg markup', () => {
  it('escapes the five XML specials in text and attribute values', () => {
    expect(escapeXml(`<b> & "q" 'a'`)).toBe('&lt;b&gt; &amp; &quot;q&quot; &apos;a&apos;');
    expect(el('rect', { id: '"><script>' })).toBe('<rect id="&quot;&gt;&lt;script&gt;"/>');
    expect(textEl({ x: 1 }, '</text><script>alert(1)</script>')).toBe(
      '<text font-family="sans-serif" x="1">&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;</text>',
    );
  });

  it('drops characters XML forbids even escaped, which would make the renderer refuse the whole image', () => {
    expect(escapeXml('bell\u0007 null\u0000 tab\t kept')).toBe('bell null tab\t kept');
  });

  it('writes numbers with at most one decimal and leaves out undefined attributes', () => {
    expect(el('circle', { cx: 1.26, cy: -0.04, r: undefined })).toBe('<circle cx="1.3" cy="0"/>');
  });

  it('converts HSL to the hex colours of the CSS definition', () => {
    expect(hsl(0, 1, 0.5)).toBe('#ff0000');
    expect(hsl(120, 1, 0.25)).toBe('#008000');
    expect(hsl(-120, 1, 0.5)).toBe('#0000ff');
    expect(hsl(210, 0.5, 0.5)).toBe('#4080bf');
  });
});
