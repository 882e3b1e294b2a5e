import { Box, Chip, Divider } from '@mui/material';
import {
  EditButton,
  Labeled,
  NumberField,
  Show,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { SurveyResultsPanel } from './survey-results';
import { SurveyQuestionsEditor } from './survey-questions-editor';
import { DateTimeField } from '../../framework/dates/date-time-field';

/** A survey: its window and status, its questions edited in place, and its results (charts, CSV, live while open). */
export default function SurveyShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <EditButton />
        </TopToolbar>
      }
    >
      <SurveyDetails />
    </Show>
  );
}

function SurveyDetails() {
  const survey = useRecordContext<{ id: string; title: string; status: string }>();
  const translate = useTranslate();
  if (!survey) return null;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' } }}>
        <Labeled source="title">
          <TextField source="title" />
        </Labeled>
        <Labeled source="status">
          <Chip size="small" label={translate(`resources.surveys.choices.status.${survey.status}`)} />
        </Labeled>
        <Labeled source="opens_at">
          <DateTimeField source="opens_at" emptyText="—" />
        </Labeled>
        <Labeled source="closes_at">
          <DateTimeField source="closes_at" emptyText="—" />
        </Labeled>
        <Labeled source="respondents_count">
          <NumberField source="respondents_count" />
        </Labeled>
      </Box>
      <SurveyQuestionsEditor surveyId={survey.id} />
      <Divider />
      <SurveyResultsPanel surveyId={String(survey.id)} title={survey.title} />
    </Box>
  );
}
