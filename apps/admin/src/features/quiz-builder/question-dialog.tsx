import { useState } from 'react';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  Form,
  ResourceContextProvider,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import type { RelationshipManifest } from '@umpire/schema/manifest';
import { ImageLinkInput } from '../../framework/generic/image-link-input';
import { imagePicker } from '../../framework/generic/image-picker-slot';
import { requiredValidator } from '../../framework/generic/validation';
import { AddItemButton, FormDialogActions, FormDialogIssue } from '../../framework/ui/form-dialog';
import { submissionErrors } from '../../framework/ui/server-errors';
import { questionIssue, type QuestionDraft } from './model';

const IMAGE: RelationshipManifest = { name: 'image', kind: 'belongsTo', type: 'images', required: false, source: 'image_id' };

export interface QuestionDialogProps {
  /** The question edited (with its answers), or a new one. */
  question: QuestionDraft;
  onClose: () => void;
  /** Writes the question and its answers; a rejection with field errors shows them in the form. */
  onSave: (draft: QuestionDraft) => Promise<void>;
}

/**
 * One question: its text, an image from the media library, and its answers in order (reordered
 * with the iterator's arrows), each marked correct or not: one or several.
 */
export function QuestionDialog({ question, onClose, onSave }: QuestionDialogProps) {
  const translate = useTranslate();
  const Picker = imagePicker();
  const [issue, setIssue] = useState<string | null>(null);
  const titleId = 'quiz-question-dialog-title';

  const submit = async (values: Record<string, unknown>) => {
    const draft = values as QuestionDraft;
    const problem = questionIssue(draft);
    if (problem) {
      setIssue(translate(`quizPage.${problem}`));
      return;
    }
    setIssue(null);
    try {
      await onSave({ ...draft, answers: (draft.answers ?? []).filter((a) => (a.text ?? '').trim() !== '') });
    } catch (error) {
      return submissionErrors(error);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <ResourceContextProvider value="quiz_questions">
        <Form record={question} onSubmit={submit}>
          <DialogTitle id={titleId}>{question.id ? translate('quizPage.questionDialog') : translate('quizPage.newQuestion')}</DialogTitle>
          <DialogContent>
            <TextInput source="text" label={translate('resources.quiz_questions.fields.text')} validate={requiredValidator} multiline fullWidth autoFocus />
            {Picker && <ImageLinkInput rel={IMAGE} Picker={Picker} />}
            <ResourceContextProvider value="quiz_answers">
              <ArrayInput source="answers" label={translate('quizPage.answers')}>
                <SimpleFormIterator inline disableClear addButton={<AddItemButton label={translate('quizPage.addAnswer')} />}>
                  <TextInput source="text" label={translate('resources.quiz_answers.fields.text')} validate={requiredValidator} sx={{ minWidth: 260 }} />
                  <BooleanInput source="is_correct" label={translate('resources.quiz_answers.fields.is_correct')} />
                </SimpleFormIterator>
              </ArrayInput>
            </ResourceContextProvider>
            <FormDialogIssue issue={issue} />
          </DialogContent>
          <FormDialogActions onCancel={onClose} />
        </Form>
      </ResourceContextProvider>
    </Dialog>
  );
}
