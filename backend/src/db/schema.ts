// The whole Drizzle schema: every table file under schema/ is listed here once.
import { careerHighlights } from './schema/career-highlights.table';
import { contactMessages } from './schema/contact-messages.table';
import { exhibitItems } from './schema/exhibit-items.table';
import { friendships } from './schema/friendships.table';
import { galleryItems } from './schema/gallery-items.table';
import { generationJobs } from './schema/generation-jobs.table';
import { gpuAds } from './schema/gpu-ads.table';
import { gpuWorkers } from './schema/gpu-workers.table';
import { notices } from './schema/notices.table';
import { postComments } from './schema/post-comments.table';
import { postLikes } from './schema/post-likes.table';
import { posts } from './schema/posts.table';
import { profileViews } from './schema/profile-views.table';
import { projects } from './schema/projects.table';
import { resourceLinks } from './schema/resource-links.table';
import { seedRuns } from './schema/seed-runs.table';
import { siteProfile } from './schema/site-profile.table';
import { siteSettings } from './schema/site-settings.table';
import { trendingUsers } from './schema/trending-users.table';
import { users } from './schema/users.table';

export const schema = {
  seedRuns,
  users,
  friendships,
  posts,
  postLikes,
  postComments,
  profileViews,
  generationJobs,
  gpuWorkers,
  siteProfile,
  siteSettings,
  careerHighlights,
  projects,
  gpuAds,
  notices,
  galleryItems,
  exhibitItems,
  resourceLinks,
  trendingUsers,
  contactMessages,
};
