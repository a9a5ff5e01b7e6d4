import { Suspense, type ReactNode } from 'react';

/**
 * Hydrates its children after what is around them, in a pass of their own: React leaves a Suspense
 * boundary the server rendered for a later, lower-priority render (Offscreen priority, yielding to
 * the browser) with its own commit. One page's hydration is then several shorter tasks rather than
 * one commit of the whole page, which on a phone held back a tap for 100 ms or more. The server's
 * markup stays on screen meanwhile; a tap inside hydrates that part first (React's selective
 * hydration). Nothing inside suspends on its own (pages load before they render), so there is no
 * fallback to show.
 */
export function HydrateApart({ children }: { children?: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
