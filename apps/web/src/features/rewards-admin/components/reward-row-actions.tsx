import { useRef } from 'react';
import { Button, FileButton, Group } from '@mantine/core';
import type { AdminReward } from '@ovation/shared/schemas/rewards-admin';
import { useLoadCodes, useUploadPicture } from '../../../api/rewards-admin.ts';
import { describeError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.ts';

/** A catalogue item's actions: edit it, upload its picture, load voucher codes from a CSV. */
export function RewardRowActions({ item, onEdit }: { item: AdminReward; onEdit: () => void }) {
  const codes = useLoadCodes();
  const picture = useUploadPicture();
  // Cleared after each choice, so the same file can be chosen again (after fixing it, say).
  const resetCodes = useRef<() => void>(null);
  const resetPicture = useRef<() => void>(null);
  const onCodes = async (file: File | null) => {
    if (!file) return;
    resetCodes.current?.();
    try {
      const result = await codes.mutateAsync({ rewardId: item.rewardId, csv: await file.text() });
      toast.success(`${result.added} codes loaded; ${result.codesInPool} in the pool`);
    } catch (error) {
      toast.error(describeError(error).body);
    }
  };
  const onPicture = async (file: File | null) => {
    if (!file) return;
    resetPicture.current?.();
    try {
      await picture.mutateAsync({ rewardId: item.rewardId, file });
      toast.success(`New picture for ${item.name}`);
    } catch (error) {
      toast.error(describeError(error).body);
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${item.name}`}>
        Edit
      </Button>
      <FileButton resetRef={resetPicture} onChange={(f) => void onPicture(f)} accept="image/jpeg,image/png,image/webp">
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="default"
            loading={picture.isPending}
            aria-label={`Picture for ${item.name}: upload`}
          >
            Picture
          </Button>
        )}
      </FileButton>
      {item.fulfilment === 'voucher' && (
        <FileButton resetRef={resetCodes} onChange={(f) => void onCodes(f)} accept=".csv,text/csv,text/plain">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              loading={codes.isPending}
              aria-label={`Codes CSV for ${item.name}: load voucher codes`}
            >
              Codes CSV
            </Button>
          )}
        </FileButton>
      )}
    </Group>
  );
}
