// jsdom has no viewport and applies no media queries: its getComputedStyle skips every @media rule,
// and MUI writes even a responsive style's `xs` value as `@media (min-width:0px)`. So in a component
// test every width's variant counts as shown. Where a component's layout differs by width, these
// read the style rules emotion wrote for an element to tell what a browser of a given width applies.
// Real widths are checked in a browser: e2e/specs/responsive-layout.spec.ts.

const MIN_WIDTH = /^\(min-width:\s*([\d.]+)px\)$/;

function matches(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    // A selector jsdom cannot test (a pseudo-element) is not the element's own rule.
    return false;
  }
}

/** The min-width a media rule applies from, or null for one that does not depend on the width (print). */
function minWidthOf(rule: CSSMediaRule): number | null {
  const media = rule.media.mediaText.trim();
  const minWidth = MIN_WIDTH.exec(media);
  if (minWidth) return Number(minWidth[1]);
  // Any other width condition would be misread here: better to fail than to answer wrongly.
  if (/width/.test(media)) throw new Error(`viewport.ts reads only (min-width: Npx) queries, not @media ${media}`);
  return null;
}

interface Declaration {
  minWidth: number;
  value: string;
}

const isMediaRule = (rule: CSSRule): rule is CSSMediaRule => 'media' in rule && 'cssRules' in rule;
const isStyleRule = (rule: CSSRule): rule is CSSStyleRule => 'selectorText' in rule && 'style' in rule;

/** The element's declarations of a property in cascade order, each with the width it applies from. */
function declarations(element: Element, property: string): Declaration[] {
  const found: Declaration[] = [];
  const visit = (rules: CSSRuleList, minWidth: number) => {
    for (const rule of Array.from(rules)) {
      if (isMediaRule(rule)) {
        const from = minWidthOf(rule);
        if (from !== null) visit(rule.cssRules, Math.max(minWidth, from));
      } else if (isStyleRule(rule) && matches(element, rule.selectorText)) {
        const value = rule.style.getPropertyValue(property);
        if (value !== '') found.push({ minWidth, value });
      }
    }
  };
  for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules, 0);
  const inline = element instanceof HTMLElement ? element.style.getPropertyValue(property) : '';
  if (inline !== '') found.push({ minWidth: 0, value: inline });
  return found;
}

/**
 * The value a browser `width` px wide gives the property, from the element's style rules; '' if none
 * sets it. The last matching declaration wins, as it does among emotion's single-class rules
 * (specificity is not weighed).
 */
export function styleAtWidth(element: Element, property: string, width: number): string {
  return declarations(element, property).findLast((declaration) => declaration.minWidth <= width)?.value ?? '';
}

/** Whether the stylesheet shows the element (and every ancestor) in a browser `width` px wide. */
export function shownAtWidth(element: Element, width: number): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (styleAtWidth(node, 'display', width) === 'none') return false;
  }
  return true;
}
