import { Alert, Box, Button, Card, CardContent, CircularProgress, List as MuiList, ListItem, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import Refresh from '@mui/icons-material/Refresh';
import Download from '@mui/icons-material/Download';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@mui/x-charts/BarChart';
import { downloadCSV, useTranslate } from 'react-admin';
import type { QuestionResult } from '@umpire/schema';
import { getOne } from '../../providers/json-api';
import { formatNumber } from '../../lib/locale';
import { trailing, watchContent } from '../../lib/content-channel';
import { LIVE_REFRESH_MS, resultsCsv, type SurveyResultsRecord } from './results-model';

/**
 * A survey's results: bars with counts and shares per question, the free-text answers, and a CSV
 * export. While the survey takes answers they follow them live: each fan's answer is announced on
 * /cable's ContentChannel, and a burst of them is one refresh (and on demand).
 */
export function SurveyResultsPanel({ surveyId, title }: { surveyId: string; title: string }) {
  const translate = useTranslate();
  const query = useQuery({
    queryKey: ['surveys', surveyId, 'results'],
    queryFn: async () => (await getOne<SurveyResultsRecord>(`/surveys/${surveyId}/results`)).data,
  });
  const results = query.data;
  const open = !!results?.open;
  const { refetch } = query;
  useEffect(() => {
    if (!open) return;
    const refresh = trailing(() => void refetch(), LIVE_REFRESH_MS);
    const stop = watchContent(['survey_user_answers'], refresh);
    return () => {
      stop();
      refresh.cancel();
    };
  }, [open, refetch]);
  const exportCsv = () => {
    if (!results) return;
    downloadCSV(resultsCsv(results, (k) => translate(`surveyResults.csv.${k}`)), `${title} — ${translate('surveyResults.title')}`);
  };
  return (
    <Box component="section" aria-labelledby="survey-results-title" sx={{ display: 'grid', gap: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="survey-results-title" variant="h6" component="h2">
          {translate('surveyResults.title')}
        </Typography>
        {results && (
          <Typography color="text.secondary" aria-live="polite" data-testid="survey-respondents">
            {translate('surveyResults.respondents', { smart_count: results.respondents })}
            {results.open ? ` · ${translate('surveyResults.live')}` : ''}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<Refresh />} onClick={() => void query.refetch()} disabled={query.isFetching}>
          {translate('surveyResults.refresh')}
        </Button>
        <Button startIcon={<Download />} onClick={exportCsv} disabled={!results}>
          {translate('surveyResults.export')}
        </Button>
      </Stack>
      {query.isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
      {query.isError && <Alert severity="error">{translate('surveyResults.loadFailed')}</Alert>}
      {results && results.questions.length === 0 && <Alert severity="info">{translate('surveyResults.noQuestions')}</Alert>}
      {results?.questions.map((q, i) => <QuestionCard key={q.id} question={q} index={i} />)}
    </Box>
  );
}

function QuestionCard({ question: q, index }: { question: QuestionResult; index: number }) {
  const translate = useTranslate();
  const headingId = `survey-question-${q.id}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="subtitle1" component="h3">
          {index + 1}. {q.prompt}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`resources.survey_questions.choices.kind.${q.kind}`)} · {translate('surveyResults.answered', { smart_count: q.answered })}
        </Typography>
        {q.kind === 'text' ? <TextAnswers texts={q.texts} /> : <ChoiceChart question={q} />}
      </CardContent>
    </Card>
  );
}

function ChoiceChart({ question: q }: { question: QuestionResult }) {
  const translate = useTranslate();
  const label = (a: QuestionResult['answers'][number]) => `${a.text} — ${formatNumber(a.count)} (${formatNumber(a.percentage)}%)`;
  return (
    <Box>
      <Box aria-hidden data-testid="survey-chart">
        <BarChart
          height={Math.max(160, q.answers.length * 40 + 40)}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: q.answers.map((a) => a.text), width: 180 }]}
          xAxis={[{ tickMinStep: 1, min: 0 }]}
          series={[
            {
              data: q.answers.map((a) => a.count),
              label: translate('surveyResults.csv.count'),
              color: '#14613a',
              valueFormatter: (v, { dataIndex }) => (v === null ? '' : label(q.answers[dataIndex])),
            },
          ]}
          barLabel={(item) => {
            const a = q.answers[item.dataIndex];
            return a ? `${formatNumber(a.count)} (${formatNumber(a.percentage)}%)` : '';
          }}
          hideLegend
          margin={{ left: 4, right: 24, top: 8, bottom: 8 }}
        />
      </Box>
      {/* The same figures for screen readers and for copying. */}
      <Box component="table" sx={visuallyHidden}>
        <caption>{q.prompt}</caption>
        <thead>
          <tr>
            <th scope="col">{translate('surveyResults.csv.answer')}</th>
            <th scope="col">{translate('surveyResults.csv.count')}</th>
            <th scope="col">{translate('surveyResults.csv.percentage')}</th>
          </tr>
        </thead>
        <tbody>
          {q.answers.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.text}</th>
              <td>{a.count}</td>
              <td>{formatNumber(a.percentage)}%</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function TextAnswers({ texts }: { texts: string[] }) {
  const translate = useTranslate();
  if (!texts.length) return <Typography sx={{ mt: 1 }}>{translate('surveyResults.noTexts')}</Typography>;
  return (
    <MuiList dense aria-label={translate('surveyResults.texts')}>
      {texts.map((text, i) => (
        <ListItem key={i} divider>
          {text}
        </ListItem>
      ))}
    </MuiList>
  );
}
