import { Typography } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { prizeForRank, type PrizeRange } from './model';

/** The prize a ranking row wins (from its quiz's prizes, one request per quiz). */
export function PrizeField() {
  const record = useRecordContext<{ rank: number; quiz_id: string }>();
  const translate = useTranslate();
  const { data } = useGetList<PrizeRange & { id: string }>(
    'quiz_prizes',
    { filter: { quiz_id: record?.quiz_id }, pagination: { page: 1, perPage: 200 }, sort: { field: 'rank_from', order: 'ASC' } },
    { enabled: !!record?.quiz_id, staleTime: 60_000 },
  );
  const prize = record ? prizeForRank(data ?? [], record.rank) : undefined;
  return <Typography variant="body2">{prize?.name ?? translate('quizPage.noPrize')}</Typography>;
}
