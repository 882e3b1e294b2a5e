import { Box, Button, Typography } from '@mui/material';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DeleteIcon from '@mui/icons-material/Delete';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';

/** What can be done with the ticked files: move them (a dialog with the folders), delete them, or untick them. */
export function SelectionBar({ count, onMove, onDelete, onClear }: { count: number; onMove?: () => void; onDelete?: () => void; onClear: () => void }) {
  const translate = useTranslate();
  return (
    <Box
      role="toolbar"
      aria-label={translate('mediaLibrary.selection.bar')}
      data-testid="selection-bar"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 1.5, py: 0.75, borderRadius: 1, bgcolor: 'background.paper', border: 1, borderColor: 'primary.main' }}
    >
      <Typography variant="body2" aria-live="polite" sx={{ fontWeight: 600, mr: 'auto' }}>
        {translate('mediaLibrary.selection.count', { smart_count: count })}
      </Typography>
      {onMove && (
        <Button size="small" startIcon={<DriveFileMoveIcon />} onClick={onMove}>
          {translate('mediaLibrary.selection.moveTo')}
        </Button>
      )}
      {onDelete && (
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
          {translate('ra.action.delete')}
        </Button>
      )}
      <Button size="small" startIcon={<CloseIcon />} onClick={onClear}>
        {translate('mediaLibrary.selection.clear')}
      </Button>
    </Box>
  );
}
