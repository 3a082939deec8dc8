import { useState } from 'react';
import { AuthCard } from './components/auth-card.tsx';
import { ContactSupportForm } from './components/contact-support-form.tsx';
import { SuccessPanel } from './components/success-panel.tsx';

/** /contactsupport: help for people who cannot sign in (anonymous, spec §2). */
export default function ContactSupportPage() {
  const [done, setDone] = useState<string | null>(null);
  return (
    <AuthCard
      title="Contact support"
      description="Trouble signing in or registering? Tell us what happened and we will get back to you."
      withSupportLink={false}
      // Once sent, the panel's own button goes back to sign in: no second link saying the same.
      withSignInLink={!done}
    >
      {done ? (
        <SuccessPanel title="Message sent" message={done} to="/hello" action="BACK TO SIGN IN" />
      ) : (
        <ContactSupportForm onSent={setDone} />
      )}
    </AuthCard>
  );
}
