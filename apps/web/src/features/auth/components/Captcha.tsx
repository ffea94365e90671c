import Box from '@mui/material/Box';
import { lazy, Suspense, type Ref } from 'react';
import type { CaptchaConfig } from '@rastro/shared/schemas/config';
import { AltchaWidget } from './AltchaWidget';
import type { CaptchaHandle } from './captcha-handle';

// Only when the server chose reCAPTCHA (ALTCHA is the default): not in the login's JavaScript (bench/web budget).
const RecaptchaWidget = lazy(() => import('./RecaptchaWidget').then((m) => ({ default: m.RecaptchaWidget })));

interface CaptchaProps {
  config: CaptchaConfig;
  /** The payload to send as `g-recaptcha-response`, or null when there is none (new, expired, reset). */
  onChange: (value: string | null) => void;
  ref?: Ref<CaptchaHandle>;
  'aria-describedby'?: string;
}

/** The captcha the server chose (GET /api/config): ALTCHA by default, or reCAPTCHA v2. */
export function Captcha({ config, onChange, ref, ...aria }: CaptchaProps) {
  return (
    <Box {...aria} sx={{ minHeight: 70 }}>
      {config.provider === 'altcha' ? (
        <AltchaWidget challengeUrl={config.challengeUrl} onChange={onChange} ref={ref} />
      ) : (
        <Suspense>
          <RecaptchaWidget siteKey={config.siteKey} onChange={onChange} ref={ref} />
        </Suspense>
      )}
    </Box>
  );
}
