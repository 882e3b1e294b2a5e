import type { ReactNode } from 'react';
import type { ComponentKind } from '@umpire/schema/content/enums';
import type { RendererProps } from './parts';
import {
  Advertisement, Gallery, HeroMain, HeroThematic, Iframe, ImageBlock, News, ProductList, Quiz, Quotation, SocialMedia, Survey, TextBlock, Video,
} from './kinds/editorial';
import {
  Club, ClubList, CompetitionSeasonStatistics, Group, MatchListBlock, MatchPredictorRanking, Round, Schedule, Squad,
} from './kinds/football';
import { MatchCentre } from './kinds/match-centre';
import { Player } from './kinds/people';
import { Events, OttExternalContent, OttFormat, OttFormatList, OttHeroMain, OttPlaylist, OttPlaylistList } from './kinds/ott';
import { Branding, MainMenu, PageFooter, PageHeader } from './kinds/site';

/**
 * A renderer draws one component of its kind from the component, its settings and the records it
 * links to (through the context's resolver). Renderers are plain functions without hooks or state,
 * so the website renders them on the server and the builder's preview in the browser alike; what
 * is live or interactive carries `data-*` attributes for the website's hydration to pick up.
 * A renderer returns null when there is nothing to show (a required link missing or unresolved).
 */
export type Renderer = (props: RendererProps) => ReactNode;

/**
 * One renderer per component kind declared in @umpire/schema (content/component-kinds.ts). Typed
 * by the kinds, so a kind without a renderer does not compile; registry.test.ts checks it too.
 */
export const renderers: Record<ComponentKind, Renderer> = {
  advertisement: Advertisement,
  competition_season_statistics: CompetitionSeasonStatistics,
  club: Club,
  gallery: Gallery,
  page_header: PageHeader,
  hero_main: HeroMain,
  hero_thematic: HeroThematic,
  round: Round,
  group: Group,
  schedule: Schedule,
  social_media: SocialMedia,
  quiz: Quiz,
  match: MatchCentre,
  iframe: Iframe,
  image: ImageBlock,
  news: News,
  quotation: Quotation,
  text: TextBlock,
  ott_format: OttFormat,
  ott_format_list: OttFormatList,
  ott_playlist: OttPlaylist,
  ott_playlist_list: OttPlaylistList,
  ott_hero_main: OttHeroMain,
  ott_external_content: OttExternalContent,
  club_list: ClubList,
  match_list: MatchListBlock,
  survey: Survey,
  product_list: ProductList,
  events: Events,
  squad: Squad,
  video: Video,
  page_footer: PageFooter,
  branding: Branding,
  match_predictor_ranking: MatchPredictorRanking,
  main_menu: MainMenu,
  player: Player,
};

/** The renderer of a kind, when the kind is known. */
export function rendererOf(kind: string): Renderer | undefined {
  return Object.hasOwn(renderers, kind) ? renderers[kind as ComponentKind] : undefined;
}
