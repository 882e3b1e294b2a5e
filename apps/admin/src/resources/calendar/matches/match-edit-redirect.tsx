import { Navigate, useParams } from 'react-router';
import { matchFormPath } from './paths';

/** A match opened from the list (`/matches/{id}`) is edited in the match centre. */
export default function MatchEditRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={matchFormPath(id)} replace />;
}
