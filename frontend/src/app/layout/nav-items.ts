export interface NavItem {
  label: string;
  to: string;
}

/** The site navigation (docs/requirements/public-pages.md#navigation), in its order; header (both widths) and wide footer use it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Matrix Network', to: '/matrix' },
  { label: 'Forge Generator', to: '/forge' },
  { label: 'Dream-o-matic', to: '/dream' },
  { label: 'Gen AI Gallery', to: '/gallery' },
  { label: 'Synthetic Life', to: '/life' },
  { label: 'Developer Resources', to: '/dev' },
];

/**
 * The footer's narrow-screen menu. docs/requirements/public-pages.md#navigation keeps its last two labels swapped against their
 * targets ('Synthetic Life' -> /dev, 'Developer Resources' -> /life) and says to keep it as observed.
 */
export const FOOTER_NARROW_NAV_ITEMS: readonly NavItem[] = [
  ...NAV_ITEMS.slice(0, 4),
  { label: 'Synthetic Life', to: '/dev' },
  { label: 'Developer Resources', to: '/life' },
];
