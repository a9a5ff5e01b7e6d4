import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it("renders Markdown's own elements: headings, emphasis, lists and code", () => {
    const html = renderMarkdown('## Results\n\n*Fast* and **small**:\n\n- one\n- two\n\n`npm test`\n\n```ts\nconst a = 1;\n```');
    expect(html).toContain('<h2>Results</h2>');
    expect(html).toContain('<em>Fast</em> and <strong>small</strong>');
    expect(html).toContain('<ul>\n<li>one</li>');
    expect(html).toContain('<code>npm test</code>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1;\n</code></pre>');
  });

  it('shows raw HTML as text: no element, attribute or script of the writer reaches the page', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> <b onclick="x()">bold</b>');
    expect(html).not.toMatch(/<script|<img|<b[ >]/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'vbscript:msgbox(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'file:///etc/passwd'])(
    'refuses a %s link: it stays text',
    (href) => {
      const html = renderMarkdown(`[click](${href})`);
      expect(html).not.toContain('<a');
      expect(html).not.toContain('href=');
    },
  );

  it('opens links that leave the site in a new tab with rel="noopener noreferrer"; links on the site stay as they are', () => {
    expect(renderMarkdown('[code](https://github.com/ada/engine)')).toContain(
      '<a href="https://github.com/ada/engine" target="_blank" rel="noopener noreferrer">code</a>',
    );
    expect(renderMarkdown('see https://example.com/x')).toContain('target="_blank" rel="noopener noreferrer"');
    expect(renderMarkdown('[gallery](/gallery)')).toContain('<a href="/gallery">gallery</a>');
  });

  it('escapes quotes in link targets and alt texts', () => {
    const html = renderMarkdown('[x](https://example.com/"onmouseover="alert(1)) ![a" onload="x](/assets/a.png)');
    expect(html).not.toMatch(/" onmouseover=|" onload=/);
  });
});
