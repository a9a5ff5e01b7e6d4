import { useDeferredValue } from 'react';
import type { SiteContent } from '@atelier/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRouteMeta } from '../../components/route-meta';
import { TrendingUsers } from '../../components/trending-users';
import { contentApi, useContent, type ContentState } from '../../store/content-api';
import { useSiteSettings } from '../../store/site-settings';
import { CareerHighlights } from './career-highlights';
import { ConstructionNotice } from './construction-notice';
import { FeaturedProjects } from './featured-projects';
import { GenAiColumn } from './gen-ai-column';
import { GpuAdCards } from './gpu-ad-cards';
import { HomeMainSkeleton, HomeSideSkeleton } from './home-skeleton';
import { ProfileCard } from './profile-card';
import { ProjectsList } from './projects-list';

// Asked for as soon as this chunk arrives rather than after the first render: the answer is what the
// first screen waits for (the content API keeps it for useContent below). A server render fetches
// its content itself.
if (!import.meta.env.SSR) void contentApi.site();

export const HOME_FAILURE = 'The profile and projects could not be loaded. Please try again later.';

/** Spec "Home": the columns' shares of the page (the 2rem gaps come out of them in proportion). */
const columns = {
  xs: 'minmax(0, 1fr)',
  lg: 'minmax(0, 70fr) minmax(0, 30fr)',
  xl: 'minmax(0, 66fr) minmax(0, 20fr) minmax(0, 14fr)',
};

/** Without the Gen AI column (the owner's choice), the wide layout keeps the two columns' shares. */
const twoColumns = { xs: columns.xs, lg: columns.lg };

const stack = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '2rem', alignContent: 'start', minWidth: 0 } as const;

function MainColumn({ site }: { site: ContentState<SiteContent> }) {
  if (site.status === 'loading') return <HomeMainSkeleton />;
  if (site.status === 'error') return <Alert severity="error">{HOME_FAILURE}</Alert>;
  const { profile, career, projects } = site.data;
  const featured = projects.filter((project) => project.featured);
  return (
    <>
      <ProfileCard profile={profile} />
      {/* Sections with nothing in them are not drawn (an owner who removed the demo's has none yet). */}
      {career.length > 0 && <CareerHighlights items={career} />}
      {featured.length > 0 && <FeaturedProjects projects={featured} />}
      {profile.moreToCome && <Typography sx={{ fontStyle: 'italic', color: 'neutral.dark' }}>{profile.moreToCome}</Typography>}
    </>
  );
}

function SideColumn({ site }: { site: ContentState<SiteContent> }) {
  return (
    <>
      {site.status === 'loading' && <HomeSideSkeleton />}
      {site.status === 'ready' && (
        <>
          {site.data.projects.some((project) => project.featured) && (
            <ProjectsList projects={site.data.projects.filter((project) => project.featured)} />
          )}
          {site.data.ads.length > 0 && <GpuAdCards ads={site.data.ads} />}
          {site.data.notices.map((notice) => (
            <ConstructionNotice key={notice.id} notice={notice} />
          ))}
        </>
      )}
      <TrendingUsers />
    </>
  );
}

export default function HomePage() {
  const meta = useRouteMeta();
  // The content renders as a transition: React builds the long page in short slices, so the main
  // thread stays free for input (Lighthouse's total blocking time) while the skeletons stay up.
  const site = useDeferredValue(useContent(contentApi.site));
  const gallery = useContent(contentApi.gallery);
  // The owner's choice, and a gallery to show: an empty one draws no column (no heading over nothing).
  const genAiColumn = useSiteSettings().genAiColumn && !(gallery.status === 'ready' && gallery.data.length === 0);

  return (
    <Box sx={{ p: { xs: '1.5rem 4%', lg: '2rem 4%' } }}>
      <Typography variant="h1" sx={{ mb: '1.5rem' }}>
        {meta?.heading ?? meta?.title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: genAiColumn ? columns : twoColumns, gap: '2rem', alignItems: 'start' }}>
        <Box data-testid="home-main" sx={stack}>
          <MainColumn site={site} />
        </Box>
        <Box data-testid="home-side" sx={stack}>
          <SideColumn site={site} />
        </Box>
        {/* Spec: the Gen AI column shows only in the wide layout; its lazy pictures load only where it shows. */}
        {genAiColumn && (
          <Box sx={{ display: { xs: 'none', xl: 'block' }, minWidth: 0 }}>
            <GenAiColumn />
          </Box>
        )}
      </Box>
    </Box>
  );
}
