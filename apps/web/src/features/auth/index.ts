/** The auth feature's surface: its pages (loaded on demand) and the start-up session check. */
export const authPages = {
  login: () => import('./pages/login-page.tsx'),
  signUp: () => import('./pages/sign-up-page.tsx'),
  forgotPassword: () => import('./pages/forgot-password-page.tsx'),
  confirm: () => import('./pages/confirm-page.tsx'),
};
export { checkSession } from './api/session-check.ts';
