import { useState } from 'react';
import { Button, FileButton, Stack, Text } from '@mantine/core';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '@ovation/shared/constants';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { useUploadPicture } from '../../../api/profile.ts';

const ACCEPT = PROFILE_PICTURE_TYPES.join(',');

/** Checked here too so nobody waits for a 5 MB upload the server will refuse anyway. */
function checkFile(file: File): string | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP picture';
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return 'The picture must be at most 5 MB';
  return null;
}

interface PictureUploadProps {
  /** Called after the server stored the picture, so the session can pick up the new id. */
  onUploaded: () => Promise<void> | void;
}

export function PictureUpload({ onUploaded }: PictureUploadProps) {
  const upload = useUploadPicture();
  const [error, setError] = useState<string | null>(null);

  const handleFile = async (file: File | null) => {
    if (!file) return;
    const problem = checkFile(file);
    setError(problem);
    if (problem) return;
    try {
      await upload.mutateAsync(file);
      await onUploaded();
    } catch (err) {
      const { text, fields } = readServerErrors(err, ['picture'] as const);
      setError(fields.picture ?? text);
    }
  };

  return (
    <Stack gap={6} align="center">
      <FileButton onChange={(file) => void handleFile(file)} accept={ACCEPT}>
        {(props) => (
          <Button {...props} variant="light" size="sm" loading={upload.isPending} aria-describedby="picture-hint">
            Change picture
          </Button>
        )}
      </FileButton>
      <Text id="picture-hint" size="xs" c="dimmed" ta="center">
        JPEG, PNG or WebP, up to 5 MB
      </Text>
      {error && (
        <Text size="sm" c="red" ta="center" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
