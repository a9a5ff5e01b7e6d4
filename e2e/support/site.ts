import type { Page } from '@playwright/test';

/** The navigation (docs/requirements/public-pages.md#navigation), in order, with the page each link must reach. */
export const NAV = [
  { label: 'Matrix Network', path: '/matrix', heading: 'Matrix Network', title: /^Matrix Network$/ },
  { label: 'Forge Generator', path: '/forge', heading: /Forge/, title: /AI Image, Video & Chat Generator/i },
  { label: 'Dream-o-matic', path: '/dream', heading: /Dream-o-matic/, title: /Dream-o-matic/ },
  { label: 'Gen AI Gallery', path: '/gallery', heading: 'AI-Generated Images & Video', title: /^Gallery of AI-Generated Images & Video$/ },
  { label: 'Synthetic Life', path: '/life', heading: /Synthetic Life/, title: /Synthetic Life/ },
  {
    label: 'Developer Resources',
    path: '/dev',
    heading: 'For Devs/Pros of AI/ML/Full-Stack/Python/React & more',
    title: /^Developer Resources$/,
  },
] as const;

export const NAV_LABELS = NAV.map((item) => item.label);

export const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
