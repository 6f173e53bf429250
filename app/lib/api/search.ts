import { API } from "../../../shared/api";
import { bindEndpoints } from "./client";

/** The site search: press releases, portfolio companies and the documents the caller may read. */
export const searchApi = bindEndpoints(API.search);
