// Every resource's server-side rules, loaded once so the engine finds them by type.
import './matches/rules';
import './media/images/image-rules';
import './media/videos/video-rules';
import './content/component-rules';
import './content/page-publication';
import './surveys/survey-rules';
import './comments/comment-rules';
import './push/push-rules';
import './push/match-alerts';
import './match-predictor/rules';
import './quizzes/rules';
import './quizzes/ranking';
import './ott/rules';
import './delivery-keys/rules';
