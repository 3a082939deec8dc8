import { useState } from 'react';
import { Alert, Button, Center, Grid, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';
import { Link, Navigate, useParams } from 'react-router';
import { isProfileIncomplete } from '@ovation/shared/profile-rules';
import type { LoadSessionResponse } from '@ovation/shared/schemas/session';
import { PROFILE_UPDATE_PATH } from '../../config/navigation.ts';
import { profileImageUrl, useSession } from '../../api/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { ChangePasswordSection } from './components/change-password-form.tsx';
import { PictureUpload } from './components/picture-upload.tsx';
import { SecondFactorSection } from './components/second-factor-section.tsx';
import { PreferencesSection } from './components/preferences-form.tsx';
import { ProfileForm } from './components/profile-form.tsx';
import { ProfileSummary } from './components/profile-summary.tsx';

const UPDATE_REASON =
  'Please complete your profile: we need a cell number of at least 10 characters and an e-mail address before you continue.';

/** /myprofile/:urlParam? — 'update' is where the app sends members whose profile is incomplete (spec §4). */
export default function MyProfilePage() {
  const { urlParam } = useParams();
  const isUpdate = urlParam === 'update';
  const session = useSession();
  const [saved, setSaved] = useState(false);
  const { profile } = session;

  if (!profile) {
    return (
      <Center mih="40vh">
        <Loader aria-label="Loading your profile" />
      </Center>
    );
  }

  const complete = !isProfileIncomplete(profile);
  // An incomplete profile is always completed on its update page (spec §4), whatever the link.
  if (!complete && !isUpdate) return <Navigate to={PROFILE_UPDATE_PATH} replace />;

  const handleSaved = (response: LoadSessionResponse) => {
    session.setSession(response);
    setSaved(true);
    toast.success('Your profile has been saved.');
  };

  const handlePicture = async () => {
    await session.reload();
    toast.success('Your picture has been updated.');
  };

  return (
    <>
      <PageTitle title="My Profile" />
      <Stack gap="lg">
        {isUpdate && !complete && (
          <Alert
            color="orange"
            variant="light"
            title="Your profile is incomplete"
            styles={{ title: { color: '#7a2e00' } }}
          >
            {UPDATE_REASON}
          </Alert>
        )}
        {isUpdate && saved && complete && (
          <Alert color="teal" variant="light" title="Thank you, your profile is complete" role="status">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">You can now use everything the portal offers.</Text>
              {/* Focus moves here once saved: on a phone the form's button is far below. */}
              <Button component={Link} to="/" replace ref={(el: HTMLAnchorElement | null) => void el?.focus()}>
                Continue
              </Button>
            </Stack>
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="lg" p="lg" h="100%">
              <ProfileSummary
                profile={profile}
                pictureUrl={profileImageUrl(session.profilePicId, session.profilePicSfx)}
                pictureAction={<PictureUpload onUploaded={handlePicture} />}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} h="100%">
              <Stack gap="xs" mb="lg">
                <Title order={2} size="h3">
                  My details
                </Title>
                <Text size="sm" c="dimmed">
                  Colleagues see your theme song and the skill you would love to master on your get-to-know card.
                </Text>
              </Stack>
              <ProfileForm profile={profile} onSaved={handleSaved} />
            </Paper>
          </Grid.Col>
        </Grid>
        {complete && (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <PreferencesSection />
          </Paper>
        )}
        {complete && (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <ChangePasswordSection />
          </Paper>
        )}
        {/* Offered to administrators and report roles; the menu flag spares plain members the request. */}
        {complete && session.capabilities.managementMenu && <SecondFactorSection />}
      </Stack>
    </>
  );
}
