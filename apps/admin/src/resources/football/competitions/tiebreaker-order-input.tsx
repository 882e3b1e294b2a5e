import { useId, useState } from 'react';
import { Box, Button as MuiButton, FormHelperText, IconButton, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import AddIcon from '@mui/icons-material/Add';
import { useInput, useTranslate } from 'react-admin';
import { ReorderableList } from '../../../framework/ui/reorderable-list';
import { moveItem } from '../../../lib/move-item';
import { tiebreakerKey, unusedTiebreakers } from '../../../features/standings';

/**
 * The order of tiebreakers for teams level on points: rearranged by dragging, the arrow buttons or
 * Alt+↑/↓ (ReorderableList), removed, and added from the rules not yet used. Empty means the league default.
 */
export function TiebreakerOrderInput({ source = 'tiebreakers' }: { source?: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const chain: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const [adding, setAdding] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const labelId = useId();
  const unused = unusedTiebreakers(chain);
  const name = (rule: string) => translate(tiebreakerKey(rule));

  const set = (next: string[]) => field.onChange(next.length ? next : null);

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={labelId} variant="subtitle2" component="h3">
        {translate('resources.competitions.fields.tiebreakers')}
      </Typography>
      {chain.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('tiebreakers.defaultOrder')}
        </Typography>
      ) : (
        <ReorderableList
          items={chain}
          keyOf={(rule) => rule}
          nameOf={name}
          onMove={(from, to) => set(moveItem(chain, from, to))}
          testId="tiebreaker-chain"
          renderItem={(rule) => <Typography variant="body2">{name(rule)}</Typography>}
          renderActions={(rule) => (
            <Tooltip disableInteractive title={translate('tiebreakers.remove', { rule: name(rule) })}>
              <IconButton size="small" aria-label={translate('tiebreakers.remove', { rule: name(rule) })} onClick={() => set(chain.filter((r) => r !== rule))}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          variant="outlined"
          margin="none"
          label={translate('tiebreakers.addRule')}
          value={adding}
          onChange={(e) => setAdding(e.target.value)}
          disabled={unused.length === 0}
          fullWidth={false}
          sx={{ minWidth: 280 }}
        >
          {unused.map((rule) => (
            <MenuItem key={rule} value={rule}>
              {name(rule)}
            </MenuItem>
          ))}
        </TextField>
        <MuiButton
          startIcon={<AddIcon />}
          disabled={!adding}
          onClick={() => {
            set([...chain, adding]);
            setAnnouncement(translate('tiebreakers.added', { rule: name(adding), position: chain.length + 1 }));
            setAdding('');
          }}
        >
          {translate('tiebreakers.add')}
        </MuiButton>
        {chain.length > 0 && (
          <MuiButton color="inherit" onClick={() => set([])}>
            {translate('tiebreakers.useDefault')}
          </MuiButton>
        )}
      </Box>
      {fieldState.error?.message && <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText>}
      <Box aria-live="polite" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announcement}
      </Box>
    </Box>
  );
}
