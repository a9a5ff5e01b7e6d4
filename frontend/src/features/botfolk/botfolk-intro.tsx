import { BOTFOLK_WORLDS } from '@atelier/contracts';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';

/** The external Bot Folk site (spec: opened in a new tab). */
export const BOTFOLK_SITE_URL = 'https://botfolk.com';

const [firstWorld, secondWorld] = BOTFOLK_WORLDS;

/** What a Bot Folk individual is made of, and where to read more. */
export function BotFolkIntro() {
  return (
    <>
      <Typography sx={{ color: 'neutral.main', maxWidth: '60rem', mb: 1 }}>
        Every Bot Folk individual is unique. Its genes define its morphology and behaviour at birth, and its face is drawn
        from them alone. Nurture is shaped by its environment, and culture is assigned by society. Bot Folk live in two
        worlds, {firstWorld} and {secondWorld}.
      </Typography>
      <Link
        href={BOTFOLK_SITE_URL}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        Bot Folk website
        <OpenInNew aria-hidden fontSize="small" />
      </Link>
    </>
  );
}
