import { DataTable, useTranslate } from 'react-admin';
import ResourceList from '../../../framework/generic/resource-list';
import { BanToggle } from '../../../features/quiz-builder';

/** Every quiz's attempts, with the generic filters (quiz, fan, score, time, banned) and the ban toggle. */
export default function AttemptList() {
  const translate = useTranslate();
  return <ResourceList leading={<DataTable.Col source="ban" disableSort label={translate('quizPage.banColumn')}><BanToggle /></DataTable.Col>} />;
}
