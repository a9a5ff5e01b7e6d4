import { useId } from 'react';
import type { Patent, SiteProfile } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { resizedImage } from '../../components/asset-image';
import { ContactButton } from '../../components/contact-button';
import { ExternalLink } from '../../components/external-link';
import { ShowcaseSurface } from '../../components/showcase-surface';
import { ShowcaseImage } from '../../components/showcase-image';

const PHOTO_PX = 180;

const list = { m: 0, pl: '1.25rem', display: 'grid', gap: '0.25rem' } as const;

function Label({ children }: { children: string }) {
  return (
    <Typography variant="h5" component="h3" sx={{ mt: '1rem', mb: '0.25rem', color: 'neutral.dark' }}>
      {children}
    </Typography>
  );
}

/** "US 10,592,359 B2 (2019): Title", the number linked where there is a link; "Title (2019)" until the owner gives the number. */
function PatentLine({ patent: { number, url, year, title } }: { patent: Patent }) {
  const linked = (text: string) => (url ? <ExternalLink href={url}>{text}</ExternalLink> : text);
  return number ? (
    <>
      {linked(number)} ({year}): {title}
    </>
  ) : (
    <>
      {linked(title)} ({year})
    </>
  );
}

/** The home page's profile card: who, what, how long, the patents and how to hire. */
export function ProfileCard({ profile }: { profile: SiteProfile }) {
  const nameId = useId();
  const photo = resizedImage(profile.photo, { w: PHOTO_PX, h: PHOTO_PX, fit: 'crop' });

  return (
    <ShowcaseSurface aria-labelledby={nameId} sx={{ display: 'flex', gap: '1.5rem', alignItems: 'flex-start' }}>
      <ShowcaseImage
        {...photo}
        alt={profile.photoAlt}
        width={PHOTO_PX}
        height={PHOTO_PX}
        // Spec: the photo shows only from 800px (md). A lazy picture the stylesheet hides is never fetched,
        // so phones do not load it.
        loading="lazy"
        sx={{ display: { xs: 'none', md: 'block' }, flexShrink: 0, borderRadius: '50%', bgcolor: 'background.default' }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography id={nameId} variant="h2">
          {profile.ownerName}
        </Typography>
        <Typography sx={{ color: 'primary.main', fontWeight: 500, fontSize: '1.05rem', mt: '0.25rem' }}>
          {profile.headline}
        </Typography>
        <Typography sx={{ mt: '0.75rem' }}>{profile.summary}</Typography>

        {/* A section with nothing in it is not drawn: no heading over an empty list. */}
        {profile.skills.length > 0 && (
          <>
            <Label>Years of experience</Label>
            <Box component="ul" sx={{ ...list, listStyle: 'none', pl: 0, display: 'flex', flexWrap: 'wrap', columnGap: '1.25rem' }}>
              {profile.skills.map((skill) => (
                <li key={skill.name}>
                  <Box component="span" sx={{ fontWeight: 500, color: 'primary.main' }}>
                    {skill.years}
                  </Box>{' '}
                  years {skill.name}
                </li>
              ))}
            </Box>
          </>
        )}

        {profile.patents.length > 0 && (
          <>
            <Label>Patents</Label>
            <Box component="ul" sx={list}>
              {profile.patents.map((patent) => (
                <li key={patent.title}>
                  <PatentLine patent={patent} />
                </li>
              ))}
            </Box>
          </>
        )}

        <Box sx={{ mt: '1rem', display: 'grid', gap: '0.25rem' }}>
          {profile.availability.map((line) => (
            <Typography key={line} sx={{ fontWeight: 500, color: 'neutral.dark' }}>
              {line}
            </Typography>
          ))}
        </Box>

        {profile.links.length > 0 && (
          <Box sx={{ mt: '0.75rem', display: 'flex', flexWrap: 'wrap', gap: '1rem' }}>
            {profile.links.map((link) => (
              <ExternalLink key={link.url} href={link.url}>
                {link.label}
              </ExternalLink>
            ))}
          </Box>
        )}

        <Box sx={{ mt: '1rem', display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
          <ContactButton />
          {profile.cv && <Button href={profile.cv} download variant="outlined">Download CV</Button>}
        </Box>
      </Box>
    </ShowcaseSurface>
  );
}
