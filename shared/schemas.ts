/**
 * The one set of validation rules and messages, used by the browser forms and by the server. Pure: no server
 * imports. One file per area under ./schemas/: the shared fields and messages, contact, accounts (sign-in, the
 * account page, second factors and passkeys), content (companies, releases, schedules), documents (uploads,
 * extraction, the data room, search) and the dashboard's settings, users and applications.
 */
export * from "./schemas/fields";
export * from "./schemas/contact";
export * from "./schemas/accounts";
export * from "./schemas/content";
export * from "./schemas/documents";
export * from "./schemas/admin";
