import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import type { CheckoutRequest } from '@ovation/shared/schemas/rewards';
import { fieldError } from '../../../components/form-feedback.tsx';

interface AddressFieldsProps {
  register: UseFormRegister<CheckoutRequest>;
  errors: FieldErrors<CheckoutRequest>;
}

/** The delivery address, shown when a line needs delivery (prefilled with the last one used). */
export function AddressFields({ register, errors }: AddressFieldsProps) {
  const e = errors.address;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>Delivery address</legend>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Recipient"
          required
          autoComplete="name"
          {...register('address.recipient')}
          error={fieldError(e?.recipient?.message)}
        />
        <TextInput
          label="Phone for the courier"
          required
          autoComplete="tel"
          {...register('address.phone')}
          error={fieldError(e?.phone?.message)}
        />
        <TextInput
          label="Street address"
          required
          autoComplete="address-line1"
          {...register('address.line1')}
          error={fieldError(e?.line1?.message)}
        />
        <TextInput
          label="Suburb or complex (optional)"
          autoComplete="address-line2"
          {...register('address.line2')}
          error={fieldError(e?.line2?.message)}
        />
        <TextInput
          label="City"
          required
          autoComplete="address-level2"
          {...register('address.city')}
          error={fieldError(e?.city?.message)}
        />
        <TextInput
          label="Postal code"
          required
          autoComplete="postal-code"
          inputMode="numeric"
          {...register('address.postalCode')}
          error={fieldError(e?.postalCode?.message)}
        />
      </SimpleGrid>
    </fieldset>
  );
}
