import { Box, Button, CircularProgress, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import type { ComponentKind } from '@umpire/schema';
import { kindLabel } from './component-list';
import type { PaletteEntry } from './model';

/**
 * The client's component types the owner may hold (or, when it has set none up, every kind the
 * declarations allow), each a button that adds one: at the end, or right after the card chosen
 * with its "insert after" button.
 */
export function Palette({
  entries,
  loading,
  fromTypes,
  after,
  onAdd,
  onClearAfter,
}: {
  entries: PaletteEntry[];
  /** The client's component types are still being read. */
  loading: boolean;
  /** False: the client has no component types for this builder, the declared kinds are offered. */
  fromTypes: boolean;
  after: { position: number; name: string } | null;
  onAdd: (kind: ComponentKind) => void;
  onClearAfter: () => void;
}) {
  const translate = useTranslate();
  const labelled = entries.map((e) => ({ ...e, label: e.name ?? kindLabel(translate, e.kind) }));
  // Component types keep the order the client gave them; bare kinds are sorted by name.
  const shown = fromTypes ? labelled : labelled.sort((a, b) => a.label.localeCompare(b.label));
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
      {!fromTypes && shown.length > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {translate('pageBuilder.paletteAllKinds')}
        </Typography>
      )}
      {loading ? (
        <CircularProgress size={20} aria-label={translate('pageBuilder.loading')} />
      ) : shown.length === 0 ? (
        <Typography variant="body2">{translate('pageBuilder.paletteEmpty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {shown.map((entry) => {
            const button = (
              <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => onAdd(entry.kind)} data-kind={entry.kind}>
                {entry.label}
              </Button>
            );
            // The kind behind a client's name, and its description, on hover and focus.
            const hint = entry.name ? [kindLabel(translate, entry.kind), entry.description].filter(Boolean).join(': ') : null;
            return <li key={entry.key}>{hint ? <Tooltip title={hint} describeChild>{button}</Tooltip> : button}</li>;
          })}
        </Box>
      )}
    </Box>
  );
}
