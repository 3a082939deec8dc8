import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageId } from '../config/navigation.ts';

/**
 * Every page is its own chunk (docs/web-contract.md): the sign-in page loads only the
 * shell and itself. Modules default-export their page component.
 */
export const PAGES: Record<PageId, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../features/home/home-page.tsx')),
  hello: lazy(() => import('../features/auth/hello-page.tsx')),
  welcomeTrfAuth: lazy(() => import('../features/auth/welcome-trf-auth-page.tsx')),
  register: lazy(() => import('../features/auth/register-page.tsx')),
  resetPassword: lazy(() => import('../features/auth/reset-password-page.tsx')),
  unsubscribe: lazy(() => import('../features/auth/unsubscribe-page.tsx')),
  contactSupport: lazy(() => import('../features/auth/contact-support-page.tsx')),
  logout: lazy(() => import('../features/auth/logout-page.tsx')),
  content: lazy(() => import('../features/content/content-page.tsx')),
  faqs: lazy(() => import('../features/content/faqs-page.tsx')),
  programmeRules: lazy(() => import('../features/content/programme-rules-page.tsx')),
  contactUs: lazy(() => import('../features/content/contact-us-page.tsx')),
  myProfile: lazy(() => import('../features/profile/my-profile-page.tsx')),
  recognise: lazy(() => import('../features/recognise/recognise-page.tsx')),
  high5: lazy(() => import('../features/high5/high5-page.tsx')),
  payItForward: lazy(() => import('../features/payitforward/pay-it-forward-page.tsx')),
  myRecognition: lazy(() => import('../features/myrecognition/my-recognition-page.tsx')),
  statement: lazy(() => import('../features/statements/points-statement-page.tsx')),
  gamePlayStatement: lazy(() => import('../features/statements/game-play-statement-page.tsx')),
  managementStatement: lazy(() => import('../features/statements/management-statement-page.tsx')),
  getToKnow: lazy(() => import('../features/gettoknow/get-to-know-page.tsx')),
  celebrations: lazy(() => import('../features/celebrations/celebrations-page.tsx')),
  checkInCalendar: lazy(() => import('../features/checkin/checkin-calendar-page.tsx')),
  wellbeing: lazy(() => import('../features/wellbeing/wellbeing-page.tsx')),
  report: lazy(() => import('../features/reports/report-page.tsx')),
  reportDashboard: lazy(() => import('../features/reports/dashboard-page.tsx')),
  flipCapGame: lazy(() => import('../features/game/flip-cap-game-page.tsx')),
  newsBulletinAdmin: lazy(() => import('../features/admin/news-bulletin-admin-page.tsx')),
  rolesReport: lazy(() => import('../features/admin/roles-report-page.tsx')),
  dataUpload: lazy(() => import('../features/admin/data-upload-page.tsx')),
  uploadsReport: lazy(() => import('../features/admin/uploads-report-page.tsx')),
  redeemRewards: lazy(() => import('../features/rewards/redeem-rewards-page.tsx')),
  basket: lazy(() => import('../features/rewards/basket-page.tsx')),
  orders: lazy(() => import('../features/rewards/orders-page.tsx')),
  rewardsAdmin: lazy(() => import('../features/rewards-admin/rewards-admin-page.tsx')),
  rewardsFulfilment: lazy(() => import('../features/rewards-admin/fulfilment-page.tsx')),
  systemCheck: lazy(() => import('../features/systemcheck/system-check-page.tsx')),
};
