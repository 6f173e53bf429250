import { API } from "../../../shared/api";
import { bindEndpoints } from "./client";

/** Press releases: list, featured, homepage, one release; the admin's create, update, flags and delete. */
export const pressApi = bindEndpoints(API.press);
