import { useContext, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PageFrame } from '../../components/page-frame';
import { SpinnerGrid } from '../../components/spinner-grid';
import { contentApi, PageContentContext, pageAnswer } from '../../store/content-api';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { individualQuery } from './botfolk-api';
import { BotFolkIntro } from './botfolk-intro';
import { selectBotFolkFailure, selectBotFolkIndividual, selectBotFolkStatus } from './botfolk-selectors';
import { botfolkLeft, individualRequested, individualSucceeded, offspringRequested } from './botfolk-slice';
import { IndividualView } from './individual-view';
import { PermalinkButton } from './permalink-button';

// docs/requirements/ai-demos.md#bot-folk: every failure reads the same (but a 429, which says how long to wait); the saga logs the details.

export default function BotFolkPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectBotFolkStatus);
  const individual = useAppSelector(selectBotFolkIndividual);
  const failure = useAppSelector(selectBotFolkFailure);
  const [searchParams, setSearchParams] = useSearchParams();
  const dnaInUrl = searchParams.get('dna');
  // Only the address the page opened at asks for someone; after that the page writes the address.
  const [dnaAtOpen] = useState(dnaInUrl);
  // The individual the server's page was drawn with (its route's loader), shown until one is asked for.
  const pageContent = useContext(PageContentContext);
  const [drawnAtOpen] = useState(() => pageAnswer(pageContent, contentApi.pyface, individualQuery(dnaAtOpen)) ?? null);
  const shown = individual ?? (status === 'idle' ? drawnAtOpen : null);

  useEffect(() => {
    dispatch(drawnAtOpen ? individualSucceeded(drawnAtOpen) : individualRequested(dnaAtOpen ? { dna: dnaAtOpen } : {}));
    return () => {
      dispatch(botfolkLeft());
    };
  }, [dispatch, dnaAtOpen, drawnAtOpen]);

  // The permalink: the address names the individual shown. Replaced, so Back leaves the page.
  useEffect(() => {
    if (individual && individual.dna !== dnaInUrl) setSearchParams({ dna: individual.dna }, { replace: true });
  }, [individual, dnaInUrl, setSearchParams]);

  return (
    <PageFrame>
      <BotFolkIntro />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, my: 3 }}>
        <Button variant="contained" onClick={() => dispatch(individualRequested({}))}>
          CREATE A NEW UNIQUE BOT FOLK INDIVIDUAL
        </Button>
        <Button
          variant="outlined"
          disabled={!shown}
          onClick={() => shown && dispatch(offspringRequested({ parentA: shown.dna }))}
        >
          BREED WITH A NEW INDIVIDUAL
        </Button>
        {shown && <PermalinkButton key={shown.dna} dna={shown.dna} />}
      </Box>
      {status === 'error' && <Alert severity="error">{failure}</Alert>}
      {shown && <IndividualView individual={shown} />}
      {!shown && (status === 'waiting' || status === 'idle') && (
        // docs/requirements/ai-demos.md#bot-folk: 5 spinners in the 400px face's place.
        <SpinnerGrid count={5} columns={5} size={400} label="Creating a Bot Folk individual" />
      )}
    </PageFrame>
  );
}
