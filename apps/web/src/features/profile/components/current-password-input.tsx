import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldError } from '../../../components/form-feedback.tsx';

/** The current password, asked before any change to the account's security. */
export function CurrentPasswordInput({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <PasswordInput
      label="Current password"
      autoComplete="current-password"
      required
      error={fieldError(error)}
      {...registration}
    />
  );
}
