import { API } from "../../../shared/api";
import { bindEndpoints } from "./client";

/** The press form's 'extract content from a URL'. */
export const extractApi = bindEndpoints(API.extract);
