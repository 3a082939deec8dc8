import { Alert, Box, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HtmlContent } from '../../../components/html-content.tsx';
import { APP_NAME, PageTitle } from '../../../components/page-title.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useContent } from '../../../api/content.ts';
import { useIsLoggedIn } from '../../../api/session-context.tsx';

interface ContentViewProps {
  contentKey: string;
  /** A page title that replaces the stored one, e.g. 'How it Works'. */
  title?: string;
}

const NOT_FOUND_FALLBACK = 'Sorry, we could not find that page.';

/** One content page by key: title as the page heading, sanitized HTML below it. */
export function ContentView({ contentKey, title }: ContentViewProps) {
  const key = contentKey.trim();
  const query = useContent(key);
  const heading = title ?? query.data?.title ?? '';
  const isLoggedIn = useIsLoggedIn();

  return (
    <Box maw={880}>
      {!key ? (
        <Problem text="Invalid Key" />
      ) : query.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading content">
          <Skeleton height={36} width="60%" />
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
        </Stack>
      ) : query.isError ? (
        <ContentError error={query.error} />
      ) : (
        <article>
          <PageTitle title={heading} />
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <HtmlContent
              html={forReader(withoutRepeatedTitle(query.data.content, [heading, query.data.title]), isLoggedIn)}
              headingLevel={2}
            />
          </Paper>
        </article>
      )}
    </Box>
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Authors often open the body with the page title again; the page already shows it as h1. */
export function withoutRepeatedTitle(html: string, titles: string[]): string {
  for (const title of titles.filter(Boolean)) {
    const repeated = new RegExp(`^\\s*<h[1-3][^>]*>\\s*${escapeRegExp(title)}\\s*</h[1-3]>`, 'i');
    if (repeated.test(html)) return html.replace(repeated, '');
  }
  return html;
}

/** The class that marks what only a signed-out visitor reads (a "Sign in to…" line). */
export const SIGNED_OUT_ONLY = 'signed-out-only';

/**
 * Content pages are shared by signed-out visitors and members; a member is not told to sign in
 * (decision 0099). Authors mark such text with the class `signed-out-only` (the one attribute the
 * content sanitizer keeps), and it is left out for a signed-in member.
 */
export function forReader(html: string, isLoggedIn: boolean): string {
  if (!isLoggedIn || !html.includes(SIGNED_OUT_ONLY)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const node of template.content.querySelectorAll(`.${SIGNED_OUT_ONLY}`)) node.remove();
  return template.innerHTML;
}

function ContentError({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status === 404) {
    return <NotFound text={error.problem?.message || NOT_FOUND_FALLBACK} />;
  }
  return <Problem text="Error retrieving content" />;
}

function NotFound({ text }: { text: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560}>
      <title>{`Page not found · ${APP_NAME}`}</title>
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h3">
          {text}
        </Title>
        <Text c="dimmed">The link may be out of date, or the page may have moved.</Text>
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      </Stack>
    </Paper>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <>
      <title>{APP_NAME}</title>
      <Alert color="red" variant="light" title={text} maw={560} />
    </>
  );
}
