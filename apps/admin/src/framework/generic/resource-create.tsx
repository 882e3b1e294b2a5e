import { Create } from 'react-admin';
import { ResourceForm } from './resource-form';
import { includesOf, useResourceDef } from './use-resource-def';

/**
 * Creating a record. Resources listed newest first (sponsors, venues, broadcasters) go back to
 * the list, where the new record heads it; others open the new record.
 */
export default function ResourceCreate() {
  const def = useResourceDef();
  return (
    <Create
      redirect={def.newestFirst ? 'list' : 'edit'}
      mutationOptions={{ meta: { include: includesOf(def) } }}
    >
      <ResourceForm def={def} />
    </Create>
  );
}
