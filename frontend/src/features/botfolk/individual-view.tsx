import { memo } from 'react';
import type { BotFolkIndividual } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { portraitOf } from './botfolk-traits';
import { TraitTable } from './trait-table';

// docs/requirements/ai-demos.md#bot-folk: the face is 400px, narrower only when the screen is.
const Face = styled('img')(({ theme }) => ({
  display: 'block',
  maxWidth: '100%',
  height: 'auto',
  borderRadius: '0.75rem',
  backgroundColor: theme.palette.bg.surface,
}));

/** One row of the header's description list: a term (ID, Born, Gender...) and its value. */
function Fact({ term, children, mono = false }: { term: string; children: string; mono?: boolean }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'neutral.main' }}>
        {term}
      </Box>
      <Box
        component="dd"
        sx={{
          m: 0,
          minWidth: 0,
          overflowWrap: 'anywhere',
          ...(mono && { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.8rem', lineHeight: 1.6 }),
        }}
      >
        {children}
      </Box>
    </>
  );
}

/**
 * An individual: the 400px face, name, ID, Born, Gender, World, DNA, then the three tables. Drawn
 * again only for another individual: the page re-renders as the store takes over the server's
 * individual and as it writes the permalink, and these ~200 styled elements are most of its work.
 */
export const IndividualView = memo(function IndividualView({ individual }: { individual: BotFolkIndividual }) {
  const portrait = portraitOf(individual);
  const name = `${portrait.firstName} ${portrait.lastName}`;
  return (
    <Box component="article" aria-label={name}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '400px minmax(0, 1fr)' },
          gap: { xs: 2, md: 4 },
          alignItems: 'start',
        }}
      >
        <Face src={individual.svgimage} alt={`Face of ${name}`} width={400} height={400} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 3, rowGap: 1, m: 0 }}
          >
            <Fact term="ID">{portrait.id}</Fact>
            <Fact term="Born">{portrait.born}</Fact>
            <Fact term="Gender">{portrait.gender}</Fact>
            <Fact term="World">{portrait.world}</Fact>
            {portrait.parents !== null && <Fact term="Parents">{portrait.parents}</Fact>}
            <Fact term="DNA" mono>
              {individual.dna}
            </Fact>
          </Box>
        </Box>
      </Box>
      <Box
        sx={{
          mt: 4,
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' },
          gap: { xs: 4, lg: 3 },
          alignItems: 'start',
        }}
      >
        <TraitTable
          title="Genes"
          nameHeader="Gene"
          about="Fixed at birth; they alone draw the face."
          traits={individual.genes}
        />
        <TraitTable
          title="Nurture"
          nameHeader="Factor"
          about="Shaped by the environment."
          traits={individual.nurture}
        />
        <TraitTable
          title="Culture"
          nameHeader="Trait"
          about="Assigned by society."
          traits={individual.culture}
        />
      </Box>
    </Box>
  );
});
