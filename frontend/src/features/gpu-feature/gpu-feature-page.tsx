import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useRouteMeta } from '../../components/route-meta';
import { contentApi, useContent } from '../../store/content-api';
import { GpuBanner } from './gpu-banner';

export const GPU_FAILURE = 'This product could not be loaded. Please try again later.';

/** /feature/<slug>: the banner of the site's GPU ad with that slug (any ad the owner adds has one). */
export default function GpuFeaturePage() {
  const meta = useRouteMeta();
  const title = meta?.heading ?? meta?.title ?? '';
  const { slug = '' } = useParams();
  const answer = useContent(contentApi.feature, slug);
  const ad = answer.status === 'ready' ? answer.data : undefined;
  const failed = answer.status === 'error';

  return (
    // At least a screen tall, so the footer starts below the fold and stays there as the content arrives.
    <Box sx={{ p: { xs: '1.5rem 4%', lg: '2rem 4%' }, minHeight: '100vh' }}>
      {failed ? (
        <>
          <Typography variant="h1" sx={{ mb: '1.5rem' }}>
            {title}
          </Typography>
          <Alert severity="error">
            {GPU_FAILURE}{' '}
            <Link component={RouterLink} to="/">
              Back to the home page
            </Link>
          </Alert>
        </>
      ) : (
        <GpuBanner ad={ad} title={title} />
      )}
    </Box>
  );
}
