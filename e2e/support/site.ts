import type { Page } from '@playwright/test';

/** The spec's navigation, in order, with the page each link must reach. */
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

/**
 * Stores a signed-in session the way the app persists it (localStorage key persist:root,
 * redux-persist version 1), before any page script runs.
 */
export async function storeSignedInSession(page: Page) {
  const user = {
    _id: 'e2e-user',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    location: 'London',
    occupation: 'Engineer',
    picturePath: '',
    viewedProfile: 0,
    impressions: 0,
    friends: [],
  };
  const session = {
    mode: JSON.stringify('dark'),
    user: JSON.stringify(user),
    token: JSON.stringify('e2e-token'),
    posts: '[]',
    usersTrending: '[]',
    _persist: JSON.stringify({ version: 1, rehydrated: true }),
  };
  await page.addInitScript((value) => localStorage.setItem('persist:root', value), JSON.stringify(session));
}

export const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
