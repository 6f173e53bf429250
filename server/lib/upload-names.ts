/**
 * What a profile photo's file names start with. A photo can be removed, so it is served for a short time and only to
 * the browser (server/http/uploads.ts); everything else the uploads service stores is published and served as
 * immutable.
 */
export const AVATAR_PREFIX = "avatar-";
