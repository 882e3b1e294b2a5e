import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { resourceDef } from '../definitions';
import { referencePicker } from './conventions';
import { ImageThumbnail } from './image-thumbnail';

const PAGE = 25;

/** The belongsTo link to `images` that pictures a record (a video's poster), if its type has one. */
export function pictureLinkOf(type: string): string | undefined {
  return resourceDef(type)?.relationships.find((r) => r.kind === 'belongsTo' && r.type === 'images')?.name;
}

/**
 * One record of any resource, chosen in a dialog: a search (the target's own, as reference
 * pickers search it), the first results named as everywhere else in the app, with their picture
 * when the type has one (a video's poster). For records that are not library images: a video, and
 * later a quiz or a survey to embed.
 */
export function RecordPickerDialog({ type, title, onClose, onPicked }: { type: string; title: string; onClose: () => void; onPicked: (record: RaRecord) => void }) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const picker = useMemo(() => referencePicker(resourceDef(type)), [type]);
  const picture = pictureLinkOf(type);
  const list = useGetList<RaRecord>(type, {
    filter: picker.filterToQuery(search),
    sort: picker.sort,
    pagination: { page: 1, perPage: PAGE },
    meta: picture ? { include: [picture] } : undefined,
  });
  const nameOf = (record: RaRecord) => (typeof picker.optionText === 'function' ? picker.optionText(record) : String(record[picker.optionText] ?? `#${record.id}`));
  const records = list.data ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="record-picker-title" fullWidth maxWidth="sm">
      <DialogTitle id="record-picker-title">{title}</DialogTitle>
      <DialogContent dividers>
        <TextField id="record-picker-search" type="search" size="small" fullWidth label={translate('ra.action.search')} value={search} onChange={(e) => setSearch(e.target.value)} sx={{ mb: 1 }} />
        {list.isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
        {list.isError && <Alert severity="error">{translate('apiErrors.somethingWentWrong')}</Alert>}
        {list.isSuccess && !records.length && <Typography sx={{ p: 1 }}>{translate('ui.nothingFound')}</Typography>}
        <List dense aria-label={title}>
          {records.map((record) => {
            const path = picture ? (record[picture] as { path?: string } | undefined)?.path : undefined;
            return (
              <ListItem key={record.id} disablePadding>
                <ListItemButton onClick={() => onPicked(record)} data-testid="record-picker-item">
                  <Box sx={{ width: 64, mr: 2, flexShrink: 0 }}>{path && <ImageThumbnail path={path} size={64} alt="" />}</Box>
                  <ListItemText primary={nameOf(record)} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {(list.total ?? 0) > PAGE && <Typography variant="body2" sx={{ color: 'text.secondary' }}>{translate('list.refineSearch', { count: PAGE })}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
