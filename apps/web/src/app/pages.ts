import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageId } from '../config/navigation.ts';

/**
 * Every page is its own chunk (docs/web-contract.md): the sign-in page loads only the
 * shell and itself. Modules default-export their page component.
 */
export const PAGE_LOADERS: Record<PageId, () => Promise<{ default: ComponentType }>> = {
  home: () => import('../features/home/home-page.tsx'),
  hello: () => import('../features/auth/hello-page.tsx'),
  welcomeTrfAuth: () => import('../features/auth/welcome-trf-auth-page.tsx'),
  register: () => import('../features/auth/register-page.tsx'),
  resetPassword: () => import('../features/auth/reset-password-page.tsx'),
  unsubscribe: () => import('../features/auth/unsubscribe-page.tsx'),
  contactSupport: () => import('../features/auth/contact-support-page.tsx'),
  logout: () => import('../features/auth/logout-page.tsx'),
  content: () => import('../features/content/content-page.tsx'),
  faqs: () => import('../features/content/faqs-page.tsx'),
  programmeRules: () => import('../features/content/programme-rules-page.tsx'),
  contactUs: () => import('../features/content/contact-us-page.tsx'),
  myProfile: () => import('../features/profile/my-profile-page.tsx'),
  recognise: () => import('../features/recognise/recognise-page.tsx'),
  high5: () => import('../features/high5/high5-page.tsx'),
  payItForward: () => import('../features/payitforward/pay-it-forward-page.tsx'),
  myRecognition: () => import('../features/myrecognition/my-recognition-page.tsx'),
  statement: () => import('../features/statements/points-statement-page.tsx'),
  gamePlayStatement: () => import('../features/statements/game-play-statement-page.tsx'),
  managementStatement: () => import('../features/statements/management-statement-page.tsx'),
  getToKnow: () => import('../features/gettoknow/get-to-know-page.tsx'),
  celebrations: () => import('../features/celebrations/celebrations-page.tsx'),
  checkInCalendar: () => import('../features/checkin/checkin-calendar-page.tsx'),
  wellbeing: () => import('../features/wellbeing/wellbeing-page.tsx'),
  report: () => import('../features/reports/report-page.tsx'),
  reportDashboard: () => import('../features/reports/dashboard-page.tsx'),
  flipCapGame: () => import('../features/game/flip-cap-game-page.tsx'),
  newsBulletinAdmin: () => import('../features/admin/news-bulletin-admin-page.tsx'),
  rolesReport: () => import('../features/admin/roles-report-page.tsx'),
  dataUpload: () => import('../features/admin/data-upload-page.tsx'),
  uploadsReport: () => import('../features/admin/uploads-report-page.tsx'),
  redeemRewards: () => import('../features/rewards/redeem-rewards-page.tsx'),
  basket: () => import('../features/rewards/basket-page.tsx'),
  orders: () => import('../features/rewards/orders-page.tsx'),
  rewardsAdmin: () => import('../features/rewards-admin/rewards-admin-page.tsx'),
  rewardsFulfilment: () => import('../features/rewards-admin/fulfilment-page.tsx'),
  awards: () => import('../features/awards/awards-page.tsx'),
  awardApprovals: () => import('../features/awards/approvals-page.tsx'),
  milestones: () => import('../features/milestones/milestones-page.tsx'),
  serviceAwards: () => import('../features/awards-admin/service-awards-page.tsx'),
  awardProgrammes: () => import('../features/awards-admin/award-programmes-page.tsx'),
  integrations: () => import('../features/integrations/integrations-page.tsx'),
  systemCheck: () => import('../features/systemcheck/system-check-page.tsx'),
};

/** The same chunk the loader fetches: a preloaded page renders without waiting again. */
export const PAGES = Object.fromEntries(Object.entries(PAGE_LOADERS).map(([id, load]) => [id, lazy(load)])) as Record<
  PageId,
  LazyExoticComponent<ComponentType>
>;
