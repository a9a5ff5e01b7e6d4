import { useId, type ReactNode } from 'react';
import type { ProjectBlock } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ShowcaseChips } from '../../components/showcase-chips';
import { ExternalLink } from '../../components/external-link';
import { ProjectGallery } from './project-gallery';
import { ProjectProfileCard } from './project-profile-card';
import { ProjectVideos } from './project-videos';

type LinksBlock = Extract<ProjectBlock, { kind: 'links' }>;

/** Whether a content link leaves the site (`https://…`) rather than naming one of its routes (`/…`). */
const isExternalUrl = (url: string) => /^[a-z][a-z\d+.-]*:/i.test(url);

function Section({ heading, children }: { heading?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <Typography id={headingId} variant="h2" sx={{ mb: '0.75rem' }}>
          {heading}
        </Typography>
      )}
      {children}
    </Box>
  );
}

function ContentLink({ link }: { link: LinksBlock['links'][number] }) {
  if (!isExternalUrl(link.url)) {
    return (
      <Link component={RouterLink} to={link.url}>
        {link.label}
      </Link>
    );
  }
  return <ExternalLink href={link.url}>{link.label}</ExternalLink>;
}

/** Markdown's elements in the site's type: readable measure, spaced blocks, code on a surface. */
const markdownSx = {
  maxWidth: '48rem',
  '& > :first-child': { mt: 0 },
  '& p, & ul, & ol, & pre, & blockquote': { mt: 0, mb: '0.75rem' },
  '& h1, & h2, & h3, & h4': { mt: '1.5rem', mb: '0.5rem', lineHeight: 1.3 },
  '& a': { color: 'primary.main' },
  '& img': { maxWidth: '100%', height: 'auto' },
  '& code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.9em' },
  '& pre': { p: '1rem', overflowX: 'auto', bgcolor: 'bg.surface', borderRadius: '0.5rem' },
  '& blockquote': { pl: '1rem', borderLeft: 4, borderColor: 'divider', color: 'text.secondary' },
} as const;

/** One block of a project page, as its kind shows it. */
export function ProjectBlockView({ block }: { block: ProjectBlock }) {
  switch (block.kind) {
    case 'text':
      return (
        <Section heading={block.heading}>
          {block.paragraphs.map((paragraph, index) => (
            <Typography key={index} sx={{ mb: '0.75rem', maxWidth: '48rem' }}>
              {paragraph}
            </Typography>
          ))}
        </Section>
      );
    case 'chips':
      return (
        <Section heading={block.heading}>
          <ShowcaseChips chips={block.chips} label={block.heading ?? 'Technologies'} />
        </Section>
      );
    case 'videos':
      return (
        <Section heading={block.heading}>
          <ProjectVideos videos={block.videos} />
        </Section>
      );
    case 'links':
      return (
        <Section heading={block.heading}>
          <Box component="ul" sx={{ m: 0, pl: '1.25rem', display: 'grid', gap: '0.5rem' }}>
            {block.links.map((link) => (
              <li key={link.url}>
                <ContentLink link={link} />
                {link.note && (
                  <Typography component="span" sx={{ color: 'text.secondary' }}>
                    {' '}
                    — {link.note}
                  </Typography>
                )}
              </li>
            ))}
          </Box>
        </Section>
      );
    case 'profile-card':
      return <ProjectProfileCard block={block} />;
    case 'markdown':
      return (
        <Section heading={block.heading}>
          {/* Rendered by the server from a safe subset of Markdown (no raw HTML): its HTML is the site's own. */}
          <Box className="markdown" sx={markdownSx} dangerouslySetInnerHTML={{ __html: block.html }} />
        </Section>
      );
    case 'gallery':
      return (
        <Section heading={block.heading}>
          <ProjectGallery items={block.items} />
        </Section>
      );
    case 'licence':
      return (
        <Section heading={block.name}>
          <Box
            component="pre"
            sx={{
              m: 0,
              p: '1rem',
              maxWidth: '48rem',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'break-word',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: '0.85rem',
              lineHeight: 1.5,
              bgcolor: 'bg.surface',
              borderRadius: '0.5rem',
            }}
          >
            {block.text}
          </Box>
        </Section>
      );
  }
}
