import { useState } from 'react';
import { Box, Button, Chip, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import CheckIcon from '@mui/icons-material/Check';
import { useQueryClient } from '@tanstack/react-query';
import { Confirm, useCanAccess, useDataProvider, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { ReorderableList } from '../../framework/ui/reorderable-list';
import { EmptyState, LoadError } from '../../framework/ui/page-layout';
import { ImageThumbnail } from '../../framework/generic/image-thumbnail';
import { answerWrites, movedPositions, type AnswerDraft, type QuestionDraft } from './model';
import { QuestionDialog } from './question-dialog';

interface AnswerRecord extends RaRecord {
  text: string;
  is_correct: boolean;
  position: number;
  image_id: string | null;
}

interface QuestionRecord extends RaRecord {
  text: string;
  position: number;
  image_id: string | null;
  image?: { path?: string | null };
  quiz_answers?: AnswerRecord[];
}

const META = { include: ['image', 'quiz_answers'] };
const byPosition = (a: { position: number; id: RaRecord['id'] }, b: { position: number; id: RaRecord['id'] }) => a.position - b.position || Number(a.id) - Number(b.id);

/**
 * The questions of a quiz, in order: moved by dragging, the arrows or Alt+↑/↓ (saved at once),
 * each edited in a dialog with its answers (the correct ones marked) and images, and deleted
 * after confirmation. Spec §8: question and answer writes show no success pop-up; the list
 * showing the saved question is the confirmation.
 */
export function QuestionsEditor({ quizId }: { quizId: RaRecord['id'] }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const { canAccess: canWrite } = useCanAccess({ action: 'edit', resource: 'quiz_questions' });
  const filter = { quiz_id: quizId };
  const { data, isPending, error, refetch } = useGetList<QuestionRecord>('quiz_questions', {
    filter,
    sort: { field: 'position', order: 'ASC' },
    pagination: { page: 1, perPage: 200 },
    meta: META,
  });
  const [order, setOrder] = useState<QuestionRecord[] | null>(null);
  const [editing, setEditing] = useState<QuestionDraft | null>(null);
  const [deleting, setDeleting] = useState<QuestionRecord | null>(null);
  const questions = order ?? [...(data ?? [])].sort(byPosition);

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: ['quiz_questions'] });
    await refetch();
    setOrder(null);
  };

  const move = async (from: number, to: number) => {
    const next = [...questions];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    setOrder(next);
    try {
      for (const { id, position } of movedPositions(questions.map((q) => ({ id: String(q.id), position: q.position })), from, to))
        await dataProvider.update('quiz_questions', { id, data: { position }, previousData: questions.find((q) => String(q.id) === id)! });
    } catch {
      // The error pop-up has told what went wrong; show the stored order again.
    }
    await reload();
  };

  const save = async (draft: QuestionDraft) => {
    const stored = questions.find((q) => String(q.id) === String(draft.id));
    let id = draft.id;
    if (stored) {
      await dataProvider.update('quiz_questions', { id: stored.id, data: { text: draft.text, image_id: draft.image_id ?? null }, previousData: stored });
    } else {
      const position = questions.length ? Math.max(...questions.map((q) => q.position)) + 1 : 0;
      const made = await dataProvider.create<RaRecord>('quiz_questions', { data: { text: draft.text, image_id: draft.image_id ?? null, quiz_id: quizId, position } });
      id = String(made.data.id);
    }
    const storedAnswers = (stored?.quiz_answers ?? []).map((a) => ({ id: String(a.id), text: a.text, is_correct: a.is_correct, image_id: a.image_id ?? null, position: a.position }));
    const writes = answerWrites(storedAnswers, draft.answers ?? []);
    for (const a of writes.remove) await dataProvider.delete('quiz_answers', { id: a, previousData: { id: a } });
    for (const a of writes.update) await dataProvider.update('quiz_answers', { id: a.id, data: a, previousData: storedAnswers.find((s) => s.id === a.id)! });
    for (const a of writes.create) await dataProvider.create('quiz_answers', { data: { ...a, quiz_question_id: id } });
    setEditing(null);
    await reload();
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await dataProvider.delete('quiz_questions', { id: deleting.id, previousData: deleting });
    } finally {
      setDeleting(null);
      await reload();
    }
  };

  if (error) return <LoadError onRetry={() => void refetch()} />;
  if (isPending) return <Skeleton variant="rectangular" height={240} />;

  const draftOf = (q: QuestionRecord): QuestionDraft => ({
    id: String(q.id),
    text: q.text,
    image_id: q.image_id ?? null,
    answers: [...(q.quiz_answers ?? [])].sort(byPosition).map((a): AnswerDraft => ({ id: String(a.id), text: a.text, is_correct: a.is_correct, image_id: a.image_id ?? null })),
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {canWrite && (
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ text: '', answers: [{ text: '', is_correct: true }, { text: '', is_correct: false }] })}>
            {translate('quizPage.addQuestion')}
          </Button>
        </Box>
      )}
      {!questions.length ? (
        <EmptyState>{translate('quizPage.noQuestions')}</EmptyState>
      ) : (
        <ReorderableList
          testId="quiz-questions"
          items={questions}
          keyOf={(q) => String(q.id)}
          nameOf={(q) => q.text}
          onMove={(from, to) => void move(from, to)}
          renderItem={(q) => {
            const answers = [...(q.quiz_answers ?? [])].sort(byPosition);
            return (
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 0.5 }}>
                {q.image?.path && <ImageThumbnail path={q.image.path} size={40} alt="" />}
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body1">{q.text}</Typography>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }} aria-label={translate('quizPage.answerCount', { count: answers.length, smart_count: answers.length })}>
                    {answers.map((a) => (
                      <Chip
                        key={a.id}
                        size="small"
                        label={a.is_correct ? `${a.text} (${translate('quizPage.correct')})` : a.text}
                        color={a.is_correct ? 'success' : 'default'}
                        variant={a.is_correct ? 'filled' : 'outlined'}
                        icon={a.is_correct ? <CheckIcon /> : undefined}
                      />
                    ))}
                  </Box>
                </Box>
              </Box>
            );
          }}
          renderActions={(q) =>
            canWrite && (
              <>
                <Tooltip title={translate('quizPage.editQuestion', { name: q.text })}>
                  <IconButton size="small" aria-label={translate('quizPage.editQuestion', { name: q.text })} onClick={() => setEditing(draftOf(q))}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={translate('quizPage.deleteQuestion', { name: q.text })}>
                  <IconButton size="small" color="error" aria-label={translate('quizPage.deleteQuestion', { name: q.text })} onClick={() => setDeleting(q)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            )
          }
        />
      )}
      {editing && <QuestionDialog question={editing} onClose={() => setEditing(null)} onSave={save} />}
      <Confirm
        isOpen={!!deleting}
        title="ra.message.delete_title"
        content={translate('quizPage.confirmDeleteQuestion', { name: deleting?.text ?? '' })}
        translateOptions={{ name: translate('resources.quiz_questions.name', { smart_count: 1 }), id: deleting?.id }}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
