import { Create } from 'react-admin';
import { ResourceForm } from './resource-form';
import { includesOf, useResourceDef } from './use-resource-def';

/** Marks the generic creation form: the same form as the edit screen's, which the accessibility sweep checks. */
export const GENERIC_CREATE_CLASS = 'umpire-generic-create';

/**
 * Creating a record. Resources listed newest first (sponsors, venues, broadcasters) go back to
 * the list, where the new record heads it; others open the new record.
 */
export default function ResourceCreate() {
  const def = useResourceDef();
  return (
    <Create
      className={GENERIC_CREATE_CLASS}
      redirect={def.newestFirst ? 'list' : 'edit'}
      mutationOptions={{ meta: { include: includesOf(def) } }}
    >
      <ResourceForm def={def} />
    </Create>
  );
}
