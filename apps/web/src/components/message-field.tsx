import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Text, Textarea, VisuallyHidden } from '@mantine/core';
import { MESSAGE_MAX_LENGTH } from '@ovation/shared/schemas/recognition';

type MessageFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'size'> & {
  label: string;
  /** Characters typed so far (the form watches the field). */
  length: number;
  error?: ReactNode;
  description?: ReactNode;
  maxLength?: number;
};

/**
 * The message of a recognition, High Five or Pay It Forward, with a character counter. The
 * limit is in the description; the counter is visual, and only near the limit does a screen
 * reader hear how many characters are left (announcing every keystroke would be noise).
 */
export function MessageField(props: MessageFieldProps) {
  const { label, length, error, description, maxLength = MESSAGE_MAX_LENGTH, ...rest } = props;
  const near = length > maxLength * 0.9;
  return (
    <div>
      <Textarea
        label={label}
        description={
          <>
            {description} Up to {maxLength} characters.
          </>
        }
        required
        autosize
        minRows={4}
        maxRows={12}
        maxLength={maxLength}
        error={error}
        {...rest}
      />
      <Text size="xs" c={near ? 'red.9' : 'dimmed'} ta="right" mt={4} aria-hidden="true">
        {length} / {maxLength}
      </Text>
      <VisuallyHidden aria-live="polite">{near ? `${maxLength - length} characters left` : ''}</VisuallyHidden>
    </div>
  );
}
