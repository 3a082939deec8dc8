import { useState } from 'react';
import { AuthCard } from './components/auth-card.tsx';
import { RegisterForm } from './components/register-form.tsx';
import { SuccessPanel } from './components/success-panel.tsx';

/** /register: a member of the member database claims their account (spec §2). */
export default function RegisterPage() {
  const [done, setDone] = useState<string | null>(null);
  return (
    <AuthCard
      title="Register"
      description="Use your employee number and the work e-mail address the firm holds for you."
    >
      {done ? (
        <SuccessPanel title="You are registered" message={done} to="/hello" action="SIGN IN" />
      ) : (
        <RegisterForm onRegistered={setDone} />
      )}
    </AuthCard>
  );
}
