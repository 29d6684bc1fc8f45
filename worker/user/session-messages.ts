/** Session texts: the spec's English wording (spec 000 §4, §8) as `messageKey`; the app shows them in Dutch. */
export const SESSION_TEXT = {
  loggedOut: "You're logged out",
  sessionExpired: 'Due to inactivity your session has expired. Please log in again to use your account.',
  logIn: 'Log in',
  profileUpdated: 'Account data has successfully been updated',
  /** Followed by the server message ({message}). */
  profileUpdateFailed: 'We could not update your account',
  passwordChanged: 'Password has successfully been changed',
  /** Spec 000 §8: changing the password (and asking for a reset link) offline. */
  passwordOffline: 'Reset password feature does not work while offline!',
  /** Spec 001 §8: setting a new password from the reset link offline. */
  passwordResetOffline: 'Password reset does not work offline.',
  /** Spec 001 §8, when the server gave no message of its own. */
  submissionFailed: 'An error occurred during the submission process.',
  /** The spec does not give the login-failure wording (spec 000 §8); the server's message is preferred. */
  loginFailed: 'You did not sign in correctly or your account is temporarily disabled.',
  offline: 'You are offline. Please try again when you are online.',
  notLoggedIn: 'You need to be logged in to see this page',
} as const;
