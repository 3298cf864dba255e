/**
 * supabase-js's default storage key for this project, made explicit so it is ours to read. A file
 * of its own: the client module (loaded lazily) and the module that loads it both need it.
 */
export function authStorageKey(supabaseUrl: string) {
  return `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`
}
