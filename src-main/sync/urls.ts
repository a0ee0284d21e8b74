/** `scheme://user:password@` in a URL: what precedes the host when credentials are given. */
const CREDENTIALS = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#]*@/gi;

/**
 * The text with the user name and password of every URL in it removed
 * (`https://alice:s3cret@host/api` reads `https://host/api`): what is printed, logged or shown
 * never carries them.
 */
export function withoutCredentials(text: string): string {
  return text.replace(CREDENTIALS, '$1');
}

/** The one spelling of a remote URL the sync keeps and compares: trimmed, without trailing slashes. */
export function normaliseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** Whether a URL carries a user name or password. */
export function hasCredentials(url: string): boolean {
  return URL.canParse(url) && (new URL(url).username !== '' || new URL(url).password !== '');
}
