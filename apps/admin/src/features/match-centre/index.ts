/** The live match centre: the match form's screen (incidents, lineups, live updates). */
export { default as MatchCentre } from './match-centre';
