import { useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useDataProvider, useGetList, useGetMany, useNotify, useRecordContext, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { orderSegments } from '@umpire/schema';
import { ReorderableList } from '../../framework/ui/reorderable-list';
import { positionChanges, reordered } from './order';

const ALL = { page: 1, perPage: 100 };

/** A playlist's events in order, rearranged by dragging (or the arrows); each move saves the positions that changed. */
export function PlaylistEventsOrder() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const playlist = useRecordContext();
  const { data: links = [], refetch } = useGetList<RaRecord>('playlist_events', { filter: { playlist_id: playlist?.id }, sort: { field: 'position', order: 'ASC' }, pagination: ALL }, { enabled: !!playlist });
  const { data: events = [] } = useGetMany<RaRecord>('ott_events', { ids: links.map((l) => l.event_id as string) }, { enabled: links.length > 0 });
  const [order, setOrder] = useState<RaRecord[] | null>(null);
  const items = order ?? links;
  const titleOf = (link: RaRecord) => String(events.find((e) => String(e.id) === String(link.event_id))?.title ?? link.event_id);
  const onMove = (from: number, to: number) => {
    const next = reordered(items, from, to);
    setOrder(next);
    void Promise.all(positionChanges(next).map(({ item, position }) => dataProvider.update('playlist_events', { id: item.id, data: { position }, previousData: item })))
      .catch(() => notify('ottConsole.orderSaveFailed', { type: 'error' }))
      .finally(() => void refetch().then(() => setOrder(null)));
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6">{translate('ottConsole.playlistOrder')}</Typography>
      {items.length ? (
        <ReorderableList items={items} keyOf={(l) => String(l.id)} nameOf={titleOf} onMove={onMove} renderItem={(l) => titleOf(l)} testId="playlist-events-order" />
      ) : (
        <Alert severity="info">{translate('ottConsole.noItems')}</Alert>
      )}
    </Box>
  );
}

/** A format's segments in its `segments_order` (the rest by numeric id), rearranged by dragging; saved at once. */
export function FormatSegmentsOrder() {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useRecordContext();
  const [update] = useUpdate();
  const { data: segments = [] } = useGetList<RaRecord>('segments', { filter: { format_id: format?.id }, sort: { field: 'id', order: 'ASC' }, pagination: ALL }, { enabled: !!format });
  const items = orderSegments(segments.map((s) => ({ id: String(s.id), name: String(s.name ?? s.id) })), (format?.segments_order as { segment_id: string }[] | undefined) ?? []);
  const onMove = (from: number, to: number) => {
    if (!format) return;
    const next = reordered(items, from, to);
    void update(
      'formats',
      { id: format.id, data: { segments_order: next.map((s) => ({ segment_id: s.id })) }, previousData: format },
      { mutationMode: 'pessimistic', onError: () => notify('ottConsole.orderSaveFailed', { type: 'error' }) },
    );
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6">{translate('ottConsole.segmentOrder')}</Typography>
      {items.length ? (
        <ReorderableList items={items} keyOf={(s) => s.id} nameOf={(s) => s.name} onMove={onMove} renderItem={(s) => s.name} testId="format-segments-order" />
      ) : (
        <Alert severity="info">{translate('ottConsole.noItems')}</Alert>
      )}
    </Box>
  );
}
