import { ResourceContextProvider } from 'react-admin';
import { useParams } from 'react-router';
import { MatchCentre } from '../../../features/match-centre';

/**
 * /competitions/matches/form/{id} (spec §2): the match form is the match centre, where the
 * match's own fields are edited next to its incidents, lineups and statistics.
 */
export default function MatchFormRoute() {
  const { id = '' } = useParams();
  return (
    <ResourceContextProvider value="matches">
      {/* A new id is another match: nothing of the previous one carries over. */}
      <MatchCentre key={id} id={id} />
    </ResourceContextProvider>
  );
}
