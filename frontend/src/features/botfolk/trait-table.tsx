import { useId } from 'react';
import type { BotFolkTrait } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { traitText } from './botfolk-traits';

interface TraitTableProps {
  /** The table's heading and accessible name: Genes, Nurture or Culture. */
  title: string;
  /** What the first column holds: gene, factor or trait. */
  nameHeader: string;
  /** One sentence on where these traits come from. */
  about: string;
  traits: BotFolkTrait[];
}

/** One of the page's two-column tables: each trait's name and its value as text. */
export function TraitTable({ title, nameHeader, about, traits }: TraitTableProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'neutral.main', mb: 1 }}>
        {about}
      </Typography>
      <Table size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell>{nameHeader}</TableCell>
            <TableCell>Value</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {traits.map(({ name, value }) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row">
                {name}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'break-word' }}>{traitText(value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
