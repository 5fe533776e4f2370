/** Texts of sign-in and sign-up. */
export const authStrings = {
  signIn: 'התחברות',
} as const;
