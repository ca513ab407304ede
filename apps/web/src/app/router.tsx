import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { ErrorPage } from './error-page';
import {
  checkSessionLoader,
  guestOnlyLoader,
  notFoundLoader,
  requireAdminLoader,
  requireAuthLoader,
  whenSignedIn,
} from './guards';
import { ADMIN_SECTIONS, AdminLayout } from './layouts/admin-layout';
import { DefaultLayout } from './layouts/default-layout';
import { GuestLayout } from './layouts/guest-layout';
import { SignedInOutlet } from './layouts/signed-in-outlet';
import { Root, RootFallback } from './root';

// Pages load on demand so the first page stays small (bench/web-bundle-size.ts).
const guestRoutes: RouteObject[] = [
  {
    path: 'log-in',
    lazy: () => import('../features/auth/pages/log-in-page').then((m) => ({ Component: m.LogInPage })),
  },
  {
    path: 'sign-up',
    lazy: () => import('../features/auth/pages/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
  },
  {
    path: 'forgot-password',
    lazy: () =>
      import('../features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: 'reset-password',
    lazy: () => import('../features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: 'account-verification',
    lazy: () =>
      import('../features/auth/pages/account-verification-page').then((m) => ({
        Component: m.AccountVerificationPage,
      })),
  },
];

const userRoutes: RouteObject[] = [
  { index: true, lazy: () => import('../features/home/pages/home-page').then((m) => ({ Component: m.HomePage })) },
  {
    path: 'user/profile',
    lazy: () => import('../features/profile/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    // CLOUD_CERTIFICATE_CALLBACK_PATH: where a PSC provider sends her back after she authorises.
    path: 'user/profile/cloud-certificate',
    lazy: () =>
      import('../features/profile/pages/cloud-certificate-callback-page').then((m) => ({
        Component: m.CloudCertificateCallbackPage,
      })),
  },
  {
    path: 'patients',
    lazy: () => import('../features/patients/pages/patients-page').then((m) => ({ Component: m.PatientsPage })),
  },
  {
    path: 'patients/new',
    lazy: () => import('../features/patients/pages/new-patient-page').then((m) => ({ Component: m.NewPatientPage })),
  },
  {
    path: 'patients/:id',
    lazy: () =>
      import('../features/patients/pages/patient-page').then((m) => ({
        loader: m.patientLoader,
        Component: m.PatientPage,
      })),
  },
  {
    path: 'patients/:id/access-log',
    lazy: () =>
      import('../features/patients/pages/patient-access-log-page').then((m) => ({
        loader: m.patientAccessLogLoader,
        Component: m.PatientAccessLogPage,
      })),
  },
  {
    path: 'templates',
    lazy: () => import('../features/templates/pages/templates-page').then((m) => ({ Component: m.TemplatesPage })),
  },
  {
    path: 'templates/new',
    lazy: () =>
      import('../features/templates/pages/template-edit-page').then((m) => ({ Component: m.TemplateEditPage })),
  },
  {
    path: 'templates/:templateId',
    lazy: () =>
      import('../features/templates/pages/template-edit-page').then((m) => ({ Component: m.TemplateEditPage })),
  },
  {
    path: ':id',
    lazy: () =>
      import('../features/consultations/pages/consultation-page').then((m) => ({
        loader: m.consultationLoader,
        Component: m.ConsultationPage,
      })),
  },
];

// Each admin page is its own chunk, exporting its `Component`.
const ADMIN_PAGES: Record<(typeof ADMIN_SECTIONS)[number]['path'], RouteObject['lazy']> = {
  users: () => import('../features/admin/users/users-page'),
  consultations: () => import('../features/admin/consultations/consultations-page'),
  'access-log': () => import('../features/admin/access-log/access-log-page'),
  prompts: () => import('../features/admin/prompts/prompts-page'),
  personas: () => import('../features/admin/personas/personas-page'),
  'anamnesis-templates': () => import('../features/admin/templates/templates-page'),
  analytics: () => import('../features/admin/analytics/analytics-page'),
  system: () => import('../features/admin/system/system-page'),
};

// The panel framed by another system (README "Inside another system"): it asks for a session itself, in a pop-up.
const embedRoutes: RouteObject[] = [
  {
    path: 'consultations/:id',
    lazy: () =>
      import('../features/embed/pages/embed-consultation-page').then((m) => ({
        loader: whenSignedIn(m.embedConsultationLoader),
        Component: m.EmbedConsultationPage,
      })),
  },
  {
    path: 'patients/:id/new-consultation',
    lazy: () =>
      import('../features/embed/pages/embed-new-consultation-page').then((m) => ({
        loader: whenSignedIn(m.embedPatientLoader),
        Component: m.EmbedNewConsultationPage,
      })),
  },
];

const adminRoutes: RouteObject[] = [
  { index: true, loader: () => redirect('/admin/users') },
  ...ADMIN_SECTIONS.map(({ path }) => ({ path, lazy: ADMIN_PAGES[path] })),
];

export const routes: RouteObject[] = [
  {
    Component: Root,
    ErrorBoundary: ErrorPage,
    HydrateFallback: RootFallback,
    // Spec §4: the refresh check runs when the app mounts and at the start of every page.
    loader: checkSessionLoader,
    shouldRevalidate: () => true,
    children: [
      { loader: guestOnlyLoader, Component: GuestLayout, children: guestRoutes },
      // An issued document's public address (its QR code): the same for a visitor and for a signed-in professional.
      {
        path: 'v/:publicId',
        lazy: () =>
          import('../features/verification/pages/verify-document-page').then((m) => ({
            Component: m.VerifyDocumentPage,
          })),
      },
      {
        path: 'embed/log-in',
        Component: GuestLayout,
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/embed/pages/embed-log-in-page').then((m) => ({ Component: m.EmbedLogInPage })),
          },
        ],
      },
      {
        path: 'embed',
        lazy: () => import('../features/embed/pages/embed-layout').then((m) => ({ Component: m.EmbedLayout })),
        children: embedRoutes,
      },
      {
        loader: requireAuthLoader,
        Component: SignedInOutlet,
        children: [
          { Component: DefaultLayout, children: userRoutes },
          { path: 'admin', loader: requireAdminLoader, Component: AdminLayout, children: adminRoutes },
        ],
      },
      { path: '*', loader: notFoundLoader },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
