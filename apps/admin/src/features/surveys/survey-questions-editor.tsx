import { useState } from 'react';
import { Box, Button, Chip, Dialog, DialogContent, DialogTitle, IconButton, List as MuiList, ListItem, Skeleton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrayInput,
  BooleanInput,
  Confirm,
  Form,
  FormDataConsumer,
  ResourceContextProvider,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useCanAccess,
  useDataProvider,
  useGetList,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { requiredValidator } from '../../framework/generic/validation';
import { EmptyState, LoadError } from '../../framework/ui/page-layout';
import { AddItemButton, FormDialogActions, FormDialogIssue } from '../../framework/ui/form-dialog';
import { submissionErrors } from '../../framework/ui/server-errors';
import { filledOptions, optionWrites, surveyQuestionIssue, type SurveyQuestionDraft, type SurveyQuestionKind } from './questions-model';

interface OptionRecord extends RaRecord {
  text: string;
  position: number;
}

interface QuestionRecord extends RaRecord {
  prompt: string;
  kind: SurveyQuestionKind;
  required: boolean;
  position: number;
  answers?: OptionRecord[];
}

const KINDS: SurveyQuestionKind[] = ['single', 'multiple', 'text'];
const byPosition = (a: { position: number; id: RaRecord['id'] }, b: { position: number; id: RaRecord['id'] }) => a.position - b.position || Number(a.id) - Number(b.id);

/**
 * A survey's questions edited in place (issue 10): each in a dialog with its kind, whether it is
 * required and its answer options in order; added and deleted here too. Like the quiz builder's
 * questions (spec §8), these writes show no success pop-up: the list showing them is the answer.
 */
export function SurveyQuestionsEditor({ surveyId }: { surveyId: RaRecord['id'] }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const { canAccess: canWrite } = useCanAccess({ action: 'edit', resource: 'survey_questions' });
  const { data, isPending, error, refetch } = useGetList<QuestionRecord>('survey_questions', {
    filter: { survey_id: surveyId },
    sort: { field: 'position', order: 'ASC' },
    pagination: { page: 1, perPage: 200 },
    meta: { include: ['answers'] },
  });
  const [editing, setEditing] = useState<SurveyQuestionDraft | null>(null);
  const [deleting, setDeleting] = useState<QuestionRecord | null>(null);
  const questions = [...(data ?? [])].sort(byPosition);

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: ['survey_questions'] });
    await queryClient.invalidateQueries({ queryKey: ['surveys', String(surveyId), 'results'] });
    await refetch();
  };

  const save = async (draft: SurveyQuestionDraft) => {
    const stored = questions.find((q) => String(q.id) === String(draft.id));
    const values = { prompt: draft.prompt, kind: draft.kind ?? 'single', required: !!draft.required };
    let id = draft.id;
    if (stored) await dataProvider.update('survey_questions', { id: stored.id, data: values, previousData: stored });
    else {
      const position = questions.length ? Math.max(...questions.map((q) => q.position)) + 1 : 1;
      id = String((await dataProvider.create<RaRecord>('survey_questions', { data: { ...values, position, survey_id: surveyId } })).data.id);
    }
    const storedOptions = (stored?.answers ?? []).map((o) => ({ id: String(o.id), text: o.text, position: o.position }));
    const writes = optionWrites(storedOptions, filledOptions(draft));
    for (const o of writes.remove) await dataProvider.delete('survey_answers', { id: o, previousData: { id: o } });
    for (const o of writes.update) await dataProvider.update('survey_answers', { id: o.id, data: o, previousData: storedOptions.find((s) => s.id === o.id)! });
    for (const o of writes.create) await dataProvider.create('survey_answers', { data: { ...o, question_id: id } });
    setEditing(null);
    await reload();
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await dataProvider.delete('survey_questions', { id: deleting.id, previousData: deleting });
    } finally {
      setDeleting(null);
      await reload();
    }
  };

  if (error) return <LoadError onRetry={() => void refetch()} />;
  if (isPending) return <Skeleton variant="rectangular" height={160} />;

  const draftOf = (q: QuestionRecord): SurveyQuestionDraft => ({
    id: String(q.id),
    prompt: q.prompt,
    kind: q.kind,
    required: q.required,
    options: [...(q.answers ?? [])].sort(byPosition).map((o) => ({ id: String(o.id), text: o.text })),
  });

  return (
    <Box component="section" aria-labelledby="survey-questions-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="survey-questions-title" variant="h6" component="h2">
        {translate('resources.survey_questions.name', { smart_count: 2 })}
      </Typography>
      {!questions.length ? (
        <EmptyState>{translate('surveyResults.noQuestions')}</EmptyState>
      ) : (
        <MuiList data-testid="survey-questions" disablePadding>
          {questions.map((q, i) => (
            <ListItem
              key={q.id}
              divider
              secondaryAction={
                canWrite && (
                  <>
                    <Tooltip title={translate('surveyEditor.edit', { name: q.prompt })}>
                      <IconButton size="small" aria-label={translate('surveyEditor.edit', { name: q.prompt })} onClick={() => setEditing(draftOf(q))}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('surveyEditor.delete', { name: q.prompt })}>
                      <IconButton size="small" color="error" aria-label={translate('surveyEditor.delete', { name: q.prompt })} onClick={() => setDeleting(q)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                )
              }
            >
              <Box sx={{ minWidth: 0, pr: 10 }}>
                <Typography variant="body1">
                  {i + 1}. {q.prompt}
                  {q.required ? ' *' : ''}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                  <Chip size="small" color="primary" variant="outlined" label={translate(`resources.survey_questions.choices.kind.${q.kind}`)} />
                  {[...(q.answers ?? [])].sort(byPosition).map((o) => (
                    <Chip key={o.id} size="small" label={o.text} />
                  ))}
                </Box>
              </Box>
            </ListItem>
          ))}
        </MuiList>
      )}
      {canWrite && (
        <Box>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing({ prompt: '', kind: 'single', required: false, options: [{ text: '' }, { text: '' }] })}>
            {translate('surveyResults.addQuestion')}
          </Button>
        </Box>
      )}
      {editing && <SurveyQuestionDialog question={editing} onClose={() => setEditing(null)} onSave={save} />}
      <Confirm
        isOpen={!!deleting}
        title="ra.message.delete_title"
        content={translate('surveyEditor.confirmDelete', { name: deleting?.prompt ?? '' })}
        translateOptions={{ name: translate('resources.survey_questions.name', { smart_count: 1 }), id: deleting?.id }}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

