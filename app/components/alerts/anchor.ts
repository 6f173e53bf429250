/**
 * The id of the alerts section on the investors and press pages (the sign-up) and on the account page (the account's
 * alerts): links from the release pages and the sign-up's note for members point at it.
 */
export const ALERTS_ANCHOR = "alerts";
