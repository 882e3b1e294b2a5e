import { Create, useNavigate } from 'react-admin';
import { ResourceForm } from '../../../framework/generic/resource-form';
import { useResourceDef } from '../../../framework/generic/use-resource-def';
import { matchFormPath } from './paths';

/**
 * Spec §2: after a new match is created the app goes to its match form and replaces the history
 * entry, so "back" does not return to an empty creation form.
 */
export default function MatchCreate() {
  const def = useResourceDef();
  const navigate = useNavigate();
  return (
    <Create
      mutationOptions={{ onSuccess: (match: { id: string }) => navigate(matchFormPath(match.id), { replace: true }) }}
    >
      <ResourceForm def={def} />
    </Create>
  );
}
