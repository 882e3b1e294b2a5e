import { DataTable, useTranslate } from 'react-admin';
import ResourceList from '../../../framework/generic/resource-list';
import { PrizeField } from '../../../features/quiz-builder';

/** Rankings of every quiz (filter by quiz), computed from the attempts, with each rank's prize. */
export default function RankingList() {
  const translate = useTranslate();
  return <ResourceList trailing={<DataTable.Col source="prize" label={translate('quizPage.prize')} disableSort><PrizeField /></DataTable.Col>} />;
}
