import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { z } from 'zod/mini';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import type { CaptchaHandle } from './captcha-handle';

let loading: Promise<void> | null = null;

/** Loads the widget (a web component) and its pt-BR texts once, on first use. */
function loadAltcha(): Promise<void> {
  loading ??= import('altcha').then(() => import('altcha/i18n/pt-br')).then(() => undefined);
  return loading;
}

const verifiedDetail = z.object({ payload: z.string().check(z.minLength(1)) });

interface AltchaWidgetProps {
  challengeUrl: string;
  onChange: (value: string | null) => void;
  ref?: Ref<CaptchaHandle>;
}

/** ALTCHA proof of work: 'verified' gives the payload, 'expired' clears it. */
export function AltchaWidget({ challengeUrl, onChange, ref }: AltchaWidgetProps) {
  const el = useRef<AltchaWidgetElement>(null);
  const emit = useEffectEvent((value: string | null) => onChange(value));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    loadAltcha().catch((e: unknown) => {
      console.error('ALTCHA não carregou', e);
      setFailed(true);
    });
  }, []);

  useEffect(() => {
    const widget = el.current;
    if (!widget) return;
    const onVerified = (e: Event) => {
      const detail = e instanceof CustomEvent ? verifiedDetail.safeParse(e.detail) : null;
      emit(detail?.success ? detail.data.payload : null);
    };
    const onExpired = () => emit(null);
    widget.addEventListener('verified', onVerified);
    widget.addEventListener('expired', onExpired);
    return () => {
      widget.removeEventListener('verified', onVerified);
      widget.removeEventListener('expired', onExpired);
    };
  }, []);

  useImperativeHandle(ref, () => ({
    reset: () => {
      const widget = el.current;
      if (widget && typeof widget.reset === 'function') widget.reset();
    },
  }));

  if (failed) return null;
  return <altcha-widget ref={el} challenge={challengeUrl} language="pt-br" name="g-recaptcha-response" />;
}
