import { Button, Group, Modal, Text } from '@mantine/core';
import { DEFAULT_MESSAGE_TITLE, htmlAfterMarker, type OpenMessageBox } from '../lib/message-box.tsx';
import { HtmlContent } from './html-content.tsx';

function MessageBody({ msg }: { msg: string }) {
  const html = htmlAfterMarker(msg);
  if (html !== null) return <HtmlContent html={html} headingLevel={3} />;
  return (
    <Text component="div" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {msg}
    </Text>
  );
}

interface MessageBoxModalsProps {
  boxes: readonly OpenMessageBox[];
  onClose: (id: number, ok: boolean) => void;
}

/** The stacked message boxes of spec §2: title, body (max 50vh, scrolls), OK and Cancel. */
export default function MessageBoxModals({ boxes, onClose }: MessageBoxModalsProps) {
  return boxes.map((box, index) => {
    const top = index === boxes.length - 1;
    return (
      <Modal
        key={box.id}
        opened
        // Without a Cancel button any dismissal means "OK, understood".
        onClose={() => onClose(box.id, !box.isShowCancel)}
        title={box.title || DEFAULT_MESSAGE_TITLE}
        zIndex={box.zIndex}
        centered
        trapFocus={top}
        closeOnEscape={top}
        data-testid="message-box"
      >
        <div style={{ maxHeight: '50vh', overflowY: 'auto' }}>
          <MessageBody msg={box.msg} />
        </div>
        <Group justify="flex-end" mt="lg">
          {/* A question starts on its safe answer (Cancel, "Keep it"): Enter never confirms unread. */}
          {box.isShowCancel && (
            <Button variant="default" onClick={() => onClose(box.id, false)} data-autofocus>
              {box.cancelText || 'Cancel'}
            </Button>
          )}
          <Button onClick={() => onClose(box.id, true)} data-autofocus={box.isShowCancel ? undefined : true}>
            {box.okText || 'Ok'}
          </Button>
        </Group>
      </Modal>
    );
  });
}
