import { useEffect, useEffectEvent, useImperativeHandle, useRef, type Ref } from 'react';
import type { CaptchaHandle } from './captcha-handle';

interface Grecaptcha {
  ready: (cb: () => void) => void;
  render: (
    el: HTMLElement,
    params: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; hl?: string },
  ) => number;
  reset: (widgetId?: number) => void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | null = null;

/** Loads Google's script only when the server chose reCAPTCHA. */
function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?render=explicit&hl=pt-BR';
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const g = window.grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('grecaptcha ausente'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA não carregou'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

interface RecaptchaWidgetProps {
  siteKey: string;
  onChange: (value: string | null) => void;
  ref?: Ref<CaptchaHandle>;
}

/** reCAPTCHA v2 checkbox. */
export function RecaptchaWidget({ siteKey, onChange, ref }: RecaptchaWidgetProps) {
  const box = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const emit = useEffectEvent((value: string | null) => onChange(value));

  useEffect(() => {
    let alive = true;
    loadRecaptcha()
      .then((g) => {
        if (!alive || !box.current || widgetId.current !== null) return;
        widgetId.current = g.render(box.current, {
          sitekey: siteKey,
          hl: 'pt-BR',
          callback: (token) => emit(token),
          'expired-callback': () => emit(null),
        });
      })
      .catch((e: unknown) => console.error(e));
    return () => {
      alive = false;
    };
  }, [siteKey]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      if (widgetId.current !== null) window.grecaptcha?.reset(widgetId.current);
    },
  }));

  return <div ref={box} />;
}
