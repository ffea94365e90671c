/** What a form can do with its captcha after a failed submission. */
export interface CaptchaHandle {
  reset: () => void;
}
