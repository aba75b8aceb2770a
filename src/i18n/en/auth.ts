/** The auth area's messages (ICU MessageFormat, src/domain/i18n.ts). */
export default {
  // The auth pages (src/routes/pages/auth.tsx)
  "auth.title.login": "{role, select, patient {Patient login} doctor {Doctor login} other {Admin login}}",
  "auth.title.signup": "{role, select, patient {Patient signup} other {Doctor signup}}",
  "auth.forgot": "Forgot password?",
  // The AuthForm island (what it writes itself; the API's messages are SPEC §8's words). The
  // server uses the status lines too, for the no-script login and Refresh Status.
  "AuthForm.heading.login": "{role, select, patient {Patient login} doctor {Doctor login} other {Admin login}}",
  "AuthForm.heading.signup": "{role, select, patient {Patient signup} other {Doctor signup}}",
  "AuthForm.name": "Name",
  "AuthForm.email": "Email",
  "AuthForm.password": "Password",
  "AuthForm.specialization": "Specialization",
  "AuthForm.chooseSpecialization": "Choose a specialization",
  "AuthForm.collegeName": "College name",
  "AuthForm.consent": "I have read the notice below and agree",
  "AuthForm.login": "Login",
  "AuthForm.signup": "Sign up",
  "AuthForm.required": "{field} is required.",
  "AuthForm.passwordMin": "Password must be at least {min} characters.",
  "AuthForm.loginFailed": "Login failed. Please try again.",
  "AuthForm.signupFailed": "Registration failed. Please try again.",
  "AuthForm.waitingTitle": "Awaiting approval",
  "AuthForm.waitingText": "Your doctor account is pending approval by the admin. You can check again at any time.",
  "AuthForm.refresh": "Refresh status",
  "AuthForm.logout": "Logout",
  "AuthForm.stillPending": "Your account is still awaiting approval.",
  "AuthForm.otherPages": "Other pages",
  "AuthForm.home": "Back to home",
  "AuthForm.newHere": "{role, select, patient {New here? Sign up as a patient} other {New here? Sign up as a doctor}}",
  "AuthForm.registered": "Already registered? Log in",
  "AuthForm.loginInstead": "{role, select, patient {Log in as a patient instead} other {Log in as a doctor instead}}",
  "AuthForm.signupInstead": "{role, select, patient {Sign up as a patient instead} other {Sign up as a doctor instead}}",
  // A login's second step when two-factor sign-in is on (issue 44)
  "AuthForm.codeHeading": "Two-factor sign-in",
  "AuthForm.codeIntro": "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  "AuthForm.code": "Code",
} satisfies Record<string, string>;
