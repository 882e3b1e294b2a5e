import { ResourceContextProvider } from 'react-admin';
import ResourceEdit from '../../generic/resource-edit';

/** /competitions/matches/form/{id}: the record comes from the route's `id`. */
export default function MatchFormRoute() {
  return (
    <ResourceContextProvider value="matches">
      <ResourceEdit />
    </ResourceContextProvider>
  );
}
