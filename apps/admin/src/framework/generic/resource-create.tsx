import { Create, useDataProvider } from 'react-admin';
import { ResourceForm } from './resource-form';
import { includesOf, useResourceDef } from './use-resource-def';
import { resolveImagePaths } from './image-paths';

/**
 * Creating a record. Resources listed newest first (sponsors, venues, broadcasters) go back to
 * the list, where the new record heads it; others open the new record.
 */
export default function ResourceCreate() {
  const def = useResourceDef();
  const dataProvider = useDataProvider();
  return (
    <Create
      redirect={def.newestFirst ? 'list' : 'edit'}
      transform={(data: Record<string, unknown>) => resolveImagePaths(dataProvider, def, data)}
      mutationOptions={{ meta: { include: includesOf(def) } }}
    >
      <ResourceForm def={def} />
    </Create>
  );
}
