import { useState, type FormEvent } from 'react';
import type { GenerationExample } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GenerationHardware } from './generation-hardware';
import { GenerationResult } from './generation-result';
import { PageFrame } from '../../components/page-frame';
import { jobRequested } from './generation-slice';
import { useAppDispatch } from '../../store/store-hooks';

/** The note of docs/requirements/ai-demos.md#forge, '[ example image - SD 1.5 ]', naming the model that really made the example shown. */
const forgeExampleNote = (example: GenerationExample | null) => (example ? `[ example image - ${example.model} ]` : '[ example image ]');

/** The Forge generator: a prompt in, a new image out (spec: Image generator page). */
export default function ForgePage() {
  const dispatch = useAppDispatch();
  const [prompt, setPrompt] = useState('');
  // Whitespace alone is no prompt.
  const cleanPrompt = prompt.trim();

  const generate = (event: FormEvent) => {
    event.preventDefault();
    // Pressing GENERATE again while waiting starts over with the new prompt.
    if (cleanPrompt) dispatch(jobRequested({ page: 'forge', prompt: cleanPrompt }));
  };

  return (
    <PageFrame>
      <Typography sx={{ color: 'neutral.main', maxWidth: '60rem', mb: 3 }}>
        Describe a picture and Forge generates a new image from your prompt<GenerationHardware />.
      </Typography>
      <Box
        component="form"
        aria-label="Prompt"
        onSubmit={generate}
        sx={{ width: 768, maxWidth: '100%', display: 'flex', flexDirection: 'column', gap: 1.5, mb: 3 }}
      >
        <TextField
          label="enter your prompt here"
          multiline
          rows={4}
          // A plain textarea of four rows: given rows alone, MUI still renders its autosizing one,
          // which measures itself as the page hydrates (a forced layout, 5-10 ms on a desktop CPU).
          slotProps={{ input: { inputComponent: 'textarea' } }}
          fullWidth
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!cleanPrompt}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-end' }, minWidth: '10rem' }}
        >
          GENERATE
        </Button>
      </Box>
      <GenerationResult
        page="forge"
        exampleNote={forgeExampleNote}
        exampleAlt={({ model }) => `Example image made with ${model}, shown until you generate your own`}
        waitingLabel="Generating your image"
        resultAlt="The image generated from your prompt"
      />
    </PageFrame>
  );
}
