import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useActivateRegistration } from '../../api/auth.ts';
import { AuthCard } from './components/auth-card.tsx';
import { NewPasswordForm } from './components/new-password-form.tsx';
import { RegisterForm } from './components/register-form.tsx';
import { SignedInGate } from './components/signed-in-gate.tsx';
import { SuccessAlert, SuccessPanel } from './components/success-panel.tsx';

/**
 * /register: a member of the member database asks for an activation link (spec §2); with
 * ?token=… (the link in the e-mail) they choose their password, then sign in as after a reset.
 */
export default function RegisterPage() {
  return (
    <SignedInGate title="Register">
      <Register />
    </SignedInGate>
  );
}

function Register() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState<string | null>(null);
  const activate = useActivateRegistration();

  if (token) {
    return (
      <AuthCard title="Activate your account" description="Choose a password you do not use anywhere else.">
        {done ? (
          <SuccessPanel title="You are registered" message={done} to="/hello" action="SIGN IN" />
        ) : (
          <NewPasswordForm
            purpose="activate"
            submit={(password) => activate.mutateAsync({ token, password })}
            onChanged={setDone}
          />
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Register"
      description="Use your employee number and the work e-mail address the firm holds for you. We will e-mail you a link to choose your password."
    >
      {done ? <SuccessAlert title="Check your e-mail">{done}</SuccessAlert> : <RegisterForm onRequested={setDone} />}
    </AuthCard>
  );
}
