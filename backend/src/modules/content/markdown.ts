import MarkdownIt from 'markdown-it';

// Project pages' Markdown, rendered on the server from a safe subset: raw HTML in the text is shown
// as text (html: false), and markdown-it's validateLink refuses javascript:, vbscript:, file: and
// data: links (but pictures' data:image). Links that leave the site open in a new tab, without
// handing it this page (rel="noopener noreferrer").
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const renderLink = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (/^https?:\/\//i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return renderLink(tokens, index, options, env, self);
};

/** The HTML of `text`, safe to insert into the page as it is. */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
