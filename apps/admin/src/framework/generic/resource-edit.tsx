import { Edit, ShowButton, TopToolbar, useCanAccess, useResourceContext } from 'react-admin';
import { ResourceForm } from './resource-form';
import { includesOf, useResourceDef } from './use-resource-def';
import { RecordHistory } from '../history/record-history';

/**
 * Editing a record: saved only when the server agrees (its field errors show on the fields),
 * then the page stays so the history below shows the change at once.
 */
export default function ResourceEdit() {
  const def = useResourceDef();
  const resource = useResourceContext()!;
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource });
  const include = includesOf(def);
  return (
    <Edit
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ meta: { include } }}
      mutationOptions={{ meta: { include } }}
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