/** One question: its prompt, kind, whether it is required, and (for a choice) its options in order. */
function SurveyQuestionDialog({ question, onClose, onSave }: { question: SurveyQuestionDraft; onClose: () => void; onSave: (draft: SurveyQuestionDraft) => Promise<void> }) {
  const translate = useTranslate();
  const [issue, setIssue] = useState<string | null>(null);
  const titleId = 'survey-question-dialog-title';
  const submit = async (values: Record<string, unknown>) => {
    const draft = values as SurveyQuestionDraft;
    const problem = surveyQuestionIssue(draft);
    if (problem) {
      setIssue(translate(`surveyEditor.${problem}`));
      return;
    }
    setIssue(null);
    try {
      await onSave(draft);
    } catch (error) {
      return submissionErrors(error);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <ResourceContextProvider value="survey_questions">
        <Form record={question} onSubmit={submit}>
          <DialogTitle id={titleId}>{question.id ? translate('surveyEditor.dialog') : translate('surveyResults.addQuestion')}</DialogTitle>
          <DialogContent>
            <TextInput source="prompt" label={translate('resources.survey_questions.fields.prompt')} validate={requiredValidator} multiline fullWidth autoFocus />
            <SelectInput
              source="kind"
              label={translate('resources.survey_questions.fields.kind')}
              choices={KINDS.map((id) => ({ id, name: translate(`resources.survey_questions.choices.kind.${id}`) }))}
              validate={requiredValidator}
            />
            <BooleanInput source="required" label={translate('resources.survey_questions.fields.required')} />
            <FormDataConsumer<SurveyQuestionDraft>>
              {({ formData }) =>
                formData.kind !== 'text' && (
                  <ResourceContextProvider value="survey_answers">
                    <ArrayInput source="options" label={translate('surveyEditor.options')}>
                      <SimpleFormIterator inline disableClear addButton={<AddItemButton label={translate('surveyEditor.addOption')} />}>
                        <TextInput source="text" label={translate('resources.survey_answers.fields.text')} sx={{ minWidth: 300 }} />
                      </SimpleFormIterator>
                    </ArrayInput>
                  </ResourceContextProvider>
                )
              }
            </FormDataConsumer>
            <FormDialogIssue issue={issue} />
          </DialogContent>
          <FormDialogActions onCancel={onClose} />
        </Form>
      </ResourceContextProvider>
    </Dialog>
  );
}
