import { Box, Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import type { ComponentKind } from '@umpire/schema';
import { kindLabel } from './component-list';

/**
 * The kinds the owner may hold (from the declarations), each a button that adds one: at the end,
 * or right after the card chosen with its "insert after" button.
 */
export function Palette({ kinds, after, onAdd, onClearAfter }: { kinds: ComponentKind[]; after: { position: number; name: string } | null; onAdd: (kind: ComponentKind) => void; onClearAfter: () => void }) {
  const translate = useTranslate();
  const sorted = [...kinds].sort((a, b) => kindLabel(translate, a).localeCompare(kindLabel(translate, b)));
  return (
    <Box component="section" aria-labelledby="builder-palette-heading" data-testid="builder-palette">
      <Typography id="builder-palette-heading" variant="subtitle1" component="h3">
        {translate('pageBuilder.palette')}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
          {after ? translate('pageBuilder.addsAfter', { position: after.position, name: after.name }) : translate('pageBuilder.addsAtEnd')}
        </Typography>
        {after && (
          <Button size="small" onClick={onClearAfter}>
            {translate('pageBuilder.atEnd')}
          </Button>
        )}
      </Stack>
      {sorted.length === 0 ? (
        <Typography variant="body2">{translate('pageBuilder.paletteEmpty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {sorted.map((kind) => (
            <li key={kind}>
              <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => onAdd(kind)} data-kind={kind}>
                {kindLabel(translate, kind)}
              </Button>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
