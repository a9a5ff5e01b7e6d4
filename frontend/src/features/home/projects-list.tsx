import { useId } from 'react';
import type { ProjectCard } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { resizedUrl } from '../../components/asset-image';
import { ShowcaseSurface } from '../../components/showcase-surface';
import { ShowcaseImage } from '../../components/showcase-image';

const THUMB_PX = 62;

/** The right column's Projects list (the four of docs/requirements/public-pages.md#projects): thumbnail, title and tech line, linking to its page. */
export function ProjectsList({ projects }: { projects: ProjectCard[] }) {
  const headingId = useId();
  return (
    <ShowcaseSurface aria-labelledby={headingId}>
      <Typography id={headingId} variant="h4" component="h2" sx={{ mb: '1rem' }}>
        Projects
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: '0.75rem' }}>
        {projects.map((project) => (
          <li key={project.slug}>
            <Link
              component={RouterLink}
              to={`/project/${project.slug}`}
              underline="none"
              sx={{ display: 'flex', alignItems: 'center', gap: '0.75rem', color: 'inherit', '&:hover .title': { textDecoration: 'underline' } }}
            >
              <ShowcaseImage
                // The smallest width the image service makes is already sharp at 2x for 62px.
                src={resizedUrl(project.image, { w: 124, h: 124, fit: 'crop' })}
                alt=""
                width={THUMB_PX}
                height={THUMB_PX}
                loading="lazy"
                sx={{ flexShrink: 0, borderRadius: '0.5rem', bgcolor: 'background.default' }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography className="title" sx={{ color: 'neutral.dark', fontWeight: 500, overflowWrap: 'break-word' }}>
                  {project.listTitle}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'break-word' }}>
                  {project.listAuthor}
                </Typography>
              </Box>
            </Link>
          </li>
        ))}
      </Box>
    </ShowcaseSurface>
  );
}
