// A server render cannot know the viewport, yet the header, the home columns and the gallery grid
// depend on it (useMediaUp). It draws for the width the user agent suggests; when the guess is
// wrong, the page re-lays itself out right after hydration.

/** Phones (Mobile Safari, Android phones, "Mobi" in general): narrower than every breakpoint above xs. */
export const PHONE_WIDTH = 390;
/** Android tablets and other tablets: the md range, where the profile photo shows. */
export const TABLET_WIDTH = 800;
/** Desktop browsers: the widest layout (xl, 1280 and up). */
export const DESKTOP_WIDTH = 1280;

export function assumedViewportWidth(userAgent: string | undefined, mobileHint?: string): number {
  // Sec-CH-UA-Mobile ("?1" / "?0"), sent by Chromium browsers, says phone or not more reliably than
  // the user agent; tablets answer "?0".
  const agent = userAgent ?? '';
  if (mobileHint === '?1' || (mobileHint !== '?0' && /Mobi|iPhone|iPod/i.test(agent))) return PHONE_WIDTH;
  if (/Android|iPad|Tablet/i.test(agent)) return TABLET_WIDTH;
  return DESKTOP_WIDTH;
}
