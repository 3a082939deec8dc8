import { Alert } from '@mantine/core';

/** Router state the guard leaves when it sends an incomplete profile to the update form. */
export interface ProfileFirstState {
  /** The label of the page the member asked for. */
  profileFirst: string;
}

export const PROFILE_FIRST_TITLE = 'Complete your profile first';

/**
 * Shown above the profile form when the route guard has just sent a member there from another
 * page (spec §4: a missing or short cell number, or no e-mail): without it the menus seemed to
 * do nothing.
 */
export function ProfileFirstNotice({ page }: { page: string }) {
  return (
    <Alert color="blue" variant="light" title={PROFILE_FIRST_TITLE} role="status" mb="md" maw={880}>
      {`${page} opens once your profile has a cell number of at least 10 characters and an e-mail address. Please complete it below.`}
    </Alert>
  );
}
