import { useId } from 'react';
import type { ProjectCard as ProjectCardContent } from '@atelier/contracts';
import ZoomIn from '@mui/icons-material/ZoomIn';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { resizedImage } from '../../components/asset-image';
import { ShowcaseChips } from '../../components/showcase-chips';
import { ShowcaseSurface } from '../../components/showcase-surface';
import { ShowcaseImage } from '../../components/showcase-image';
import { breakpointValues } from '../../theme/app-theme';

/** docs/requirements/public-pages.md#breakpoints: 340px wide from 800px (md) up, 180px below that or in small mode (both about 1.4:1). */
export const THUMB = {
  wide: { w: 340, h: 248 },
  small: { w: 180, h: 124 },
} as const;

/** The media query of the wide thumbnail, as the theme's `md` breakpoint writes it. */
const WIDE_THUMB_MEDIA = `(min-width: ${breakpointValues.md}px)`;

interface ProjectCardProps {
  project: ProjectCardContent;
  /** Small mode: the thumbnail (with a zoom icon) opens the project, bullets and narrative are left out. */
  small: boolean;
}

function Bullets({ items }: { items: string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: '1.25rem', display: 'grid', gap: '0.25rem', alignContent: 'start' }}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Box>
  );
}

/** A home-page project card: thumbnail, title, period, role and chips beside it, then two bullet columns and the narrative. */
export function ProjectCard({ project, small }: ProjectCardProps) {
  const titleId = useId();
  const route = `/project/${project.slug}`;
  const { wide, small: narrow } = THUMB;

  // One markup for every width: the browser picks the 340px picture from 800px, the 180px one below,
  // and the stylesheet sizes the box to match (small mode keeps the small one everywhere).
  const thumbnail = (
    <Box component="picture" sx={{ display: 'block' }}>
      {!small && <source media={WIDE_THUMB_MEDIA} srcSet={resizedImage(project.image, { ...wide, fit: 'crop' }).srcSet} />}
      <ShowcaseImage
        {...resizedImage(project.image, { ...narrow, fit: 'crop' })}
        alt={project.imageAlt}
        width={narrow.w}
        height={narrow.h}
        loading="lazy"
        sx={{
          width: small ? narrow.w : { xs: narrow.w, md: wide.w },
          aspectRatio: small ? undefined : { md: `${wide.w} / ${wide.h}` },
          borderRadius: '0.5rem',
          bgcolor: 'background.default',
        }}
      />
    </Box>
  );

  return (
    <ShowcaseSurface component="article" aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: '1rem 1.5rem', alignItems: 'flex-start' }}>
        {small ? (
          <Link
            component={RouterLink}
            to={route}
            aria-label={`Open the ${project.title} project`}
            sx={{ position: 'relative', display: 'block', flexShrink: 0, borderRadius: '0.5rem', maxWidth: '100%' }}
          >
            {thumbnail}
            <ZoomIn
              aria-hidden
              sx={{ position: 'absolute', right: 6, bottom: 6, p: '2px', borderRadius: '50%', color: '#fff', bgcolor: 'rgba(0, 0, 0, 0.6)' }}
            />
          </Link>
        ) : (
          <Box sx={{ flexShrink: 0, maxWidth: '100%' }}>{thumbnail}</Box>
        )}
        <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Typography id={titleId} variant="h3">
            <Link component={RouterLink} to={route} underline="hover" sx={{ color: 'neutral.dark' }}>
              {project.title}
            </Link>
          </Typography>
          <Typography sx={{ color: 'primary.main', fontWeight: 500, mt: '0.25rem' }}>{project.period}</Typography>
          <Typography sx={{ color: 'text.secondary', mb: '0.75rem' }}>{project.role}</Typography>
          <ShowcaseChips chips={project.chips} label={`${project.title} technologies`} />
        </Box>
      </Box>
      {!small && (
        <>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              gap: '0.25rem 1.5rem',
              mt: '1rem',
            }}
          >
            <Bullets items={project.bulletsLeft} />
            <Bullets items={project.bulletsRight} />
          </Box>
          <Typography sx={{ mt: '1rem' }}>{project.narrative}</Typography>
        </>
      )}
    </ShowcaseSurface>
  );
}
