import { Box, Button, Card, Chip, Skeleton, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  Create,
  DataTable,
  EditBase,
  LinkBase,
  ResourceContextProvider,
  Title,
  useCanAccess,
  useCreatePath,
  useGetOne,
  useGetRecordId,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { resourceDef } from '../../../framework/definitions';
import { ResourceForm } from '../../../framework/generic/resource-form';
import ResourceList from '../../../framework/generic/resource-list';
import { RecordHistory } from '../../../framework/history/record-history';
import { LoadError, PageTabs, RecordBreadcrumbs } from '../../../framework/ui/page-layout';
import { BanToggle, PrizeField, QuestionsEditor } from '../../../features/quiz-builder';

interface QuizRecord extends RaRecord {
  title?: string;
  refused_attempts?: number;
  is_published?: boolean;
}

const META = { include: ['image'] };

/** A new quiz opens on its own page, where its questions, prizes and attempts are. */
export function QuizCreate() {
  return (
    <Create redirect="edit" mutationOptions={{ meta: META }}>
      <ResourceForm def={resourceDef('quizzes')!} />
    </Create>
  );
}

/**
 * A quiz's page: its details, the questions builder, its prizes by rank, the fans' attempts
 * (with the ban toggle) and the ranking computed from them with each rank's prize.
 */
export default function QuizEdit() {
  const id = useGetRecordId();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource: 'quizzes' });
  const { canAccess: canAddPrize } = useCanAccess({ action: 'create', resource: 'quiz_prizes' });
  const { data: quiz, error, refetch } = useGetOne<QuizRecord>('quizzes', { id, meta: META });
  if (error && !quiz) return <Box sx={{ py: 2 }}><LoadError onRetry={() => void refetch()} /></Box>;
  const embedded = (storeKey: string, actions?: React.ReactNode) => ({ filter: { quiz_id: id }, storeKey: `quiz.${id}.${storeKey}`, actions });

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={quiz?.title ?? translate('resources.quizzes.name', { smart_count: 1 })} />
      <Box component="header" sx={{ display: 'grid', gap: 0.5 }}>
        <RecordBreadcrumbs resource="quizzes" name={quiz?.title} />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', md: '1.8rem' }, fontWeight: 600 }}>
            {quiz ? quiz.title : <Skeleton width={260} />}
          </Typography>
          {quiz && <Chip size="small" color={quiz.refused_attempts ? 'warning' : 'default'} label={translate('quizPage.refused', { count: quiz.refused_attempts ?? 0 })} />}
        </Box>
      </Box>
      <PageTabs
        label={translate('resources.quizzes.name', { smart_count: 1 })}
        tabs={[
          {
            id: 'details',
            label: translate('quizPage.tabs.details'),
            render: () => (
              <EditBase resource="quizzes" id={id} mutationMode="pessimistic" redirect={false} queryOptions={{ meta: META }} mutationOptions={{ meta: META }}>
                <Card>
                  <ResourceForm def={resourceDef('quizzes')!} canDelete={canDelete} />
                  <RecordHistory />
                </Card>
              </EditBase>
            ),
          },
          { id: 'questions', label: translate('quizPage.tabs.questions'), render: () => <QuestionsEditor quizId={id} /> },
          {
            id: 'prizes',
            label: translate('quizPage.tabs.prizes'),
            render: () => (
              <ResourceContextProvider value="quiz_prizes">
                <ResourceList
                  embedded={embedded(
                    'prizes',
                    canAddPrize && (
                      <Button component={LinkBase} to={{ pathname: createPath({ resource: 'quiz_prizes', type: 'create' }), search: `?source=${encodeURIComponent(JSON.stringify({ quiz_id: id }))}` }} startIcon={<AddIcon />} size="small">
                        {translate('quizPage.addPrize')}
                      </Button>
                    ),
                  )}
                />
              </ResourceContextProvider>
            ),
          },
          {
            id: 'attempts',
            label: translate('quizPage.tabs.attempts'),
            render: () => (
              <ResourceContextProvider value="quiz_user_attempts">
                <ResourceList embedded={embedded('attempts')} leading={<DataTable.Col source="ban" disableSort label={translate('quizPage.banColumn')}><BanToggle /></DataTable.Col>} />
              </ResourceContextProvider>
            ),
          },
          {
            id: 'ranking',
            label: translate('quizPage.tabs.ranking'),
            render: () => (
              <ResourceContextProvider value="quiz_rankings">
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {translate('quizPage.rankingHint')}
                </Typography>
                <ResourceList embedded={embedded('ranking')} trailing={<DataTable.Col source="prize" label={translate('quizPage.prize')} disableSort><PrizeField /></DataTable.Col>} />
              </ResourceContextProvider>
            ),
          },
        ]}
      />
    </Box>
  );
}
