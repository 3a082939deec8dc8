import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuthCard } from './components/auth-card.tsx';
import { NewPasswordForm } from './components/new-password-form.tsx';
import { RequestResetForm } from './components/request-reset-form.tsx';
import { SignedInGate } from './components/signed-in-gate.tsx';
import { SuccessAlert, SuccessPanel } from './components/success-panel.tsx';
import { useResetPassword } from '../../api/auth.ts';

/**
 * /resetpassword: without a token it asks for a reset link; with ?token=… (the link in the
 * e-mail) it sets a new password.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState<string | null>(null);
  const reset = useResetPassword();

  if (token) {
    return (
      <AuthCard title="Choose a new password" description="Pick a password you do not use anywhere else.">
        {done ? (
          <SuccessPanel title="Password changed" message={done} to="/hello" action="SIGN IN" />
        ) : (
          <NewPasswordForm submit={(password) => reset.mutateAsync({ token, password })} onChanged={setDone} />
        )}
      </AuthCard>
    );
  }

  // A link from a reset e-mail still works signed in; asking for one is for signed-out members.
  return (
    <SignedInGate title="Forgot your password?">
      <AuthCard
        title="Forgot your password?"
        description="Enter your e-mail address and we will send you a link to choose a new password."
      >
        {done ? <SuccessAlert title="Check your e-mail">{done}</SuccessAlert> : <RequestResetForm onSent={setDone} />}
      </AuthCard>
    </SignedInGate>
  );
}
