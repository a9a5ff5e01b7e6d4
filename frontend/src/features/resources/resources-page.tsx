import type { ComponentType } from 'react';
import type { ResourceIcon, ResourceLink } from '@atelier/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import GitHub from '@mui/icons-material/GitHub';
import Language from '@mui/icons-material/Language';
import MenuBook from '@mui/icons-material/MenuBook';
import YouTube from '@mui/icons-material/YouTube';
import { ExternalLink } from '../../components/external-link';
import { PageFrame } from '../../components/page-frame';
import { contentApi, useContent } from '../../store/content-api';
import { useSiteSettings } from '../../store/site-settings';

const ICONS: Record<ResourceIcon, ComponentType<SvgIconProps>> = {
  webpage: Language,
  yt: YouTube,
  gh: GitHub,
  docs: MenuBook,
};

function ResourceEntry({ resource }: { resource: ResourceLink }) {
  const Icon = ICONS[resource.icon];
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 1.5,
        alignItems: 'start',
        p: 2,
        borderRadius: '0.75rem',
        bgcolor: 'bg.surface',
      }}
    >
      {/* Decorative: the site and format below say the same in words. */}
      <Icon aria-hidden sx={{ mt: 0.25, color: 'primary.main' }} />
      <Box>
        <Typography component="h2" variant="h5" sx={{ mb: 0.5 }}>
          <ExternalLink href={resource.url}>{resource.title}</ExternalLink>
        </Typography>
        <Typography sx={{ mb: 0.75 }}>{resource.note}</Typography>
        <ExternalLink
          href={resource.url}
          showIcon={false}
          variant="body2"
          sx={{ display: 'inline-block', mb: 1, fontFamily: 'monospace', color: 'neutral.main' }}
        >
          {resource.url}
        </ExternalLink>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 2,
            rowGap: 0.5,
            typography: 'body2',
            '& dt': { color: 'neutral.main' },
            '& dd': { m: 0, ml: 0.5 },
            '& > div': { display: 'flex', alignItems: 'center' },
          }}
        >
          <div>
            <dt>Channel:</dt>
            <dd>{resource.channel}</dd>
          </div>
          <div>
            <dt>Site:</dt>
            <dd>{resource.site}</dd>
          </div>
          <div>
            <dt>Format:</dt>
            <dd>
              <Chip size="small" variant="outlined" label={resource.format} />
            </dd>
          </div>
        </Box>
      </Box>
    </Box>
  );
}

/** Curated links for AI/ML, full-stack, Python and React developers (spec: Developer resources page). */
export default function ResourcesPage() {
  const resources = useContent(contentApi.resources);
  const { resourcesNote } = useSiteSettings();
  return (
    <PageFrame>
      {resourcesNote && <Typography sx={{ color: 'neutral.main', maxWidth: '60rem', mb: 3 }}>{resourcesNote}</Typography>}
      {resources.status === 'loading' && (
        <Box role="status" aria-label="Loading the resources">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={132} sx={{ mb: 2 }} />
          ))}
        </Box>
      )}
      {resources.status === 'error' && (
        <Alert severity="error">The resources could not be loaded. Please reload the page to try again.</Alert>
      )}
      {resources.status === 'ready' && (
        <Box
          component="ul"
          aria-label="Developer resources"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            gap: 2,
          }}
        >
          {resources.data.map((resource) => (
            <ResourceEntry key={resource.id} resource={resource} />
          ))}
        </Box>
      )}
    </PageFrame>
  );
}
