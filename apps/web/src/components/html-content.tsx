import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import { headingsFrom, sanitizeHtml } from '../lib/sanitize.ts';
import classes from './html-content.module.css';

export interface HtmlContentProps {
  html: string;
  /**
   * The level the body's highest heading takes: one below the heading it is shown under (2 under
   * a page's h1; 3 in a dialog, whose title is an h2). The others keep their distance below it.
   */
  headingLevel: 2 | 3;
  className?: string;
}

/**
 * The only way the app renders HTML from the server: always through DOMPurify.
 * Only lazy chunks (content pages, message boxes, footer modals) import it, so DOMPurify
 * stays off the sign-in page.
 */
export function HtmlContent({ html, headingLevel, className }: HtmlContentProps) {
  const clean = useMemo(() => headingsFrom(sanitizeHtml(html), headingLevel), [html, headingLevel]);
  return (
    <Typography className={className ? `${classes.content} ${className}` : classes.content}>
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
