import { DataTable, useRecordContext } from 'react-admin';
import ResourceList from '../../../framework/generic/resource-list';
import { ImageThumbnail } from '../../../framework/generic/image-thumbnail';

function Preview() {
  const record = useRecordContext<{ id: string; path?: string }>();
  return record?.path ? <ImageThumbnail path={record.path} size={56} /> : null;
}

/** Images: the generic list with each image's CDN thumbnail first. */
export default function ImageList() {
  return (
    <ResourceList
      leading={
        <DataTable.Col source="preview" disableSort>
          <Preview />
        </DataTable.Col>
      }
    />
  );
}
