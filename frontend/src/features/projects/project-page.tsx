import type { ProjectPage as ProjectPageContent } from '@atelier/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ContactButton } from '../../components/contact-button';
import { useRouteMeta } from '../../components/route-meta';
import { ApiError } from '../../store/api-client';
import { contentApi, useContent, type ContentState } from '../../store/content-api';
import { ProjectBlockView } from './project-block';
import { ProjectHeader } from './project-header';

export const PROJECT_NOT_FOUND = 'There is no page for this project yet.';
export const PROJECT_FAILURE = 'This project could not be loaded. Please try again later.';

function Body({ page }: { page: ContentState<ProjectPageContent> }) {
  if (page.status === 'loading') {
    return (
      <Box role="status" aria-label="Loading the project" sx={{ display: 'grid', gap: '1rem' }}>
        <Skeleton variant="rounded" sx={{ height: 160, borderRadius: '0.75rem' }} />
        <Skeleton variant="rounded" sx={{ height: 240, borderRadius: '0.75rem' }} />
      </Box>
    );
  }
  if (page.status === 'error') {
    const notFound = page.error instanceof ApiError && page.error.status === 404;
    return (
      <Alert severity={notFound ? 'info' : 'error'}>
        {notFound ? PROJECT_NOT_FOUND : PROJECT_FAILURE}{' '}
        <Link component={RouterLink} to="/">
          Back to the home page
        </Link>
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '2rem' }}>
      {page.data.blocks.map((block, index) => (
        <ProjectBlockView key={index} block={block} />
      ))}
    </Box>
  );
}

/** Every /project/<slug> route: the header block, then the page's blocks from the content API. */
export default function ProjectPage() {
  const meta = useRouteMeta();
  const { slug = '' } = useParams();
  const page = useContent(contentApi.project, slug);
  const ready = page.status === 'ready' ? page.data : null;

  return (
    // At least a screen tall, so the footer starts below the fold and stays there as the content arrives.
    <Box sx={{ p: { xs: '1.5rem 4%', lg: '2rem 4%' }, maxWidth: '64rem', mx: 'auto', minHeight: '100vh' }}>
      <ProjectHeader
        title={ready?.title ?? meta?.heading ?? meta?.title ?? ''}
        subtitle={ready?.subtitle ?? (page.status === 'error' ? (meta?.description ?? '') : null)}
      />
      <Body page={page} />
      <ContactButton sx={{ mt: '2rem' }} />
    </Box>
  );
}
