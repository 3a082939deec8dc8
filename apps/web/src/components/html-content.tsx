import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import { sanitizeHtml } from '../lib/sanitize.ts';

export interface HtmlContentProps {
  html: string;
  className?: string;
}

/**
 * The only way the app renders HTML from the server: always through DOMPurify.
 * Only lazy chunks (content pages, message boxes, footer modals) import it, so DOMPurify
 * stays off the sign-in page.
 */
export function HtmlContent({ html, className }: HtmlContentProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Typography className={className}>
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
