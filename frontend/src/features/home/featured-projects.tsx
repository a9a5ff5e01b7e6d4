import { useId, useState } from 'react';
import type { ProjectCard as ProjectCardContent } from '@atelier/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ProjectCard } from './project-card';

/** The featured project cards, with one switch between full and small mode for all of them. */
export function FeaturedProjects({ projects }: { projects: ProjectCardContent[] }) {
  const headingId = useId();
  const [small, setSmall] = useState(false);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '1rem' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '0.5rem' }}>
        <Typography id={headingId} variant="h2">
          Featured Projects
        </Typography>
        <FormControlLabel
          control={<Switch checked={small} onChange={(event) => setSmall(event.target.checked)} />}
          label="Small cards"
          sx={{ mr: 0 }}
        />
      </Box>
      {projects.map((project) => (
        <ProjectCard key={project.slug} project={project} small={small} />
      ))}
    </Box>
  );
}
