import { Edit, ShowButton, TopToolbar, useCanAccess, useDataProvider, useResourceContext, type RaRecord } from 'react-admin';
import { ResourceForm } from './resource-form';
import { includesOf, useResourceDef } from './use-resource-def';
import { resolveImagePaths } from './image-paths';
import { RecordHistory } from '../history/record-history';

/**
 * Editing a record: saved only when the server agrees (its field errors show on the fields),
 * then the page stays so the history below shows the change at once.
 */
export default function ResourceEdit() {
  const def = useResourceDef();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider();
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource });
  const include = includesOf(def);
  return (
    <Edit
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ meta: { include } }}
      mutationOptions={{ meta: { include } }}
      transform={(data: Record<string, unknown>, options?: { previousData: RaRecord }) =>
        resolveImagePaths(dataProvider, def, data, options?.previousData)
      }
      actions={
        <TopToolbar>
          <ShowButton />
        </TopToolbar>
      }
    >
      <ResourceForm def={def} canDelete={canDelete} />
      <RecordHistory />
    </Edit>
  );
}
