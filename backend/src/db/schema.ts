// The whole Drizzle schema: every table file under schema/ is listed here once.
import { friendships } from './schema/friendships.table';
import { generationJobs } from './schema/generation-jobs.table';
import { gpuWorkers } from './schema/gpu-workers.table';
import { postComments } from './schema/post-comments.table';
import { postLikes } from './schema/post-likes.table';
import { posts } from './schema/posts.table';
import { profileViews } from './schema/profile-views.table';
import { seedRuns } from './schema/seed-runs.table';
import { users } from './schema/users.table';

export const schema = { seedRuns, users, friendships, posts, postLikes, postComments, profileViews, generationJobs, gpuWorkers };
