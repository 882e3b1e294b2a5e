import { useState } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { Title, useRedirect, useTranslate } from 'react-admin';
import { HttpFailure } from '../../providers/http-client';
import { errorMessage } from '../../providers/data-provider';
import { articlesApi } from './api';

/** A new article starts with its Polish title; the article page takes it from there. */
export default function ArticleCreate() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = () =>
    articlesApi()
      .create(title)
      .then((id) => redirect('edit', 'articles', id))
      .catch((e) => setError(e instanceof HttpFailure && e.errors[0] ? errorMessage(e.errors[0]) : String(e)));
  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Title title={translate('articlesPage.create')} />
      <Card>
        <CardContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('articlesPage.createHelp')}
          </Typography>
          <Box component="form" onSubmit={(e) => (e.preventDefault(), void create())}>
            <TextField id="article-new-title" fullWidth required label={translate('resources.articles.fields.title')} value={title} onChange={(e) => setTitle(e.target.value)} error={!!error} helperText={error ?? ' '} />
            <Button type="submit" variant="contained">
              {translate('ra.action.create')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
