import ResourceEdit from '../../framework/generic/resource-edit';
import { FormatSegmentsOrder, PlaylistEventsOrder } from './order-panels';

/** The generic editors of playlists and formats, with their items ordered by drag and drop below the form. */
export const PlaylistEdit = () => (
  <ResourceEdit>
    <PlaylistEventsOrder />
  </ResourceEdit>
);

export const FormatEdit = () => (
  <ResourceEdit>
    <FormatSegmentsOrder />
  </ResourceEdit>
);
