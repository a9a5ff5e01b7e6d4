// Shared by the hamburger (aria-controls) and the lazily loaded panel it opens.
export const NAV_PANEL_ID = 'nav-panel';
