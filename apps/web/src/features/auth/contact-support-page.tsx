import { useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useSession } from '../../api/session-context.tsx';
import { AuthCard } from './components/auth-card.tsx';
import { ContactSupportForm } from './components/contact-support-form.tsx';
import { SuccessPanel } from './components/success-panel.tsx';

/** /contactsupport: help for people who cannot sign in (anonymous, spec §2). */
export default function ContactSupportPage() {
  const [done, setDone] = useState<string | null>(null);
  // Signed in, the form starts from the session's name, e-mail and number: wait for it.
  const { isLoggedIn, isSessionLoading } = useSession();
  if (isSessionLoading) {
    return (
      <Center mih="40vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <AuthCard
      title="Contact support"
      description="Trouble signing in or registering? Tell us what happened and we will get back to you."
      withSupportLink={false}
      // Once sent, the panel's own button goes back (to sign in, or Home): no second link saying the same.
      withSignInLink={!done}
    >
      {done ? (
        <SuccessPanel
          title="Message sent"
          message={done}
          to={isLoggedIn ? '/' : '/hello'}
          action={isLoggedIn ? 'BACK TO HOME' : 'BACK TO SIGN IN'}
        />
      ) : (
        <ContactSupportForm onSent={setDone} />
      )}
    </AuthCard>
  );
}
