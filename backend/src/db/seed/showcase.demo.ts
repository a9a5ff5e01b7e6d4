import type { DemoContentIdentity } from '../../modules/content/demo-content-identity';
import { CAREER, GALLERY_VIDEOS, GPU_ADS, NOTICE, PROJECT_VIDEO_PATH, PROJECTS, SITE_PROFILE, TRENDING_PEOPLE } from './showcase.content';
import { galleryPictures, showcasePictures } from './showcase.seed';

/**
 * The showcase's demo content as the seed defines it, for the content module to find and remove
 * (`atelier demo remove`). Resources are real links, not fiction: they are not in it.
 */
export function showcaseDemoIdentity(): DemoContentIdentity {
  const posters = GALLERY_VIDEOS.map(({ stem }) => `${PROJECT_VIDEO_PATH}/${stem}.jpg`);
  const drawn = new Set(showcasePictures().flatMap((picture) => picture.paths));
  return {
    career: CAREER.map(({ company, role }) => ({ company, role })),
    projects: PROJECTS.map(({ card }) => card.slug),
    ads: GPU_ADS.map((ad) => ad.slug),
    notices: [NOTICE.text],
    trending: TRENDING_PEOPLE.map(({ firstName, lastName }) => ({ firstName, lastName })),
    pictures: [...galleryPictures().map((picture) => picture.img), ...posters],
    patents: SITE_PROFILE.patents,
    // The sample videos and posters are copied under their own names, whichever the folder holds.
    isSeedFile: (sitePath) => drawn.has(sitePath) || sitePath.startsWith(`${PROJECT_VIDEO_PATH}/`),
  };
}
