import { DEFAULT_SITE_SETTINGS } from '@atelier/contracts';
import { siteSettings } from '../schema/site-settings.table';
import type { SeedStep } from './seeder';

/**
 * The site's name, footer, pages' titles and notes as docs/requirements/public-pages.md#page-texts
 * words them. A step of its own (not the showcase's), so a site seeded before these texts were
 * content gets them on its next start.
 */
export const siteSettingsSeed: SeedStep = {
  name: 'site-settings',
  async run(tx) {
    await tx.insert(siteSettings).values({ settings: DEFAULT_SITE_SETTINGS }).onConflictDoNothing();
  },
};
