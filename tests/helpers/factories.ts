/** The tests build records with the seed's factories, so test data and demo data are made the same way. */
export * from "../../server/db/seed/factories";
