import { pressEndpoints } from "../../../shared/api/press";
import { bindEndpoints } from "./client";

/** Press releases: list, featured, homepage, one release; the admin's create, update, flags and delete. */
export const pressApi = bindEndpoints(pressEndpoints);
