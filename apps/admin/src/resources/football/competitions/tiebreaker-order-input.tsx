import { useId, useState } from 'react';
import { Box, Button as MuiButton, FormHelperText, IconButton, MenuItem, Paper, TextField, Tooltip, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import AddIcon from '@mui/icons-material/Add';
import { useInput, useTranslate } from 'react-admin';
import { moveItem, tiebreakerKey, unusedTiebreakers } from '../../../features/standings';

/**
 * The order of tiebreakers for teams level on points: moved with the arrow buttons (keyboard)
 * or by dragging, removed, and added from the rules not yet used. Empty means the league default.
 */
export function TiebreakerOrderInput({ source = 'tiebreakers' }: { source?: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const chain: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const [adding, setAdding] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const labelId = useId();
  const unused = unusedTiebreakers(chain);
  const name = (rule: string) => translate(tiebreakerKey(rule));

  const set = (next: string[]) => field.onChange(next.length ? next : null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= chain.length) return;
    set(moveItem(chain, from, to));
    setAnnouncement(translate('tiebreakers.moved', { rule: name(chain[from]), position: to + 1 }));
  };

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
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }} data-testid="tiebreaker-chain">
          {chain.map((rule, index) => (
            <Paper
              key={rule}
              component="li"
              variant="outlined"
              draggable
              onDragStart={(e) => {
                setDragged(index);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => {
                if (dragged === null) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, opacity: dragged === index ? 0.5 : 1, bgcolor: 'background.paper' }}
            >
              <DragIndicatorIcon fontSize="small" sx={{ color: 'text.disabled', cursor: 'grab' }} aria-hidden />
              <Typography variant="body2" sx={{ width: 24, fontWeight: 600 }} aria-hidden>
                {index + 1}.
              </Typography>
              <Typography variant="body2" sx={{ flex: 1 }}>
                {name(rule)}
              </Typography>
              <Tooltip disableInteractive title={translate('tiebreakers.moveUp', { rule: name(rule) })}>
                <span>
                  <IconButton size="small" aria-label={translate('tiebreakers.moveUp', { rule: name(rule) })} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip disableInteractive title={translate('tiebreakers.moveDown', { rule: name(rule) })}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={translate('tiebreakers.moveDown', { rule: name(rule) })}
                    disabled={index === chain.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip disableInteractive title={translate('tiebreakers.remove', { rule: name(rule) })}>
                <IconButton size="small" aria-label={translate('tiebreakers.remove', { rule: name(rule) })} onClick={() => set(chain.filter((r) => r !== rule))}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Paper>
          ))}
        </Box>
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
