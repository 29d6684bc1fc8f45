const SECRET_PARAMS = /([?&](?:token|refreshToken|resetToken|groupToken|password|_storyblok_tk\[token\])=)[^&#]*/gi;

/** A URL with every credential-bearing query value replaced, safe for logs. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
