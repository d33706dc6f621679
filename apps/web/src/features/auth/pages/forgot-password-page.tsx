import { useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ForgotEmailStep, ForgotCodeStep, ForgotPasswordStep } from '../components/forgot-steps.tsx';
import { paths } from '../../../lib/paths.ts';

type Step =
  { kind: 'email' } | { kind: 'code'; email: string } | { kind: 'password'; email: string; resetToken: string };

/** Email → 6-digit code → new password → back to login (product.md §5 "Email"). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'email' });

  const subtitle =
    step.kind === 'email'
      ? t('forgot.emailStep')
      : step.kind === 'code'
        ? t('forgot.codeStep', { email: step.email })
        : t('forgot.passwordStep');

  return (
    <AuthLayout title={t('forgot.title')} subtitle={subtitle}>
      {step.kind === 'email' && <ForgotEmailStep onSent={(email) => setStep({ kind: 'code', email })} />}
      {step.kind === 'code' && (
        <ForgotCodeStep
          email={step.email}
          onVerified={(resetToken) => setStep({ kind: 'password', email: step.email, resetToken })}
          onRestart={() => setStep({ kind: 'email' })}
        />
      )}
      {step.kind === 'password' && (
        <ForgotPasswordStep resetToken={step.resetToken} onExpired={() => setStep({ kind: 'email' })} />
      )}
      <Text ta="center" size="sm">
        <Anchor component={Link} to={paths.auth()}>
          {t('forgot.backToLogin')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
