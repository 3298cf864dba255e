/**
 * The address the dashboard was opened at, read when the app's code is first evaluated: before
 * supabase-js, on detecting a recovery link, clears the tokens from the hash.
 */
export const entryUrl: { pathname: string; hash: string } =
  typeof window === "undefined"
    ? { pathname: "", hash: "" }
    : { pathname: window.location.pathname, hash: window.location.hash }
