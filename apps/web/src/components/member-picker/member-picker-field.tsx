import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MemberPicker } from './member-picker.tsx';

interface MemberPickerFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  error?: ReactNode;
  label?: string;
  description?: string;
  /** Offer only colleagues in this country. */
  country?: string;
}

/** One colleague, as a react-hook-form field (High Five, Pay It Forward). */
export function MemberPickerField<T extends FieldValues>({
  control,
  name,
  error,
  label = 'Colleague',
  description = 'Search by name or division.',
  country,
}: MemberPickerFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MemberPicker
          label={label}
          description={description}
          value={field.value ?? null}
          // null, not undefined: react-hook-form reads an undefined value as the default again, so a
          // colleague named by a link who cannot be chosen would come back as a nameless pill.
          onChange={(id) => field.onChange(id ?? null)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
          country={country}
        />
      )}
    />
  );
}
