import type { ReactNode } from 'react';
import { Edit, ShowButton, TopToolbar, useCanAccess, useResourceContext } from 'react-admin';
import { ResourceForm } from './resource-form';
import { includesOf, useResourceDef } from './use-resource-def';
import { RecordHistory } from '../history/record-history';

/**
 * Editing a record: saved only when the server agrees (its field errors show on the fields),
 * then the page stays so the history below shows the change at once. `children` go between the
 * form and the history (a feature's panel: a playlist's events in order).
 */
export default function ResourceEdit({ children }: { children?: ReactNode }) {
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
      {children}
      <RecordHistory />
    </Edit>
  );
}
