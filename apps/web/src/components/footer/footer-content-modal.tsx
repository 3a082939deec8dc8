import { Alert, Loader, Modal, Center } from '@mantine/core';
import { useCachedContent } from '../../api/content.ts';
import { HtmlContent } from '../html-content.tsx';

export const CONTENT_ERROR_TEXT = 'Error retrieving content';

interface FooterContentModalProps {
  contentKey: string;
  fallbackTitle: string;
  opened: boolean;
  onClose: () => void;
}

/** Its own chunk: the footer mounts it only while open. */
export default function FooterContentModal({ contentKey, fallbackTitle, opened, onClose }: FooterContentModalProps) {
  const query = useCachedContent(contentKey, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={query.data?.title || fallbackTitle} size="lg">
      {query.isPending && (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading content" />
        </Center>
      )}
      {query.isError && (
        <Alert color="red" variant="light" role="alert">
          {CONTENT_ERROR_TEXT}
        </Alert>
      )}
      {query.data && <HtmlContent html={query.data.content} headingLevel={3} />}
    </Modal>
  );
}
