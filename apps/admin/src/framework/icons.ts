import type { SvgIconComponent } from '@mui/icons-material';
import SportsSoccer from '@mui/icons-material/SportsSoccer';
import Groups from '@mui/icons-material/Groups';
import Schedule from '@mui/icons-material/Schedule';
import Palette from '@mui/icons-material/Palette';
import Description from '@mui/icons-material/Description';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import Folder from '@mui/icons-material/Folder';
import Notifications from '@mui/icons-material/Notifications';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Settings from '@mui/icons-material/Settings';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import FactCheck from '@mui/icons-material/FactCheck';
import Quiz from '@mui/icons-material/Quiz';
import HelpOutline from '@mui/icons-material/HelpOutline';
import CheckBox from '@mui/icons-material/CheckBox';
import CardGiftcard from '@mui/icons-material/CardGiftcard';
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import OnlinePrediction from '@mui/icons-material/OnlinePrediction';
import Leaderboard from '@mui/icons-material/Leaderboard';
import DateRange from '@mui/icons-material/DateRange';
import Stadium from '@mui/icons-material/Stadium';
import Shield from '@mui/icons-material/Shield';
import Diversity3 from '@mui/icons-material/Diversity3';
import Badge from '@mui/icons-material/Badge';
import Event from '@mui/icons-material/Event';
import Handshake from '@mui/icons-material/Handshake';
import ShoppingBag from '@mui/icons-material/ShoppingBag';
import LocalOffer from '@mui/icons-material/LocalOffer';
import Category from '@mui/icons-material/Category';
import LiveTv from '@mui/icons-material/LiveTv';
import Image from '@mui/icons-material/Image';
import History from '@mui/icons-material/History';
import AccountTree from '@mui/icons-material/AccountTree';
import Workspaces from '@mui/icons-material/Workspaces';
import ViewWeek from '@mui/icons-material/ViewWeek';
import Scoreboard from '@mui/icons-material/Scoreboard';
import Cast from '@mui/icons-material/Cast';
import Flag from '@mui/icons-material/Flag';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import DirectionsRun from '@mui/icons-material/DirectionsRun';
import Timeline from '@mui/icons-material/Timeline';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import Engineering from '@mui/icons-material/Engineering';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import QueryStats from '@mui/icons-material/QueryStats';
import PermMedia from '@mui/icons-material/PermMedia';
import Poll from '@mui/icons-material/Poll';
import RadioButtonChecked from '@mui/icons-material/RadioButtonChecked';
import Forum from '@mui/icons-material/Forum';
import VpnKey from '@mui/icons-material/VpnKey';
import UploadFile from '@mui/icons-material/UploadFile';
import type { SectionName } from '@umpire/schema/resource';

/** Spec §2: the sidebar's section icons. */
export const SECTION_ICONS: Record<SectionName, SvgIconComponent> = {
  football: SportsSoccer,
  team: Groups,
  time: Schedule,
  branding: Palette,
  document: Description,
  video: OndemandVideo,
  folder: Folder,
  notification: Notifications,
  settings: Settings,
  calendar: CalendarMonth,
  award: EmojiEvents,
  match_predictor: OnlinePrediction,
};

/** Icons of resources; a resource without one shows its section's. */
export const RESOURCE_ICONS: Record<string, SvgIconComponent> = {
  competitions: Leaderboard,
  quizzes: Quiz,
  quiz_questions: HelpOutline,
  quiz_answers: CheckBox,
  quiz_prizes: CardGiftcard,
  quiz_user_attempts: AssignmentTurnedIn,
  quiz_rankings: MilitaryTech,
  competition_seasons: DateRange,
  venues: Stadium,
  clubs: Shield,
  teams: Groups,
  squads: Diversity3,
  staff_roles: Badge,
  seasons: Event,
  sponsors: Handshake,
  products: ShoppingBag,
  tags: LocalOffer,
  publication_categories: Category,
  transmission_providers: LiveTv,
  images: Image,
  audit_events: History,
  stages: AccountTree,
  groups: Workspaces,
  rounds: ViewWeek,
  matches: Scoreboard,
  match_transmissions: Cast,
  incidents: Flag,
  lineups: FormatListNumbered,
  players: DirectionsRun,
  career_clubs: Timeline,
  staff_members: SupervisorAccount,
  squad_players: AssignmentInd,
  squad_staff_members: Engineering,
  competition_season_squads: PlaylistAddCheck,
  point_deductions: RemoveCircleOutline,
  statistics: QueryStats,
  files: PermMedia,
  surveys: Poll,
  survey_questions: HelpOutline,
  survey_answers: RadioButtonChecked,
  survey_user_answers: FactCheck,
  comments: Forum,
  match_predictor_rankings: MilitaryTech,
  match_predictor_user_results: FactCheck,
  delivery_keys: VpnKey,
  match_alert_templates: NotificationsActive,
  imports: UploadFile,
};
