/** The confidentiality notice's card in Settings: `/admin/settings#confidentiality-notice` scrolls to it. */
export const NOTICE_CARD_ID = "confidentiality-notice";
